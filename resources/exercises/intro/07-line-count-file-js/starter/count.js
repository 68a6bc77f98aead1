const fs = require("fs");
const poem = fs.readFileSync("poem.txt", "utf8");
// TODO: count the lines and the words, then write output/counts.txt.
