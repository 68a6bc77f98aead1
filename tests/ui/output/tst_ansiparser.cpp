// ANSI escape sequences as programs print them: SGR styles, the few line controls a pane
// honours, everything else swallowed whole, however the chunks fall.

#include "output/ansiparser.h"

#include <QTest>

using namespace Sandpit::Ui;
using Color = TextStyle::Color;
using Control = AnsiParser::Control;

namespace {
constexpr auto Indexed = TextStyle::ColorType::Indexed;
constexpr auto Rgb = TextStyle::ColorType::Rgb;

/// What the parser said, with text of one style merged into one piece.
struct Recorder final : AnsiParser::Sink {
    struct Piece {
        QString text;
        TextStyle style;
        bool isControl = false;
        Control control = Control::Newline;
        int argument = 0;
    };
    QList<Piece> pieces;

    void text(QStringView text, const TextStyle &style) override
    {
        if (!pieces.isEmpty() && !pieces.last().isControl && pieces.last().style == style)
            pieces.last().text += text;
        else
            pieces.append({text.toString(), style});
    }
    void control(Control control, int argument) override { pieces.append({{}, {}, true, control, argument}); }

    QString plainText() const
    {
        QString out;
        for (const Piece &piece : pieces)
            out += piece.isControl ? (piece.control == Control::Newline ? QStringLiteral("\n") : QString())
                                   : piece.text;
        return out;
    }
    TextStyle styleOf(const QString &text) const
    {
        for (const Piece &piece : pieces) {
            if (!piece.isControl && piece.text.contains(text))
                return piece.style;
        }
        return {};
    }
};

Recorder parse(const QStringList &chunks)
{
    AnsiParser parser;
    Recorder recorder;
    for (const QString &chunk : chunks)
        parser.parse(chunk, recorder);
    return recorder;
}

Recorder parse(const char *text)
{
    return parse(QStringList{QString::fromUtf8(text)});
}
} // namespace

class TestAnsiParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainTextIsOneRun();
    void basicColours();
    void brightColoursAndBackgrounds();
    void palette256AndTrueColour();
    void colonFormsOfExtendedColours();
    void attributesAndTheirResets();
    void combinedParametersAndEmptyReset();
    void defaultColourResetsLeaveAttributes();
    void sequenceSplitAcrossChunks();
    void otherSequencesAreSwallowed();
    void privateSgrIsNotAStyle();
    void lineControlsAreReported();
    void otherControlCharactersShowAsPictures();
    void unterminatedStringGivesUp();
    void brokenSequenceLeavesTheTextAlone();
    void resetForgetsHalfASequence();
};

void TestAnsiParser::plainTextIsOneRun()
{
    const Recorder r = parse("hello\tworld");
    QCOMPARE(r.pieces.size(), 1);
    QCOMPARE(r.pieces[0].text, QStringLiteral("hello\tworld"));
    QCOMPARE(r.pieces[0].style, TextStyle{});
}

void TestAnsiParser::basicColours()
{
    const Recorder r = parse("\x1b[31mred\x1b[0m plain \x1b[37mwhite\x1b[30mblack");
    QCOMPARE(r.plainText(), QStringLiteral("red plain whiteblack"));
    QCOMPARE(r.styleOf(QStringLiteral("red")).foreground, (Color{Indexed, 1}));
    QCOMPARE(r.styleOf(QStringLiteral("plain")), TextStyle{});
    QCOMPARE(r.styleOf(QStringLiteral("white")).foreground, (Color{Indexed, 7}));
    QCOMPARE(r.styleOf(QStringLiteral("black")).foreground, (Color{Indexed, 0}));
}

void TestAnsiParser::brightColoursAndBackgrounds()
{
    const Recorder r = parse("\x1b[90mgrey\x1b[97mbright\x1b[42mongreen\x1b[107monwhite\x1b[40monblack");
    QCOMPARE(r.styleOf(QStringLiteral("grey")).foreground, (Color{Indexed, 8}));
    QCOMPARE(r.styleOf(QStringLiteral("bright")).foreground, (Color{Indexed, 15}));
    QCOMPARE(r.styleOf(QStringLiteral("ongreen")).background, (Color{Indexed, 2}));
    QCOMPARE(r.styleOf(QStringLiteral("onwhite")).background, (Color{Indexed, 15}));
    QCOMPARE(r.styleOf(QStringLiteral("onblack")).background, (Color{Indexed, 0}));
    QCOMPARE(r.styleOf(QStringLiteral("onblack")).foreground, (Color{Indexed, 15}));
}

