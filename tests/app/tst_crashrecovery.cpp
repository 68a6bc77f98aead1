// Never lose code, tested as it happens to people: the real sandpit on a real X server, text
// typed with the keyboard, the process killed with SIGKILL, Sandpit started again, and the text
// read back from the editor through the clipboard.
#include "desktopsession.h"

#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

class TestCrashRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void untitledTextComesBackAfterKill9();
    void modifiedFileComesBackAfterKill9AndTheFileIsUntouched();

private:
    /// Starts Sandpit with `arguments`, presses `moveKey` in its window titled `title`, types
    /// `typed`, waits for the autosave and kills it with SIGKILL.
    static bool typeThenKill(DesktopSession &desktop, const QStringList &arguments, const QString &title,
                             const QString &moveKey, const QString &typed);
    /// Starts Sandpit again and takes its offer to restore; the id of the window, or empty.
    static QString restartAndRestore(DesktopSession &desktop, const QString &title);
};

void TestCrashRecovery::initTestCase()
{
    if (const QString missing = DesktopSession::missingTool(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
}

bool TestCrashRecovery::typeThenKill(DesktopSession &desktop, const QStringList &arguments, const QString &title,
                                     const QString &moveKey, const QString &typed)
{
    if (!desktop.startApp(arguments))
        return false;
    const QString window = desktop.waitForWindow(title);
    if (window.isEmpty()) {
        qWarning("the window did not appear");
        return false;
    }
    desktop.focus(window);
    desktop.key(moveKey);
    desktop.type(typed);
    if (!desktop.journalHolds(typed)) {
        qWarning("the typed text never reached the journal");
        return false;
    }
    desktop.killApp();
    return !desktop.appRunning();
}

QString TestCrashRecovery::restartAndRestore(DesktopSession &desktop, const QString &title)
{
    if (!desktop.startApp({}))
        return {};
    const QString offer = desktop.waitForWindow(QStringLiteral("Recover unsaved work"));
    if (offer.isEmpty())
        return {};
    desktop.focus(offer);
    desktop.key(QStringLiteral("Return")); // "Restore" is the default answer
    return desktop.waitForWindow(title);
}

void TestCrashRecovery::untitledTextComesBackAfterKill9()
{
    DesktopSession desktop;
    QVERIFY(desktop.startServer());
    const QString typed = QStringLiteral("print('typed before the crash')");
    QVERIFY(typeThenKill(desktop, {}, QStringLiteral("untitled.py"), QStringLiteral("ctrl+a"), typed));

    const QString again = restartAndRestore(desktop, QStringLiteral("untitled.py"));
    QVERIFY2(!again.isEmpty(), "no offer to restore, or no window after it");
    desktop.focus(again);
    QTRY_COMPARE_WITH_TIMEOUT(desktop.copyAll(), typed, 10000);
    // The restored buffer is journaled by the new Sandpit, and the dead one's journal is gone,
    // so a second crash loses nothing and nothing is offered twice.
    QTRY_VERIFY_WITH_TIMEOUT(desktop.journalEntries().size() == 1 && desktop.journalEntries().first().contains(typed),
                             10000);
}

void TestCrashRecovery::modifiedFileComesBackAfterKill9AndTheFileIsUntouched()
{
    DesktopSession desktop;
    QVERIFY(desktop.startServer());
    const QString path = desktop.home() + QStringLiteral("/hello.py");
    const QByteArray onDisk = "print('saved on disk')\n";
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(onDisk);
    }
    const QString typed = QStringLiteral("print('typed after the save')");
    QVERIFY(typeThenKill(desktop, {path}, QStringLiteral("hello.py"), QStringLiteral("ctrl+End"), typed));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), onDisk); // autosave never writes over the learner's file

    const QString again = restartAndRestore(desktop, QStringLiteral("hello.py"));
    QVERIFY2(!again.isEmpty(), "no offer to restore, or no window after it");
    QVERIFY(desktop.windowName(again).contains(QStringLiteral("hello.py")));
    desktop.focus(again);
    QTRY_COMPARE_WITH_TIMEOUT(desktop.copyAll(), QString::fromUtf8(onDisk) + typed, 10000);
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "tst_crashrecovery.moc"
