const fs = require("fs");
const poem = fs.readFileSync("poem.txt", "utf8");
const lines = poem.split("\n");
if (lines[lines.length - 1] === "") lines.pop(); // the newline at the very end starts no line
const words = poem.split(/\s+/).filter((word) => word !== "").length;
fs.writeFileSync("output/counts.txt", `lines: ${lines.length}\nwords: ${words}\n`);
