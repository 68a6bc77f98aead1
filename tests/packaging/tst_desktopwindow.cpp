// The real window on a private X server, as the desktop sees it: its WM_CLASS is the desktop
// entry's StartupWMClass (so the launcher's entry, icon and startup notification belong to it)
// and it carries Sandpit's icon in the sizes panels and task switchers draw.
#include <QFile>
#include <QTest>

#include "app/desktopsession.h"
#include "support/desktopentryfile.h"
#include "support/helptext.h"

class TestDesktopWindow : public QObject
{
    Q_OBJECT

private:
    DesktopSession m_session;
    QString m_window;

    QString property(const QString &name) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DISPLAY"), m_session.display());
        return QString::fromUtf8(
            SandpitTest::runTool(QStringLiteral("xprop"), {QStringLiteral("-id"), m_window, name}, env).out);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_session.startServer());
        QVERIFY(m_session.startApp({QStringLiteral(SANDPIT_FIXTURES_DIR "/hello.py")}));
        m_window = m_session.waitForWindow(QStringLiteral("hello.py"));
        QVERIFY2(!m_window.isEmpty(), "the window did not show");
    }

    void classIsTheEntrysStartupWMClass()
    {
        const QString wmClass = SandpitTest::desktopEntryValue(QStringLiteral("StartupWMClass"));
        QVERIFY(!wmClass.isEmpty());
        // WM_CLASS is "instance", "class"; the desktop matches StartupWMClass to the class.
        QCOMPARE(property(QStringLiteral("WM_CLASS")).trimmed(),
                 QStringLiteral("WM_CLASS(STRING) = \"sandpit\", \"%1\"").arg(wmClass));
    }

    void carriesSandpitsIcon()
    {
        const QString icon = property(QStringLiteral("_NET_WM_ICON"));
        for (const int size : {16, 22, 24, 32, 48, 64, 128})
            QVERIFY2(icon.contains(QStringLiteral("Icon (%1 x %1):").arg(size)), qPrintable(icon.left(200)));
    }
};

QTEST_GUILESS_MAIN(TestDesktopWindow)
#include "tst_desktopwindow.moc"
