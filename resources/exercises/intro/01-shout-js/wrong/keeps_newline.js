const input = require("fs").readFileSync(0, "utf8");
console.log(input.toUpperCase() + "!"); // the "!" lands on a line of its own
