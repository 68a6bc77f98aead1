// Help and version on a computer without a display (a server, an ssh session, CI): they are
// answered by the command line and never reach the window, which would abort for want of a
// display. Both the window's binary and the GUI-less sandpit-cli.
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTest>

#include <utility>

#include "sandpitprocess.h"

namespace {
constexpr int kTimeoutMs = 30000;

QProcessEnvironment withoutADisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    return env;
}
} // namespace

class TestCliHelp : public QObject
{
    Q_OBJECT

private:
    static SandpitProcess sandpit(const QStringList &arguments, const QString &program = QStringLiteral("sandpit"))
    {
        return SandpitProcess::run(arguments, withoutADisplay(), kTimeoutMs, program);
    }
    static bool hasLine(const QByteArray &text, const QString &pattern)
    {
        return QString::fromUtf8(text).contains(QRegularExpression(pattern, QRegularExpression::MultilineOption));
    }

private Q_SLOTS:
    void helpListsTheCommands()
    {
        const std::pair<const char *, const char *> asked[]
            = {{"sandpit", "--help"}, {"sandpit", "-h"}, {"sandpit-cli", "--help"}};
        for (const auto &[program, word] : asked) {
            const QString name = QString::fromLatin1(program);
            const SandpitProcess p = sandpit({QString::fromLatin1(word)}, name);
            QCOMPARE(p.exitCode, 0);
            QVERIFY2(p.out.contains("Usage: " + QByteArray(program)), p.out.constData());
            QVERIFY2(hasLine(p.out, QStringLiteral("^  run FILE \\[-- ARGS…\\]  +Run a program")), p.out.constData());
            QVERIFY2(hasLine(p.out, QStringLiteral("^  history  +List the runs")), p.out.constData());
            QCOMPARE(QString::fromUtf8(p.out).count(QStringLiteral("\n  run ")), 1);
            QVERIFY2(!p.err.contains("display"), p.err.constData());
        }
    }

    void onlyTheWindowsBinaryOffersTheWindow()
    {
        QVERIFY(sandpit({QStringLiteral("--help")}).out.contains("opens the window"));
        const SandpitProcess cli = sandpit({QStringLiteral("--help")}, QStringLiteral("sandpit-cli"));
        QVERIFY2(!cli.out.contains("window"), cli.out.constData());
    }

    void versionOfEitherBinary()
    {
        for (const QString &program : {QStringLiteral("sandpit"), QStringLiteral("sandpit-cli")}) {
            const SandpitProcess p = sandpit({QStringLiteral("--version")}, program);
            QCOMPARE(p.exitCode, 0);
            const QRegularExpression line(QStringLiteral("^%1 \\d+\\.\\d+(\\.\\d+)?\\n$").arg(program));
            QVERIFY2(line.match(QString::fromUtf8(p.out)).hasMatch(), p.out.constData());
        }
    }

    // Every command's own help, from either binary, with no display, and through `help COMMAND`.
    void everyCommandHasItsHelp()
    {
        for (const QString &program : {QStringLiteral("sandpit"), QStringLiteral("sandpit-cli")}) {
            for (const QString &command : {QStringLiteral("run"), QStringLiteral("history")}) {
                const SandpitProcess asked = sandpit({command, QStringLiteral("--help")}, program);
                QCOMPARE(asked.exitCode, 0);
                QVERIFY2(asked.out.contains("Usage: ") && asked.out.contains(command.toUtf8()), asked.out.constData());
                QVERIFY2(asked.err.isEmpty(), asked.err.constData());
                const SandpitProcess viaHelp = sandpit({QStringLiteral("help"), command}, program);
                QCOMPARE(viaHelp.exitCode, 0);
                QCOMPARE(viaHelp.out, asked.out);
            }
        }
        const SandpitProcess unknown = sandpit({QStringLiteral("help"), QStringLiteral("nope")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("unknown command \"nope\""), unknown.err.constData());
    }

    void runHelpSaysHowToPassArgumentsAndWhatItExitsWith()
    {
        const SandpitProcess p = sandpit({QStringLiteral("run"), QStringLiteral("--help")});
        QVERIFY2(p.out.contains("[-- ARGS…]"), p.out.constData());
        QVERIFY2(p.out.contains("- reads it from"), p.out.constData());
        for (const char *status : {"124", "128+N", "125", "With --json: 0"})
            QVERIFY2(p.out.contains(status), status);
    }

    void runHelpNamesItsOptions()
    {
        const SandpitProcess p = sandpit({QStringLiteral("run"), QStringLiteral("--help")});
        QCOMPARE(p.exitCode, 0);
        for (const char *option : {"--lang", "--backend", "--timeout", "--stdin", "--file", "--workspace", "--json"})
            QVERIFY2(p.out.contains(option), option);
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_clihelp.moc"
