// DiagnosticParser on what the tools really print (copied from runs in the sandbox): each
// format's places and messages, paths mapped back to the learner's file names, and places in
// other files left out.
#include "model/diagnosticparser.h"
#include "model/typeids.h"

#include <QTest>

using namespace Sandpit::Core;
using namespace Qt::Literals::StringLiterals;

namespace {
using Severity = Diagnostic::Severity;

QList<Diagnostic> parse(const QString &format, const QString &file, const QByteArray &output,
                        const QByteArray &source = {})
{
    return DiagnosticParser({format}, {{file, source}}).parse(output);
}

QByteArray describe(const QList<Diagnostic> &list)
{
    QByteArray out;
    for (const Diagnostic &d : list) {
        out += QStringLiteral("%1:%2:%3 %4: %5 | ")
                   .arg(d.file)
                   .arg(d.line)
                   .arg(d.column)
                   .arg(severityId(d.severity), d.message)
                   .toUtf8();
    }
    return out;
}
} // namespace

class TestDiagnosticParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gccErrorWarningAndNote()
    {
        const QByteArray output
            = "compile_error.c: In function \xe2\x80\x98main\xe2\x80\x99:\n"
              "compile_error.c:5:39: error: expected \xe2\x80\x98;\xe2\x80\x99 before \xe2\x80\x98return\xe2\x80\x99\n"
              "    5 |     printf(\"a semicolon is missing\\n\")\n"
              "      |                                       ^\n"
              "compile_error.c:3:9: warning: unused variable \xe2\x80\x98x\xe2\x80\x99 [-Wunused-variable]\n"
              "compile_error.c:2:5: note: declared here\n"
              "/usr/include/stdio.h:356:12: note: in a header\n";
        const auto list = parse(QStringLiteral("gcc"), QStringLiteral("compile_error.c"), output);
        QCOMPARE(list.size(), 3);
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("compile_error.c"), 5, 39, Severity::Error,
                             QStringLiteral("expected \u2018;\u2019 before \u2018return\u2019")}));
        QCOMPARE(list[1].severity, Severity::Warning);
        QCOMPARE(list[1].line, 3);
        QCOMPARE(list[2].severity, Severity::Note);
    }

    void gccFatalErrorAndClangWithoutColumn()
    {
        const QByteArray output = "main.cpp:1:10: fatal error: nosuch.h: No such file or directory\n"
                                  "main.cpp:7: error: something without a column\n";
        const auto list = parse(QStringLiteral("gcc"), QStringLiteral("main.cpp"), output);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("main.cpp"), 1, 10, Severity::Error,
                             QStringLiteral("nosuch.h: No such file or directory")}));
        QCOMPARE(list[1].line, 7);
        QCOMPARE(list[1].column, 0);
    }

    void undefinedBehaviourAtRunTime()
    {
        const auto list = parse(QStringLiteral("gcc"), QStringLiteral("runtime_error.c"),
                                "runtime_error.c:5:14: runtime error: division by zero\n");
        QCOMPARE(list,
                 (QList<Diagnostic>{{QStringLiteral("runtime_error.c"), 5, 14, Severity::Error,
                                     QStringLiteral("runtime error: division by zero")}}));
    }

    void linkerNamesTheFileButNoLine()
    {
        const auto list = parse(QStringLiteral("gcc"), QStringLiteral("main.c"),
                                "/usr/bin/ld: /tmp/ccAbCd.o: in function `main':\n"
                                "main.c:(.text.startup+0x9): undefined reference to `prnitf'\n"
                                "collect2: error: ld returned 1 exit status\n");
        QCOMPARE(list,
                 (QList<Diagnostic>{{QStringLiteral("main.c"), 0, 0, Severity::Error,
                                     QStringLiteral("undefined reference to `prnitf'")}}));
    }

    void pythonTracebackPointsAtTheInnermostLine()
    {
        const QByteArray source = "def divide(a, b):\n    return a / b\n\n\nprint(divide(1, 0))\n";
        const QByteArray output = "Traceback (most recent call last):\n"
                                  "  File \"/work/runtime_error.py\", line 5, in <module>\n"
                                  "    print(divide(1, 0))\n"
                                  "          ^^^^^^^^^^^^\n"
                                  "  File \"/work/runtime_error.py\", line 2, in divide\n"
                                  "    return a / b\n"
                                  "           ~~^~~\n"
                                  "ZeroDivisionError: division by zero\n";
        const auto list = parse(QStringLiteral("python"), QStringLiteral("runtime_error.py"), output, source);
        QCOMPARE(list.size(), 2);
        // "return a / b" is indented by four in the file: the column counts from the line's start.
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("runtime_error.py"), 2, 12, Severity::Error,
                             QStringLiteral("ZeroDivisionError: division by zero")}));
        QCOMPARE(
            list[1],
            (Diagnostic{QStringLiteral("runtime_error.py"), 5, 7, Severity::Note, QStringLiteral("called from here")}));
    }

    void pythonSyntaxError()
    {
        const QByteArray source = "numbers = [1, 2, 3]\nfor n in numbers\n    print(n)\n";
        const QByteArray output = "  File \"/work/compile_error.py\", line 2\n"
                                  "    for n in numbers\n"
                                  "                    ^\n"
                                  "SyntaxError: expected ':'\n";
        const auto list = parse(QStringLiteral("python"), QStringLiteral("compile_error.py"), output, source);
        QCOMPARE(list,
                 (QList<Diagnostic>{{QStringLiteral("compile_error.py"), 2, 17, Severity::Error,
                                     QStringLiteral("SyntaxError: expected ':'")}}));
    }

    void pythonErrorInsideALibraryPointsAtTheLearnersCall()
    {
        const QByteArray output = "Traceback (most recent call last):\n"
                                  "  File \"/tmp/sandpit-run-Ab12Cd/work/main.py\", line 3, in <module>\n"
                                  "    json.loads('{')\n"
                                  "  File \"/usr/lib/python3.11/json/__init__.py\", line 346, in loads\n"
                                  "    return _default_decoder.decode(s)\n"
                                  "           ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
                                  "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: "
                                  "line 1 column 2 (char 1)\n";
        const auto list
            = parse(QStringLiteral("python"), QStringLiteral("main.py"), output, "import json\n\njson.loads('{')\n");
        QCOMPARE(list.size(), 1);
        QCOMPARE(list[0].file, QStringLiteral("main.py"));
        QCOMPARE(list[0].line, 3);
        QCOMPARE(list[0].column, 0); // no marker line under the learner's frame
        QVERIFY(list[0].message.startsWith(QStringLiteral("json.decoder.JSONDecodeError: Expecting")));
    }

    void pythonOutputThatOnlyLooksLikeATraceback()
    {
        QCOMPARE(parse(QStringLiteral("python"), QStringLiteral("main.py"),
                       "  File \"/work/main.py\", line 3\n(printed by the program, no exception follows)\n")
                     .size(),
                 0);
    }

    void nodeRuntimeError()
    {
        const QByteArray output = "/work/runtime_error.js:2\n"
                                  "    return value.length / 2;\n"
                                  "                 ^\n"
                                  "\n"
                                  "TypeError: Cannot read properties of null (reading 'length')\n"
                                  "    at half (/work/runtime_error.js:2:18)\n"
                                  "    at Object.<anonymous> (/work/runtime_error.js:5:13)\n"
                                  "    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n"
                                  "    at new Promise (<anonymous>)\n"
                                  "    at node:internal/main/run_main_module:28:49\n"
                                  "\n"
                                  "Node.js v20.20.2\n";
        const auto list = parse(QStringLiteral("node"), QStringLiteral("runtime_error.js"), output);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("runtime_error.js"), 2, 18, Severity::Error,
                             QStringLiteral("TypeError: Cannot read properties of null (reading 'length')")}));
        QCOMPARE(list[1],
                 (Diagnostic{QStringLiteral("runtime_error.js"), 5, 13, Severity::Note,
                             QStringLiteral("called from here")}));
    }

    void nodeSyntaxError()
    {
        const QByteArray output = "/work/compile_error.js:2\n"
                                  "for (const n of numbers {\n"
                                  "                        ^\n"
                                  "\n"
                                  "SyntaxError: Unexpected token '{'\n"
                                  "    at wrapSafe (node:internal/modules/cjs/loader:1464:18)\n"
                                  "    at Module._compile (node:internal/modules/cjs/loader:1495:20)\n";
        const auto list = parse(QStringLiteral("node"), QStringLiteral("compile_error.js"), output);
        QCOMPARE(list,
                 (QList<Diagnostic>{{QStringLiteral("compile_error.js"), 2, 25, Severity::Error,
                                     QStringLiteral("SyntaxError: Unexpected token '{'")}}));
    }

    void javacErrorWithItsCaret()
    {
        const QByteArray output = "CompileError.java:3: error: incompatible types: String cannot be converted to int\n"
                                  "        int number = \"text\";\n"
                                  "                     ^\n"
                                  "1 error\n";
        const auto list = parse(QStringLiteral("javac"), QStringLiteral("CompileError.java"), output);
        QCOMPARE(list,
                 (QList<Diagnostic>{{QStringLiteral("CompileError.java"), 3, 22, Severity::Error,
                                     QStringLiteral("incompatible types: String cannot be converted to int")}}));
    }

    void javaExceptionStack()
    {
        const QByteArray output = "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n"
                                  "\tat RuntimeError.divide(RuntimeError.java:3)\n"
                                  "\tat RuntimeError.main(RuntimeError.java:7)\n";
        const auto list = parse(QStringLiteral("java"), QStringLiteral("RuntimeError.java"), output);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("RuntimeError.java"), 3, 0, Severity::Error,
                             QStringLiteral("java.lang.ArithmeticException: / by zero")}));
        QCOMPARE(list[1].line, 7);
        QCOMPARE(list[1].severity, Severity::Note);
    }

    void rustcErrorAndWarning()
    {
        const QByteArray output = "warning: unused variable: `spare`\n"
                                  " --> compile_error.rs:4:9\n"
                                  "  |\n"
                                  "error[E0308]: mismatched types\n"
                                  " --> compile_error.rs:2:23\n"
                                  "  |\n"
                                  "2 |     let number: i32 = \"text\";\n"
                                  "  |                 ---   ^^^^^^ expected `i32`, found `&str`\n"
                                  "\n"
                                  "error: aborting due to previous error; 1 warning emitted\n";
        const auto list = parse(QStringLiteral("rustc"), QStringLiteral("compile_error.rs"), output);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("compile_error.rs"), 4, 9, Severity::Warning,
                             QStringLiteral("unused variable: `spare`")}));
        QCOMPARE(list[1],
                 (Diagnostic{QStringLiteral("compile_error.rs"), 2, 23, Severity::Error,
                             QStringLiteral("mismatched types")}));
    }

    void rustPanicOldAndNew()
    {
        const auto old = parse(QStringLiteral("rustc"), QStringLiteral("runtime_error.rs"),
                               "thread 'main' panicked at 'index out of bounds: the len is 3 but the index is 3', "
                               "runtime_error.rs:4:20\nnote: run with `RUST_BACKTRACE=1`\n");
        QCOMPARE(
            old,
            (QList<Diagnostic>{{QStringLiteral("runtime_error.rs"), 4, 20, Severity::Error,
                                QStringLiteral("panicked: index out of bounds: the len is 3 but the index is 3")}}));
        const auto recent = parse(QStringLiteral("rustc"), QStringLiteral("runtime_error.rs"),
                                  "thread 'main' panicked at runtime_error.rs:4:20:\nindex out of bounds\n");
        QCOMPARE(recent.value(0).line, 4);
        QCOMPARE(recent.value(0).message, QStringLiteral("panicked: index out of bounds"));
    }

    void bashErrorsButNotTheEchoedCode()
    {
        const QByteArray output = "runtime_error.sh: line 2: no_such_command_here: command not found\n"
                                  "runtime_error.sh: line 5: syntax error near unexpected token `fi'\n"
                                  "runtime_error.sh: line 5: `fi'\n";
        const auto list = parse(QStringLiteral("bash"), QStringLiteral("runtime_error.sh"), output);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0],
                 (Diagnostic{QStringLiteral("runtime_error.sh"), 2, 0, Severity::Error,
                             QStringLiteral("no_such_command_here: command not found")}));
        QCOMPARE(list[1].line, 5);
    }

    void pathsMapBackToTheSourceNames_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("name");
        QTest::newRow("as given") << QStringLiteral("main.c") << QStringLiteral("main.c");
        QTest::newRow("dot slash") << QStringLiteral("./main.c") << QStringLiteral("main.c");
        QTest::newRow("sandbox") << QStringLiteral("/work/main.c") << QStringLiteral("main.c");
        QTest::newRow("host workspace") << QStringLiteral("/tmp/sandpit-run-x1/work/main.c")
                                        << QStringLiteral("main.c");
        QTest::newRow("subfolder") << QStringLiteral("/work/lib/util.c") << QStringLiteral("lib/util.c");
        QTest::newRow("library") << QStringLiteral("/usr/include/stdio.h") << QString();
        QTest::newRow("same ending") << QStringLiteral("/work/domain.c") << QString();
        QTest::newRow("other folder") << QStringLiteral("/home/me/main.c") << QString();
    }

    void pathsMapBackToTheSourceNames()
    {
        QFETCH(QString, path);
        QFETCH(QString, name);
        const DiagnosticParser parser({QStringLiteral("gcc")},
                                      {{QStringLiteral("main.c"), {}}, {QStringLiteral("lib/util.c"), {}}});
        QCOMPARE(parser.sourceName(path).value_or(QString()), name);
    }

    void onlyTheLanguagesFormatsAreRead()
    {
        // A Python program that prints something shaped like a compiler's error is not a compiler.
        const QByteArray output = "main.py:1:1: error: looks like gcc\n";
        QCOMPARE(parse(QStringLiteral("python"), QStringLiteral("main.py"), output).size(), 0);
        QCOMPARE(DiagnosticParser().parse(output).size(), 0);
        QCOMPARE(describe(parse(QStringLiteral("gcc"), QStringLiteral("main.py"), output)),
                 QByteArray("main.py:1:1 error: looks like gcc | "));
    }

    // One line of output at a time, as the output pane links them: the place, and the text
    // that names it.
    void aLineOfOutputNamesAPlace_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("number");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("named");
        QTest::newRow("python frame") << u"python"_s << u"main.py"_s
                                      << uR"(  File "/work/main.py", line 4, in <module>)"_s << 4 << 0
                                      << uR"(File "/work/main.py", line 4)"_s;
        QTest::newRow("python syntax error")
            << u"python"_s << u"untitled.py"_s << uR"(  File "/work/untitled.py", line 2)"_s << 2 << 0
            << uR"(File "/work/untitled.py", line 2)"_s;
        QTest::newRow("gcc") << u"gcc"_s << u"main.c"_s << u"main.c:5:3: error: expected ';' before 'return'"_s << 5
                             << 3 << u"main.c:5:3"_s;
        QTest::newRow("gcc without column")
            << u"gcc"_s << u"main.cpp"_s << u"main.cpp:7: error: no column"_s << 7 << 0 << u"main.cpp:7"_s;
        QTest::newRow("ubsan") << u"gcc"_s << u"main.c"_s
                               << u"/work/main.c:6:7: runtime error: signed integer overflow"_s << 6 << 7
                               << u"/work/main.c:6:7"_s;
        QTest::newRow("node header") << u"node"_s << u"main.js"_s << u"/work/main.js:3"_s << 3 << 0
                                     << u"/work/main.js:3"_s;
        QTest::newRow("node frame") << u"node"_s << u"main.js"_s << u"    at Object.<anonymous> (/work/main.js:3:9)"_s
                                    << 3 << 9 << u"/work/main.js:3:9"_s;
        QTest::newRow("javac") << u"javac"_s << u"Main.java"_s << u"Main.java:4: error: ';' expected"_s << 4 << 0
                               << u"Main.java:4"_s;
        QTest::newRow("java frame") << u"java"_s << u"Main.java"_s << u"\tat Main.divide(Main.java:3)"_s << 3 << 0
                                    << u"Main.java:3"_s;
        QTest::newRow("rustc arrow") << u"rustc"_s << u"main.rs"_s << u" --> main.rs:2:5"_s << 2 << 5
                                     << u"main.rs:2:5"_s;
        QTest::newRow("rust panic") << u"rustc"_s << u"main.rs"_s << u"thread 'main' panicked at main.rs:4:20:"_s << 4
                                    << 20 << u"main.rs:4:20"_s;
        QTest::newRow("rust panic 1.63") << u"rustc"_s << u"main.rs"_s
                                         << u"thread 'main' panicked at 'index out of bounds', main.rs:4:20"_s << 4
                                         << 20 << u"main.rs:4:20"_s;
        QTest::newRow("bash") << u"bash"_s << u"run.sh"_s << u"/work/run.sh: line 2: nosuch: command not found"_s << 2
                              << 0 << u"/work/run.sh: line 2"_s;
    }

    void aLineOfOutputNamesAPlace()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QString, line);
        QFETCH(int, number);
        QFETCH(int, column);
        QFETCH(QString, named);
        const auto mention = DiagnosticParser({format}, {{file, {}}}).mentionIn(line);
        QVERIFY(mention);
        QCOMPARE(mention->file, file);
        QCOMPARE(mention->line, number);
        QCOMPARE(mention->column, column);
        QCOMPARE(line.mid(mention->start, mention->length), named);
    }

    void linesThatNameNoSourceAreNoPlace_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("line");
        QTest::newRow("a library's frame")
            << u"python"_s << uR"(  File "/usr/lib/python3/dist-packages/main.py", line 346, in loads)"_s;
        QTest::newRow("a header") << u"gcc"_s << u"/usr/include/stdio.h:356:12: note: declared here"_s;
        QTest::newRow("node internals") << u"node"_s
                                        << u"    at Module._compile (node:internal/modules/cjs/loader:1105:14)"_s;
        QTest::newRow("the name in plain text") << u"python"_s << u"I am main.py, line 4"_s;
        QTest::newRow("another language's shape") << u"python"_s << u"main.py:1:1: error: looks like gcc"_s;
        QTest::newRow("line zero") << u"gcc"_s << u"main.py:0: error: nothing there"_s;
        QTest::newRow("past the bound") << u"gcc"_s
                                        << QString(DiagnosticParser::kMentionChars, u'x')
                + u"main.py:3:1: error: far"_s;
    }

    void linesThatNameNoSourceAreNoPlace()
    {
        QFETCH(QString, format);
        QFETCH(QString, line);
        QVERIFY(!DiagnosticParser({format}, {{QStringLiteral("main.py"), {}}}).mentionIn(line));
    }

    void eachLineOfATextNamesItsPlace()
    {
        const QString text = u"Traceback (most recent call last):\n"
                             u"  File \"/work/main.py\", line 6, in <module>\n"
                             u"    main()  # main.py\n"
                             u"  File \"/work/util.py\", line 2, in main\n"
                             u"ZeroDivisionError: division by zero"_s;
        const DiagnosticParser parser({u"python"_s}, {{u"main.py"_s, {}}, {u"util.py"_s, {}}});
        const QList<SourceMention> found = parser.mentionsIn(text);
        QCOMPARE(found.size(), 2);
        QCOMPARE(found[0].file, u"main.py"_s);
        QCOMPARE(text.mid(found[0].start, found[0].length), uR"(File "/work/main.py", line 6)"_s);
        QCOMPARE(found[1].file, u"util.py"_s);
        QCOMPARE(found[1].line, 2);
        QCOMPARE(text.mid(found[1].start, found[1].length), uR"(File "/work/util.py", line 2)"_s);
        QVERIFY(parser.mentionsIn(u"no names here\nnor here\n"_s).isEmpty());
    }

    void knownFormats()
    {
        QCOMPARE(DiagnosticParser::knownFormats(),
                 (QStringList{QStringLiteral("gcc"), QStringLiteral("python"), QStringLiteral("node"),
                              QStringLiteral("javac"), QStringLiteral("java"), QStringLiteral("rustc"),
                              QStringLiteral("bash")}));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosticParser)
#include "tst_diagnosticparser.moc"
