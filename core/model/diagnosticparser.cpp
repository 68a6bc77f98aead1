#include "model/diagnosticparser.h"

#include <QRegularExpression>

#include <algorithm>

namespace Sandpit::Core {

namespace {

using Severity = Diagnostic::Severity;
using Lines = QStringList;

// The 1-based column of the first marker character (^ or ~) in a line printed under a copy of
// the source line, or 0. `printedIndent` is how far the tool indented its copy, and
// `sourceIndent` how far the learner's line really was indented (Python strips it).
int markerColumn(const QString &marker, int printedIndent = 0, int sourceIndent = 0)
{
    const QString trimmed = marker.trimmed();
    if (trimmed.isEmpty() || trimmed.contains(QRegularExpression(QStringLiteral("[^\\^~]"))))
        return 0;
    const int at = int(marker.indexOf(QRegularExpression(QStringLiteral("[\\^~]"))));
    return at - printedIndent < 0 ? 0 : at - printedIndent + sourceIndent + 1;
}

int indentOf(const QString &line)
{
    int n = 0;
    while (n < line.size() && (line[n] == QLatin1Char(' ') || line[n] == QLatin1Char('\t')))
        ++n;
    return n;
}

Severity severityFrom(QStringView word)
{
    if (word == QLatin1String("warning"))
        return Severity::Warning;
    if (word == QLatin1String("note") || word == QLatin1String("help"))
        return Severity::Note;
    return Severity::Error;
}

// Each tool's ways of naming a place, shared by the reading of a whole stderr and the look at
// one line of output. Every pattern names its groups: `place` is the text that names the place
// (what the output pane underlines), `file`, `line` and, where the tool gives one, `column`.
struct Patterns {
    // GCC, Clang and UBSan.
    QRegularExpression gcc{QStringLiteral("^(?<place>(?<file>.+?):(?<line>\\d+)(?::(?<column>\\d+))?): "
                                          "(?<kind>fatal error|error|warning|note|runtime error): (?<message>.*)$")};
    QRegularExpression pythonFrame{
        QStringLiteral("^  (?<place>File \"(?<file>.+)\", line (?<line>\\d+))(?:, in (?<function>.+))?$")};
    QRegularExpression nodeHeader{QStringLiteral("^(?<place>(?<file>.+\\.[cm]?js):(?<line>\\d+))$")};
    QRegularExpression nodeFrame{
        QStringLiteral("^\\s+at (?:.*\\()?(?<place>(?<file>.+?):(?<line>\\d+):(?<column>\\d+))\\)?$")};
    QRegularExpression javac{
        QStringLiteral("^(?<place>(?<file>.+\\.java):(?<line>\\d+)): (?<kind>error|warning): (?<message>.*)$")};
    QRegularExpression javaFrame{QStringLiteral("^\\s+at .+\\((?<place>(?<file>.+\\.java):(?<line>\\d+))\\)$")};
    QRegularExpression rustArrow{QStringLiteral("^\\s*--> (?<place>(?<file>.+):(?<line>\\d+):(?<column>\\d+))$")};
    // 1.63: thread 'main' panicked at 'message', main.rs:4:20   later: ... panicked at main.rs:4:20:\nmessage
    QRegularExpression rustPanicOld{QStringLiteral(
        "^thread '.*' panicked at '(?<message>.*)', (?<place>(?<file>.+):(?<line>\\d+):(?<column>\\d+))$")};
    QRegularExpression rustPanicNew{
        QStringLiteral("^thread '.*' panicked at (?<place>(?<file>.+):(?<line>\\d+):(?<column>\\d+)):$")};
    QRegularExpression bash{QStringLiteral("^(?<place>(?<file>.+?): line (?<line>\\d+)): (?<message>.*)$")};
};

const Patterns &patterns()
{
    static const Patterns p;
    return p;
}

// The patterns that name a place on one line, by format.
struct LinePattern {
    const char *format;
    QRegularExpression Patterns::*regex;
};

constexpr LinePattern kLinePatterns[] = {
    {"gcc", &Patterns::gcc},         {"python", &Patterns::pythonFrame}, {"node", &Patterns::nodeHeader},
    {"node", &Patterns::nodeFrame},  {"javac", &Patterns::javac},        {"java", &Patterns::javaFrame},
    {"rustc", &Patterns::rustArrow}, {"rustc", &Patterns::rustPanicOld}, {"rustc", &Patterns::rustPanicNew},
    {"bash", &Patterns::bash},
};

class Reader
{
public:
    Reader(const DiagnosticParser &parser, const Lines &lines, QList<Diagnostic> &out)
        : m_parser(parser)
        , m_lines(lines)
        , m_out(out)
    {
    }

