const input = require("fs").readFileSync(0, "utf8");
const word = input.trim();
console.log(word === [...word].reverse().join("") ? "yes" : "no"); // "Level" is not "leveL"
