const input = require("fs").readFileSync(0, "utf8");
const n = Number(input.trim());
console.log(n % 2 === 0 ? "even" : "odd");
