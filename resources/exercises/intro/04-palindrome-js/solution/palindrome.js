const input = require("fs").readFileSync(0, "utf8");
const word = input.trim().toLowerCase();
const backwards = [...word].reverse().join("");
console.log(word === backwards ? "yes" : "no");
