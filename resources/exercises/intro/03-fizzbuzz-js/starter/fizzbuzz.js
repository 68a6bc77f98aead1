const input = require("fs").readFileSync(0, "utf8");
const n = Number(input.trim());
for (let i = 1; i <= n; i++) {
    // TODO: print i, Fizz, Buzz or FizzBuzz.
}
