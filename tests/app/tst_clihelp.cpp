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
            QVERIFY2(hasLine(p.out, QStringLiteral("^  run FILE ")), p.out.constData());
            QVERIFY2(hasLine(p.out, QStringLiteral("^  history ")), p.out.constData());
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