    // GCC, Clang and UBSan; the linker names no line.
    void gcc()
    {
        static const QRegularExpression undefined(
            QStringLiteral("^(.+?):\\(\\.text[^)]*\\): (undefined reference to .*)$"));
        for (const QString &line : m_lines) {
            if (const auto m = patterns().gcc.match(line); m.hasMatch()) {
                const QString kind = m.captured(u"kind");
                const QString message = kind == QLatin1String("runtime error")
                    ? kind + QStringLiteral(": ") + m.captured(u"message")
                    : m.captured(u"message");
                addAt(m, severityFrom(kind), message);
            } else if (const auto u = undefined.match(line); u.hasMatch()) {
                add(u.captured(1), 0, 0, Severity::Error, u.captured(2));
            }
        }
    }

    // A traceback lists frames outermost first; a SyntaxError has one frame and no header.
    // The exception line that ends it is the message, at the innermost frame in the learner's
    // files; the frames that led there become notes.
    void python()
    {
        static const QRegularExpression exception(QStringLiteral("^([A-Za-z_][\\w.]*)(?::(?: (.*))?)?$"));
        QList<Diagnostic> frames;
        for (qsizetype i = 0; i < m_lines.size(); ++i) {
            const QString &line = m_lines[i];
            if (const auto m = patterns().pythonFrame.match(line); m.hasMatch()) {
                Diagnostic d = placeOf(m);
                // The code line follows, stripped and indented by four; a marker line may follow that.
                if (!d.file.isEmpty() && i + 2 < m_lines.size() && m_lines[i + 1].startsWith(QLatin1String("    ")))
                    d.column = markerColumn(m_lines[i + 2], 4, indentOf(m_parser.sourceLine(d.file, d.line)));
                frames << d;
                continue;
            }
            if (line.startsWith(QLatin1String("Traceback"))) {
                frames.clear();
                continue;
            }
            if (frames.isEmpty() || line.isEmpty() || line.startsWith(QLatin1Char(' ')))
                continue;
            if (exception.match(line).hasMatch()) {
                std::reverse(frames.begin(), frames.end());
                placeAtInnermost(frames, line.trimmed());
            }
            frames.clear();
        }
    }

    // An uncaught error: "/work/main.js:2", the code, a caret, a blank line, "TypeError: …",
    // then the stack. The stack's first frame in the same place gives the exact column.
    void node()
    {
        static const QRegularExpression error(QStringLiteral("^([A-Za-z_$][\\w$]*)(?::\\s(.*))?$"));
        for (qsizetype i = 0; i < m_lines.size(); ++i) {
            const auto h = patterns().nodeHeader.match(m_lines[i]);
            if (!h.hasMatch())
                continue;
            Diagnostic first = placeOf(h);
            if (!first.file.isEmpty() && i + 2 < m_lines.size())
                first.column = markerColumn(m_lines[i + 2]);
            QString message;
            qsizetype j = i + 1;
            for (; j < m_lines.size() && j < i + 6 && message.isEmpty(); ++j) {
                if (m_lines[j].isEmpty() && j + 1 < m_lines.size() && error.match(m_lines[j + 1]).hasMatch())
                    message = m_lines[++j];
            }
            QList<Diagnostic> stack;
            j = readStack(j, patterns().nodeFrame, stack);
            // The header and the stack's first frame name the same place; the frame has the column.
            if (!stack.isEmpty() && stack.first().file == first.file && stack.first().line == first.line)
                first.column = stack.takeFirst().column;
            if (!message.isEmpty())
                placeAtInnermost(QList<Diagnostic>{first} + stack, message);
            i = j - 1;
        }
    }

    void javac()
    {
        for (qsizetype i = 0; i < m_lines.size(); ++i) {
            const auto m = patterns().javac.match(m_lines[i]);
            if (!m.hasMatch())
                continue;
            Diagnostic d = placeOf(m);
            const int column = i + 2 < m_lines.size() ? markerColumn(m_lines[i + 2]) : 0;
            add(m.captured(u"file"), d.line, column, severityFrom(m.captured(u"kind")), m.captured(u"message"));
        }
    }

