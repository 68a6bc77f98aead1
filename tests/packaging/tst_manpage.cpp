// sandpit(1) as `man sandpit` shows it: it names every command `sandpit --help` lists, with
// every option that command's own help lists, and man renders it without a warning (what
// lintian checks). The page is made by the build, so a new command must appear by itself.
#include <QTest>

#include "support/helptext.h"

namespace {
QProcessEnvironment manEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // As lintian runs it: UTF-8, wide enough that no option is hyphenated across lines.
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("200"));
    env.insert(QStringLiteral("MANROFFSEQ"), QString());
    return env;
}

SandpitTest::ToolRun renderedPage()
{
    return SandpitTest::runTool(QStringLiteral("man"),
                                {QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"),
                                 QStringLiteral("-l"), QStringLiteral(SANDPIT_MAN_PAGE)},
                                manEnvironment());
}

} // namespace

class TestManPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rendersWithoutWarnings()
    {
        const SandpitTest::ToolRun man = renderedPage();
        QCOMPARE(man.exitCode, 0);
        QVERIFY2(man.err.isEmpty(), man.err.constData());
        QVERIFY(man.out.contains("SANDPIT(1)"));
        QVERIFY(man.out.contains("SYNOPSIS"));
    }

    void namesEveryCommandAndItsOptions()
    {
        const QString page = QString::fromUtf8(renderedPage().out);
        const QStringList commands = SandpitTest::helpCommands(SandpitTest::sandpitHelp({QStringLiteral("--help")}));
        QVERIFY(commands.contains(QStringLiteral("run")));
        for (const QString &command : commands) {
            const int section = page.indexOf(QStringLiteral("\n   sandpit ") + command + QLatin1Char('\n'));
            QVERIFY2(section >= 0, qPrintable(QStringLiteral("no section for ") + command));
            const int next = page.indexOf(QStringLiteral("\n   sandpit "), section + 1);
            const QString text = page.mid(section, next < 0 ? -1 : next - section);
            const QStringList options
                = SandpitTest::helpOptions(SandpitTest::sandpitHelp({command, QStringLiteral("--help")}));
            QVERIFY(options.contains(QStringLiteral("--help")));
            for (const QString &option : options) {
                const QString where = QStringLiteral("sandpit %1 %2").arg(command, option);
                QVERIFY2(text.contains(QRegularExpression(
                             QStringLiteral("(^|[ ,])%1([ ,]|$)").arg(QRegularExpression::escape(option)),
                             QRegularExpression::MultilineOption)),
                         qPrintable(where + QStringLiteral(" is not in the page")));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestManPage)
#include "tst_manpage.moc"
