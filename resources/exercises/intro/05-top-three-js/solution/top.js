const input = require("fs").readFileSync(0, "utf8");
const numbers = input.trim().split(/\s+/).map(Number);
numbers.sort((a, b) => b - a);
console.log(numbers.slice(0, 3).join(" "));