    // Exception in thread "main" java.lang.ArithmeticException: / by zero
    //     at Main.divide(Main.java:3)
    void java()
    {
        static const QRegularExpression header(QStringLiteral("^(?:Exception in thread \"[^\"]*\" |Caused by: )(.+)$"));
        for (qsizetype i = 0; i < m_lines.size(); ++i) {
            const auto h = header.match(m_lines[i]);
            if (!h.hasMatch())
                continue;
            QList<Diagnostic> stack;
            const qsizetype j = readStack(i + 1, patterns().javaFrame, stack);
            placeAtInnermost(stack, h.captured(1));
            i = j - 1;
        }
    }

    void rustc()
    {
        static const QRegularExpression header(QStringLiteral("^(error|warning|note|help)(?:\\[\\w+\\])?: (.*)$"));
        const Patterns &p = patterns();
        std::optional<QRegularExpressionMatch> pending;
        for (qsizetype i = 0; i < m_lines.size(); ++i) {
            const QString &line = m_lines[i];
            if (const auto h = header.match(line); h.hasMatch()) {
                pending = h;
            } else if (const auto a = p.rustArrow.match(line); a.hasMatch() && pending) {
                addAt(a, severityFrom(pending->captured(1)), pending->captured(2));
                pending.reset();
            } else if (const auto o = p.rustPanicOld.match(line); o.hasMatch()) {
                addAt(o, Severity::Error, QStringLiteral("panicked: ") + o.captured(u"message"));
            } else if (const auto n = p.rustPanicNew.match(line); n.hasMatch()) {
                addAt(n, Severity::Error, QStringLiteral("panicked: ") + m_lines.value(i + 1));
            }
        }
    }

    void bash()
    {
        for (const QString &line : m_lines) {
            const auto m = patterns().bash.match(line);
            // After a syntax error bash echoes the code itself, in `quotes': not a second message.
            if (m.hasMatch() && !m.captured(u"message").startsWith(QLatin1Char('`')))
                addAt(m, Severity::Error, m.captured(u"message"));
        }
    }

private:
    void add(const QString &path, int line, int column, Severity severity, const QString &message)
    {
        const auto name = m_parser.sourceName(path);
        if (!name)
            return;
        const Diagnostic d{*name, line, column, severity, message.trimmed()};
        if (!m_out.contains(d))
            m_out << d;
    }

    // At the place a match of one of the Patterns names.
    void addAt(const QRegularExpressionMatch &m, Severity severity, const QString &message)
    {
        const Diagnostic d = placeOf(m);
        add(m.captured(u"file"), d.line, d.column, severity, message);
    }

    // The place a match of one of the Patterns names: in one of the learner's files, or with
    // an empty name.
    Diagnostic placeOf(const QRegularExpressionMatch &m) const
    {
        Diagnostic d;
        d.file = m_parser.sourceName(m.capturedView(u"file")).value_or(QString());
        d.line = m.capturedView(u"line").toInt();
        d.column = m.capturedView(u"column").toInt(); // 0 when the pattern has none or it did not match
        return d;
    }

    // The "at …" lines of a stack from `from` on, innermost first; returns the index after them.
    qsizetype readStack(qsizetype from, const QRegularExpression &frame, QList<Diagnostic> &places) const
    {
        qsizetype j = from;
        for (; j < m_lines.size() && m_lines[j].trimmed().startsWith(QLatin1String("at ")); ++j) {
            const auto f = frame.match(m_lines[j]);
            if (f.hasMatch()) // not "at new Promise (<anonymous>)", which names no place
                places << placeOf(f);
        }
        return j;
    }

    // `places` run innermost first; those outside the learner's files have an empty name.
    // The error goes where it happened in the learner's code, then, as notes, the lines that
    // called it.
    void placeAtInnermost(const QList<Diagnostic> &places, const QString &message)
    {
        bool first = true;
        for (const Diagnostic &p : places) {
            if (p.file.isEmpty())
                continue;
            const Diagnostic d{p.file, p.line, p.column, first ? Severity::Error : Severity::Note,
                               first ? message : QStringLiteral("called from here")};
            first = false;
            if (!m_out.contains(d))
                m_out << d;
        }
    }

