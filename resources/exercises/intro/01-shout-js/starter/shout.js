const input = require("fs").readFileSync(0, "utf8");
// TODO: take the newline off the end, make it upper case, add "!" and print it.
