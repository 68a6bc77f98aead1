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

QTEST_GUILESS_MAIN(TestQuitSignals)
#include "tst_quitsignals.moc"
