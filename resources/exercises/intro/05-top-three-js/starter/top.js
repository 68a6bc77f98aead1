const input = require("fs").readFileSync(0, "utf8");
const numbers = input.trim().split(/\s+/).map(Number);
// TODO: sort them from the largest down and print the first three.
