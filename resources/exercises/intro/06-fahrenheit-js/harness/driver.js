// The exercise's test program: reads one temperature a line and prints what the learner's
// toFahrenheit (convert.js, beside it) returns for each.
const { toFahrenheit } = require("./convert.js");
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((line) => line.trim() !== "");
for (const line of lines)
    console.log(toFahrenheit(Number(line)));
