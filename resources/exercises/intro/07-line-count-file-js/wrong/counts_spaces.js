const fs = require("fs");
const poem = fs.readFileSync("poem.txt", "utf8");
const lines = poem.split("\n");
if (lines[lines.length - 1] === "") lines.pop();
const words = poem.split(" ").length; // counts the pieces between single spaces
fs.writeFileSync("output/counts.txt", `lines: ${lines.length}\nwords: ${words}\n`);
