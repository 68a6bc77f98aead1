// What the Run pane tells a beginner to do about the Python errors a first course meets most,
// from the messages Python 3.11 prints for them; and nothing for an error it has no surer
// word on than Python's own.
#include "run/erroradvice.h"
#include "run/runpane.h"

#include <QTest>

using namespace Sandpit;

class TestErrorAdvice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void saysWhatToDo_data()
    {
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("advice");
        QTest::newRow("misspelt name") << QStringLiteral("NameError: name 'totl' is not defined. Did you mean: 'total'?")
                                       << QStringLiteral("is it a misspelling of 'total'?");
        QTest::newRow("unknown name") << QStringLiteral("NameError: name 'yes' is not defined")
                                      << QStringLiteral("put it in quotes if you meant the text \"yes\"");
        QTest::newRow("missing colon") << QStringLiteral("SyntaxError: expected ':'")
                                       << QStringLiteral("must end with a colon ':'");
        QTest::newRow("unclosed bracket") << QStringLiteral("SyntaxError: '(' was never closed")
                                          << QStringLiteral("The '(' opened here has no closing bracket");
        QTest::newRow("unclosed string") << QStringLiteral("SyntaxError: unterminated string literal (detected at line 1)")
                                         << QStringLiteral("add the same quote mark at its end");
        QTest::newRow("= for ==") << QStringLiteral("SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead "
                                                    "of '='?")
                                  << QStringLiteral("write '=='");
        QTest::newRow("no indented block")
            << QStringLiteral("IndentationError: expected an indented block after function definition on line 1")
            << QStringLiteral("must be indented, usually by 4 spaces");
        QTest::newRow("unexpected indent") << QStringLiteral("IndentationError: unexpected indent")
                                           << QStringLiteral("remove the spaces at its start");
        QTest::newRow("letters for a number")
            << QStringLiteral("ValueError: invalid literal for int() with base 10: 'twelve'")
            << QStringLiteral("int() was given 'twelve', which is not a whole number. If you typed it, run the "
                              "program again and type digits only.");
        QTest::newRow("text + number") << QStringLiteral("TypeError: can only concatenate str (not \"int\") to str")
                                       << QStringLiteral("not to a value of type int: turn it into text with "
                                                         "str(...)");
        QTest::newRow("input() not converted")
            << QStringLiteral("TypeError: unsupported operand type(s) for -: 'str' and 'int'")
            << QStringLiteral("input() always gives text");
        QTest::newRow("division by zero") << QStringLiteral("ZeroDivisionError: division by zero")
                                          << QStringLiteral("divided by zero");
        QTest::newRow("past the end") << QStringLiteral("IndexError: list index out of range")
                                      << QStringLiteral("the indexes 0 to n-1");
    }
    void saysWhatToDo()
    {
        QFETCH(QString, error);
        QFETCH(QString, advice);
        const QString said = Ui::errorAdvice(error);
        QVERIFY2(said.contains(advice), qPrintable(said));
    }

    void saysNothingWithoutSomethingSurer()
    {
        QCOMPARE(Ui::errorAdvice(QStringLiteral("KeyError: 'name'")), QString());
        QCOMPARE(Ui::errorAdvice(QStringLiteral("expected ';' before 'printf'")), QString());
        QCOMPARE(Ui::errorAdvice(QString()), QString());
    }

    void aLimitsSentenceSaysWhereToRaiseIt()
    {
        // A first course's "print the numbers to 200000" stops at the output limit.
        Core::RunResult result;
        result.killReason = Core::KillReason::OutputLimit;
        result.signal = 9;
        Ui::RunPane pane;
        pane.showResult(result);
        QVERIFY2(pane.messageText().endsWith(QStringLiteral("raise Output in Settings › Running.")),
                 qPrintable(pane.messageText()));
        result.killReason = Core::KillReason::Timeout;
        pane.showResult(result);
        QVERIFY2(pane.messageText().contains(QStringLiteral("look for a loop whose condition never becomes false")),
                 qPrintable(pane.messageText()));
        // Stop was pressed: nothing to raise.
        result.killReason = Core::KillReason::Cancelled;
        pane.showResult(result);
        QVERIFY2(!pane.messageText().contains(QStringLiteral("Settings")), qPrintable(pane.messageText()));
        // In a named sandbox (Sandboxes tab › Run File Here) the sandbox's own limits applied,
        // which the settings do not change.
        result.sandbox = QStringLiteral("lab");
        result.killReason = Core::KillReason::Memory;
        pane.showResult(result);
        QVERIFY2(!pane.messageText().contains(QStringLiteral("Settings")), qPrintable(pane.messageText()));
        QVERIFY2(pane.messageText().contains(QStringLiteral("The sandbox “lab” sets this limit")),
                 qPrintable(pane.messageText()));
        result.killReason = Core::KillReason::OutputLimit;
        pane.showResult(result);
        QVERIFY2(!pane.messageText().contains(QStringLiteral("Settings")), qPrintable(pane.messageText()));
    }

    void theRunPaneSaysItUnderTheError()
    {
        Core::RunResult result;
        result.exitCode = 1;
        Core::Diagnostic error;
        error.severity = Core::Diagnostic::Severity::Error;
        error.file = QStringLiteral("greet.py");
        error.line = 2;
        error.message = QStringLiteral("ValueError: invalid literal for int() with base 10: 'twelve'");
        result.diagnostics = {error};
        Ui::RunPane pane;
        pane.showResult(result);
        const QStringList lines = pane.messageText().split(QLatin1Char('\n'));
        QVERIFY2(lines.size() >= 2, qPrintable(pane.messageText()));
        QCOMPARE(lines.at(0), QStringLiteral("ValueError: invalid literal for int() with base 10: 'twelve', line 2"));
        QVERIFY2(lines.at(1).startsWith(QStringLiteral("int() was given 'twelve'")), qPrintable(pane.messageText()));
    }
};

QTEST_MAIN(TestErrorAdvice)
#include "tst_erroradvice.moc"
