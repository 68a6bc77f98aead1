const input = require("fs").readFileSync(0, "utf8");
const line = input.replace(/\r?\n$/, "");
console.log(line.toUpperCase() + "!");
