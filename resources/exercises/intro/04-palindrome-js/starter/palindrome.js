const input = require("fs").readFileSync(0, "utf8");
const word = input.trim();
// TODO: print "yes" or "no".
