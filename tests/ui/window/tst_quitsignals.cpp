// A logout (SIGTERM), a hang-up (SIGHUP) and Ctrl+C (SIGINT) reach the event loop as a quit
// request instead of ending the process on the spot.
#include "window/quitsignals.h"

#include <QSignalSpy>
#include <QTest>

#include <csignal>

class TestQuitSignals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSignalBecomesAQuitRequest_data();
    void aSignalBecomesAQuitRequest();
    void aLogoutsSigtermThenSighupIsOneQuit();
};

void TestQuitSignals::aSignalBecomesAQuitRequest_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM (logout)") << SIGTERM;
    QTest::newRow("SIGHUP (terminal closed)") << SIGHUP;
    QTest::newRow("SIGINT (Ctrl+C)") << SIGINT;
}

void TestQuitSignals::aSignalBecomesAQuitRequest()
{
    QFETCH(int, signal);
    Sandpit::Ui::QuitSignals quitSignals;
    QSignalSpy quit(&quitSignals, &Sandpit::Ui::QuitSignals::quitRequested);
    // Without the handler, this would end the test executable.
    QCOMPARE(::raise(signal), 0);
    QTRY_COMPARE(quit.count(), 1);
    QCOMPARE(quit.first().first().toInt(), signal);
}

void TestQuitSignals::aLogoutsSigtermThenSighupIsOneQuit()
{
    Sandpit::Ui::QuitSignals quitSignals;
    QSignalSpy quit(&quitSignals, &Sandpit::Ui::QuitSignals::quitRequested);
    // systemd ends a session scope with SIGTERM and, at once, SIGHUP: the second must neither
    // end the process (this test would die here) nor start a second quit.
    QCOMPARE(::raise(SIGTERM), 0);
    QCOMPARE(::raise(SIGHUP), 0);
    QCOMPARE(::raise(SIGTERM), 0);
    QTRY_COMPARE(quit.count(), 1);
    QCOMPARE(quit.first().first().toInt(), SIGTERM);
    QCoreApplication::processEvents(); // the loop reads anything else that came
    QCOMPARE(quit.count(), 1);
}

QTEST_GUILESS_MAIN(TestQuitSignals)
#include "tst_quitsignals.moc"