void TestAnsiParser::palette256AndTrueColour()
{
    const Recorder r = parse("\x1b[38;5;196morange\x1b[48;2;10;20;30mdark\x1b[38;2;255;128;0mamber\x1b[38;5;999mkept");
    QCOMPARE(r.styleOf(QStringLiteral("orange")).foreground, (Color{Indexed, 196}));
    QCOMPARE(r.styleOf(QStringLiteral("dark")).background, (Color{Rgb, 0x0a141e}));
    QCOMPARE(r.styleOf(QStringLiteral("amber")).foreground, (Color{Rgb, 0xff8000}));
    // An index past 255 is ignored, and the numbers are not read as other codes.
    QCOMPARE(r.styleOf(QStringLiteral("kept")).foreground, (Color{Rgb, 0xff8000}));
    QVERIFY(!r.styleOf(QStringLiteral("kept")).bold);
}

void TestAnsiParser::colonFormsOfExtendedColours()
{
    const Recorder r = parse("\x1b[38:5:21ma\x1b[38:2::1:2:3mb\x1b[48:2:4:5:6mc\x1b[4:0md\x1b[4:3me");
    QCOMPARE(r.styleOf(QStringLiteral("a")).foreground, (Color{Indexed, 21}));
    QCOMPARE(r.styleOf(QStringLiteral("b")).foreground, (Color{Rgb, 0x010203}));
    QCOMPARE(r.styleOf(QStringLiteral("c")).background, (Color{Rgb, 0x040506}));
    QVERIFY(!r.styleOf(QStringLiteral("d")).underline);
    QVERIFY(r.styleOf(QStringLiteral("e")).underline);
}

void TestAnsiParser::attributesAndTheirResets()
{
    const Recorder r = parse("\x1b[1mB\x1b[3mI\x1b[4mU\x1b[22mnb\x1b[23mni\x1b[24mnu\x1b[7;9mrev\x1b[27;29mplain");
    const TextStyle bold = r.styleOf(QStringLiteral("B"));
    QVERIFY(bold.bold && !bold.italic && !bold.underline);
    const TextStyle all = r.styleOf(QStringLiteral("U"));
    QVERIFY(all.bold && all.italic && all.underline);
    const TextStyle noBold = r.styleOf(QStringLiteral("nb"));
    QVERIFY(!noBold.bold && noBold.italic && noBold.underline);
    QVERIFY(!r.styleOf(QStringLiteral("ni")).italic);
    QCOMPARE(r.styleOf(QStringLiteral("nu")), TextStyle{});
    const TextStyle reversed = r.styleOf(QStringLiteral("rev"));
    QVERIFY(reversed.inverse && reversed.strikeOut);
    QCOMPARE(r.styleOf(QStringLiteral("plain")), TextStyle{});
}

void TestAnsiParser::combinedParametersAndEmptyReset()
{
    const Recorder r = parse("\x1b[1;31;44mloud\x1b[mquiet\x1b[0;32mgreen\x1b[;1mboldonly");
    const TextStyle loud = r.styleOf(QStringLiteral("loud"));
    QVERIFY(loud.bold);
    QCOMPARE(loud.foreground, (Color{Indexed, 1}));
    QCOMPARE(loud.background, (Color{Indexed, 4}));
    QCOMPARE(r.styleOf(QStringLiteral("quiet")), TextStyle{});
    QCOMPARE(r.styleOf(QStringLiteral("green")).foreground, (Color{Indexed, 2}));
    const TextStyle boldOnly = r.styleOf(QStringLiteral("boldonly"));
    QVERIFY(boldOnly.bold);
    QCOMPARE(boldOnly.foreground, Color{}); // the empty first parameter is a 0
}

void TestAnsiParser::defaultColourResetsLeaveAttributes()
{
    const Recorder r = parse("\x1b[1;33;45mx\x1b[39my\x1b[49mz");
    const TextStyle y = r.styleOf(QStringLiteral("y"));
    QVERIFY(y.bold);
    QCOMPARE(y.foreground, Color{});
    QCOMPARE(y.background, (Color{Indexed, 5}));
    const TextStyle z = r.styleOf(QStringLiteral("z"));
    QVERIFY(z.bold);
    QCOMPARE(z.background, Color{});
}

