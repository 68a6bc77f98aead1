const input = require("fs").readFileSync(0, "utf8");
const n = Number(input.trim());
// TODO: print "even" or "odd".
