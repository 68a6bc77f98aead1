# Turns the help one command prints (`sandpit run --help`) into man(7) text for help2man's
# --include file: the usage line, the description, and each "  term   text" row of a list
# (Options:, Arguments:) as a tagged paragraph. A row's wrapped lines are joined.
# Input is plain text; anything roff would read as markup is escaped.
function escape(text) {
    gsub(/\\/, "\\e", text)
    if (text ~ /^[.']/)
        text = "\\&" text
    return text
}
function flush() {
    if (term != "") {
        print ".TP"
        t = escape(term)
        gsub(/-/, "\\-", t)
        print "\\fB" t "\\fR"
        print escape(body)
    }
    term = ""
    body = ""
}
/^Usage: / {
    flush()
    usage = substr($0, 8)
    print ".PP"
    print "\\fBUsage:\\fR " escape(usage)
    next
}
/^[^ ].*:$/ {
    flush()
    print ".PP"
    print "\\fB" escape($0) "\\fR"
    next
}
/^  [^ ]/ {
    flush()
    line = substr($0, 3)
    split_at = match(line, /  +/)
    if (split_at) {
        term = substr(line, 1, split_at - 1)
        body = substr(line, split_at + RLENGTH)
    } else {
        term = line
    }
    next
}
/^   +[^ ]/ {
    text = $0
    sub(/^ +/, "", text)
    if (term != "")
        body = body (body == "" ? "" : " ") text
    else
        print escape(text)
    next
}
/^$/ {
    flush()
    next
}
{
    flush()
    print ".PP"
    print escape($0)
}
END { flush() }
