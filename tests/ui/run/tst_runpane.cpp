// The Run pane's Network section: the hosts a run tried to reach, in order, allowed or denied,
// shown only for a run that had a network allow-list, with a denied attempt marked in words.
#include "run/runpane.h"

#include <QLabel>
#include <QTest>

using namespace Sandpit;

class TestRunPane : public QObject
{
    Q_OBJECT

    static Core::RunResult withAttempts(const QList<Core::NetworkAttempt> &attempts)
    {
        Core::RunResult result;
        result.exitCode = 0;
        result.network = attempts;
        return result;
    }

    static QLabel *networkLabel(Ui::RunPane &pane) { return pane.findChild<QLabel *>(QStringLiteral("runNetwork")); }

private Q_SLOTS:
    void listsEveryAttemptInOrderAndMarksTheDenied()
    {
        Ui::RunPane pane;
        pane.show();
        pane.showResult(withAttempts({{QStringLiteral("pypi.org"), 443, true},
                                      {QStringLiteral("evil.example.com"), 80, false},
                                      {QStringLiteral("::1"), 8080, true}}));
        QCOMPARE(pane.networkText(), QStringLiteral("pypi.org:443 — allowed\n"
                                                    "evil.example.com:80 — denied\n"
                                                    "[::1]:8080 — allowed"));
        QLabel *label = networkLabel(pane);
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().contains(QStringLiteral("<b>✗ evil.example.com:80 — denied</b>")), qPrintable(label->text()));
        QVERIFY(label->text().contains(QStringLiteral("✓ pypi.org:443 — allowed")));
    }

    void anAllowedDestinationNotReachedSaysWhy()
    {
        Ui::RunPane pane;
        pane.show();
        pane.showResult(withAttempts({{QStringLiteral("127.0.0.1"), 9, true, false, QStringLiteral("refused")}}));
        QCOMPARE(pane.networkText(), QStringLiteral("127.0.0.1:9 — allowed, but could not connect: refused"));
        QVERIFY2(!networkLabel(pane)->text().contains(QStringLiteral("✓")), qPrintable(networkLabel(pane)->text()));
    }

    void theSentenceUnderTheHeadingNamesTheRefusedHosts()
    {
        Ui::RunPane pane;
        pane.showResult(withAttempts({{QStringLiteral("pypi.org"), 443, true}}));
        QVERIFY(!pane.messageText().contains(QStringLiteral("refused")));
        pane.showResult(withAttempts({{QStringLiteral("a.example"), 80, false},
                                      {QStringLiteral("a.example"), 80, false},
                                      {QStringLiteral("b.example"), 443, false}}));
        QVERIFY2(pane.messageText().endsWith(QStringLiteral("Sandpit's proxy refused a.example:80, b.example:443: not "
                                                            "among the allowed hosts (Settings › Network).")),
                 qPrintable(pane.messageText()));
    }

    void theProxysCountOfUnlistedAttemptsIsNoHost()
    {
        Ui::RunPane pane;
        pane.showResult(withAttempts(
            {{QStringLiteral("a.example"), 80, false}, {QStringLiteral("7 more attempts not listed"), 0, false}}));
        QVERIFY2(pane.messageText().endsWith(QStringLiteral("Sandpit's proxy refused a.example:80: not "
                                                            "among the allowed hosts (Settings › Network).")),
                 qPrintable(pane.messageText()));
        QCOMPARE(pane.networkText(), QStringLiteral("a.example:80 — denied\n7 more attempts not listed"));
    }

    void aPackageInstallsAttemptsSayWhoseTheyAre()
    {
        Ui::RunPane pane;
        pane.showResult(withAttempts({{QStringLiteral("pypi.org"), 443, true, true},
                                      {QStringLiteral("cdn.example"), 443, false, true},
                                      {QStringLiteral("pypi.org"), 443, false}}));
        QCOMPARE(pane.networkText(), QStringLiteral("pypi.org:443 — allowed, package install\n"
                                                    "cdn.example:443 — denied, package install\n"
                                                    "pypi.org:443 — denied"));
        // The install's refusal has the setup step's own sentence; the program's is said here.
        QVERIFY2(pane.messageText().contains(QStringLiteral("refused pypi.org:443")), qPrintable(pane.messageText()));
        QVERIFY2(!pane.messageText().contains(QStringLiteral("cdn.example")), qPrintable(pane.messageText()));
    }

    void noSectionWithoutNetwork()
    {
        Ui::RunPane pane;
        pane.show();
        pane.showResult(withAttempts({{QStringLiteral("pypi.org"), 443, true}}));
        QVERIFY(networkLabel(pane)->isVisible());
        pane.showRunning(QStringLiteral("main.py (Python)")); // the next run starts with none
        QVERIFY(!networkLabel(pane)->isVisible());
        pane.showResult(withAttempts({}));
        QVERIFY(!networkLabel(pane)->isVisible());
        QVERIFY(pane.networkText().isEmpty());
    }

    void aHostNameCannotInjectMarkup()
    {
        Ui::RunPane pane;
        pane.showResult(withAttempts({{QStringLiteral("<b>x</b>"), 80, false}}));
        QVERIFY(networkLabel(pane)->text().contains(QStringLiteral("&lt;b&gt;x&lt;/b&gt;:80")));
    }

    void aFloodOfAttemptsIsCut()
    {
        Ui::RunPane pane;
        QList<Core::NetworkAttempt> attempts;
        for (int i = 0; i < 1000; ++i)
            attempts.append({QStringLiteral("example.com"), 80, false});
        pane.showResult(withAttempts(attempts));
        QVERIFY(networkLabel(pane)->text().endsWith(QStringLiteral("… 800 more (sandpit run --json lists them all)")));
    }
};

QTEST_MAIN(TestRunPane)
#include "tst_runpane.moc"