void TestAnsiParser::sequenceSplitAcrossChunks()
{
    const QString text = QStringLiteral("a\x1b[38;5;196mred\x1b]0;title\x07"
                                        "b\x1b[0mc");
    // Every way of cutting the text in two gives the same result.
    for (int cut = 0; cut <= text.size(); ++cut) {
        const Recorder r = parse(QStringList{text.left(cut), text.mid(cut)});
        QCOMPARE(r.plainText(), QStringLiteral("aredbc"));
        QCOMPARE(r.styleOf(QStringLiteral("re")).foreground, (Color{Indexed, 196}));
        QCOMPARE(r.styleOf(QStringLiteral("c")), TextStyle{});
    }
    // And one character at a time.
    QStringList single;
    for (const QChar ch : text)
        single << QString(ch);
    QCOMPARE(parse(single).plainText(), QStringLiteral("aredbc"));
}

void TestAnsiParser::otherSequencesAreSwallowed()
{
    const Recorder r = parse("\x1b[?25l\x1b[2J\x1b[H\x1b[1A\x1b[3;5r\x1b]0;a title\x07"
                             "\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\"
                             "\x1b(B\x1b"
                             "7\x1b"
                             "8\x1b=\x1bPq#0;2;0;0;0\x1b\\\x1b_apc\x1b\\\x1b[?1049h"
                             "\x1b[6n\x1b[ q!");
    QCOMPARE(r.plainText(), QStringLiteral("link!"));
}

void TestAnsiParser::privateSgrIsNotAStyle()
{
    const Recorder r = parse("\x1b[>4;2mplain\x1b[?1mstill");
    QCOMPARE(r.plainText(), QStringLiteral("plainstill"));
    QCOMPARE(r.styleOf(QStringLiteral("plain")), TextStyle{});
    QCOMPARE(r.styleOf(QStringLiteral("still")), TextStyle{});
}

void TestAnsiParser::lineControlsAreReported()
{
    const Recorder r = parse("a\rb\nc\bd\x1b[K\x1b[2K\x1b[1K\x1b[5G\x1b[G\x1b[3C\x1b[D");
    QList<std::pair<Control, int>> controls;
    for (const auto &piece : r.pieces) {
        if (piece.isControl)
            controls.append({piece.control, piece.argument});
    }
    const QList<std::pair<Control, int>> expected{
        {Control::CarriageReturn, 0}, {Control::Newline, 0},     {Control::Backspace, 0},    {Control::EraseInLine, 0},
        {Control::EraseInLine, 2},    {Control::EraseInLine, 1}, {Control::CursorColumn, 4}, {Control::CursorColumn, 0},
        {Control::CursorForward, 3},  {Control::CursorBack, 1}};
    QCOMPARE(controls, expected);
    QCOMPARE(r.plainText(), QStringLiteral("ab\ncd"));
}

void TestAnsiParser::otherControlCharactersShowAsPictures()
{
    const Recorder r = parse(QStringList{QString::fromUtf8("nul\0bell\x07"
                                                           "del\x7f"
                                                           "vt\x0bx",
                                                           17)});
    QCOMPARE(r.plainText(), QStringLiteral("nul\u2400bell\u2407del\u2421vt\u240bx"));
}

void TestAnsiParser::unterminatedStringGivesUp()
{
    // A newline ends a title that never ended, so the next line is not lost.
    QCOMPARE(parse("\x1b]0;never ends\nnext line").plainText(), QStringLiteral("\nnext line"));
    // Without a newline, the string is given up after kMaxStringLength characters.
    const QString flood = QStringLiteral("\x1b]0;") + QString(AnsiParser::kMaxStringLength + 100, QLatin1Char('x'));
    const QString shown = parse(QStringList{flood + QStringLiteral("END")}).plainText();
    QVERIFY(shown.endsWith(QStringLiteral("END")));
    QVERIFY(shown.size() < 200);
}

void TestAnsiParser::brokenSequenceLeavesTheTextAlone()
{
    QCOMPARE(parse("\x1b[12\xc3\xa9t\xc3\xa9").plainText(), QStringLiteral("été"));
    QCOMPARE(parse("\x1b\xc3\xa9").plainText(), QStringLiteral("é"));
    // CAN abandons a sequence; ESC starts a new one.
    QCOMPARE(parse("\x1b[31\x18x\x1b[\x1b[1my").plainText(), QStringLiteral("xy"));
    QVERIFY(parse("\x1b[31\x18x\x1b[\x1b[1my").styleOf(QStringLiteral("y")).bold);
}

void TestAnsiParser::resetForgetsHalfASequence()
{
    AnsiParser parser;
    Recorder r;
    parser.parse(u"\x1b[1;3", r);
    parser.reset();
    parser.parse(u"1mtext", r);
    QCOMPARE(r.plainText(), QStringLiteral("1mtext"));
    QCOMPARE(r.styleOf(QStringLiteral("text")), TextStyle{});
}

QTEST_GUILESS_MAIN(TestAnsiParser)
#include "tst_ansiparser.moc"
