// A logout, tested as it happens: the real sandpit on a private X server gets SIGTERM (what a
// session manager sends), then starts again. Files come back quietly; only text that was never
// saved is offered, and the learner's files are never written behind their back.
#include "desktopsession.h"

#include <QFile>
#include <QStandardPaths>
#include <QTest>

class TestLogoutQuit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aSavedFileIsReopenedWithoutARecoveryOffer();
    void unsavedEditsAreOfferedBackAndTheFileIsUntouched();

private:
    static QString writeProgram(DesktopSession &desktop, const QByteArray &content);
};

void TestLogoutQuit::initTestCase()
{
    if (const QString missing = DesktopSession::missingTool(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
}

QString TestLogoutQuit::writeProgram(DesktopSession &desktop, const QByteArray &content)
{
    const QString path = desktop.home() + QStringLiteral("/hello.py");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestLogoutQuit::aSavedFileIsReopenedWithoutARecoveryOffer()
{
    DesktopSession desktop;
    QVERIFY(desktop.startServer());
    const QString path = writeProgram(desktop, "print('saved')\n");
    QVERIFY(desktop.startApp({path}));
    QVERIFY(!desktop.waitForWindow(QStringLiteral("hello.py")).isEmpty());
    QVERIFY2(desktop.journalHolds(QStringLiteral("hello.py")), "the open file was never journaled");
    QVERIFY2(desktop.terminateApp(), "SIGTERM did not end Sandpit as a quit (status 0)");
    // Nothing was unsaved, so nothing is left for the next start to offer.
    QCOMPARE(desktop.journalEntries(), QStringList());

    QVERIFY(desktop.startApp({}));
    const QString window = desktop.waitForWindow(QStringLiteral("hello.py"));
    QVERIFY2(!window.isEmpty(), "the file of the last session did not come back");
    // The offer would come before this session's first autosave, which is written once the
    // search for abandoned buffers has finished.
    QVERIFY(desktop.journalHolds(QStringLiteral("hello.py")));
    QVERIFY2(!desktop.hasWindow(QStringLiteral("Recover unsaved work")), "a recovery offer for a saved file");
    desktop.focus(window);
    QTRY_COMPARE_WITH_TIMEOUT(desktop.copyAll(), QStringLiteral("print('saved')\n"), 10000);
}

void TestLogoutQuit::unsavedEditsAreOfferedBackAndTheFileIsUntouched()
{
    DesktopSession desktop;
    QVERIFY(desktop.startServer());
    const QByteArray onDisk = "print('saved')\n";
    const QString path = writeProgram(desktop, onDisk);
    QVERIFY(desktop.startApp({path}));
    const QString window = desktop.waitForWindow(QStringLiteral("hello.py"));
    QVERIFY(!window.isEmpty());
    desktop.focus(window);
    desktop.key(QStringLiteral("ctrl+End"));
    const QString typed = QStringLiteral("print('typed before the logout')");
    desktop.type(typed);
    QVERIFY2(desktop.journalHolds(typed), "the typed text never reached the journal");
    QVERIFY2(desktop.terminateApp(), "SIGTERM did not end Sandpit as a quit (status 0)");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), onDisk); // no silent save at logout
    QCOMPARE(desktop.journalEntries().size(), 1);

    QVERIFY(desktop.startApp({}));
    const QString offer = desktop.waitForWindow(QStringLiteral("Recover unsaved work"));
    QVERIFY2(!offer.isEmpty(), "the unsaved text was not offered back");
    desktop.focus(offer);
    desktop.key(QStringLiteral("Return")); // "Restore" is the default answer
    const QString again = desktop.waitForWindow(QStringLiteral("hello.py"));
    QVERIFY(!again.isEmpty());
    desktop.focus(again);
    QTRY_COMPARE_WITH_TIMEOUT(desktop.copyAll(), QString::fromUtf8(onDisk) + typed, 10000);
}

QTEST_GUILESS_MAIN(TestLogoutQuit)
#include "tst_logoutquit.moc"
