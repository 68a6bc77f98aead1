const input = require("fs").readFileSync(0, "utf8");
const numbers = input.trim().split(/\s+/).map(Number);
numbers.sort().reverse(); // "9" > "10" as text
console.log(numbers.slice(0, 3).join(" "));