    const DiagnosticParser &m_parser;
    const Lines &m_lines;
    QList<Diagnostic> &m_out;
};

using Format = void (Reader::*)();

struct NamedFormat {
    const char *name;
    Format read;
};

constexpr NamedFormat kFormats[] = {
    {"gcc", &Reader::gcc},   {"python", &Reader::python}, {"node", &Reader::node}, {"javac", &Reader::javac},
    {"java", &Reader::java}, {"rustc", &Reader::rustc},   {"bash", &Reader::bash},
};

} // namespace

QStringList DiagnosticParser::knownFormats()
{
    QStringList names;
    for (const NamedFormat &f : kFormats)
        names << QLatin1String(f.name);
    return names;
}

DiagnosticParser::DiagnosticParser(QStringList formats, QList<SourceFile> sources)
    : m_formats(std::move(formats))
    , m_sources(std::move(sources))
{
}

QList<Diagnostic> DiagnosticParser::parse(const QByteArray &output) const
{
    QList<Diagnostic> out;
    if (output.isEmpty() || m_formats.isEmpty())
        return out;
    const Lines lines = QString::fromUtf8(output).remove(QLatin1Char('\r')).split(QLatin1Char('\n'));
    Reader reader(*this, lines, out);
    for (const NamedFormat &f : kFormats) {
        if (m_formats.contains(QLatin1String(f.name)))
            (reader.*f.read)();
    }
    return out;
}

std::optional<SourceMention> DiagnosticParser::mentionIn(QStringView line) const
{
    // Most output names none of the learner's files, and one search for a name is cheaper
    // than the patterns' several.
    if (std::none_of(m_sources.cbegin(), m_sources.cend(),
                     [line](const SourceFile &s) { return line.contains(s.name); }))
        return std::nullopt;
    const QStringView text = line.first(std::min(line.size(), kMentionChars));
    for (const LinePattern &pattern : kLinePatterns) {
        if (!m_formats.contains(QLatin1String(pattern.format)))
            continue;
        const QRegularExpressionMatch m = (patterns().*pattern.regex).match(text);
        if (!m.hasMatch())
            continue;
        const auto name = sourceName(m.capturedView(u"file"));
        const int number = m.capturedView(u"line").toInt();
        if (name && number > 0)
            return SourceMention{*name, number, m.capturedView(u"column").toInt(), m.capturedStart(u"place"),
                                 m.capturedLength(u"place")};
    }
    return std::nullopt;
}

QList<SourceMention> DiagnosticParser::mentionsIn(QStringView text) const
{
    QList<SourceMention> found;
    qsizetype from = 0; // always the start of a line
    while (from < text.size()) {
        qsizetype hit = -1;
        for (const SourceFile &source : m_sources) {
            const qsizetype at = text.indexOf(source.name, from);
            if (at >= 0 && (hit < 0 || at < hit))
                hit = at;
        }
        if (hit < 0)
            break;
        const qsizetype start = hit == 0 ? 0 : text.lastIndexOf(u'\n', hit - 1) + 1;
        qsizetype end = text.indexOf(u'\n', hit);
        if (end < 0)
            end = text.size();
        if (auto mention = mentionIn(text.sliced(start, end - start))) {
            mention->start += start;
            found << *mention;
        }
        from = end + 1;
    }
    return found;
}

std::optional<QString> DiagnosticParser::sourceName(QStringView path) const
{
    for (const SourceFile &source : m_sources) {
        const QString &name = source.name;
        // As given on the command line ("main.c", "./main.c"), or absolute inside the sandbox
        // (/work/main.py) or in a host workspace (/tmp/sandpit-run-x/work/main.py).
        if (path == name || (path.startsWith(QLatin1String("./")) && path.mid(2) == name)
            || (path.endsWith(name) && path.chopped(name.size()).endsWith(QLatin1String("/work/"))))
            return name;
    }
    return std::nullopt;
}

QString DiagnosticParser::sourceLine(const QString &file, int line) const
{
    for (const SourceFile &source : m_sources) {
        if (source.name == file)
            return QString::fromUtf8(source.content.split('\n').value(line - 1));
    }
    return {};
}

} // namespace Sandpit::Core
