// Kill reasons and signal names: the words the JSON output, the run history and the result
// pane all rely on.
#include "model/killreason.h"

#include <QSet>
#include <QTest>

#include <csignal>

using namespace Sandpit::Core;

Q_DECLARE_METATYPE(Sandpit::Core::KillReason)

namespace {
constexpr KillReason kAllReasons[] = {
    KillReason::None,         KillReason::Timeout,      KillReason::CpuTime,        KillReason::Memory,
    KillReason::OutputLimit,  KillReason::ProcessLimit, KillReason::FileSize,       KillReason::BlockedSyscall,
    KillReason::Signal,       KillReason::Cancelled,
};
} // namespace

class TestKillReason : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void idsAreStable_data()
    {
        QTest::addColumn<KillReason>("reason");
        QTest::addColumn<QString>("id");
        QTest::newRow("none") << KillReason::None << QStringLiteral("none");
        QTest::newRow("timeout") << KillReason::Timeout << QStringLiteral("timeout");
        QTest::newRow("cpu-time") << KillReason::CpuTime << QStringLiteral("cpu-time");
        QTest::newRow("memory") << KillReason::Memory << QStringLiteral("memory");
        QTest::newRow("output-limit") << KillReason::OutputLimit << QStringLiteral("output-limit");
        QTest::newRow("process-limit") << KillReason::ProcessLimit << QStringLiteral("process-limit");
        QTest::newRow("file-size") << KillReason::FileSize << QStringLiteral("file-size");
        QTest::newRow("blocked-syscall") << KillReason::BlockedSyscall << QStringLiteral("blocked-syscall");
        QTest::newRow("signal") << KillReason::Signal << QStringLiteral("signal");
        QTest::newRow("cancelled") << KillReason::Cancelled << QStringLiteral("cancelled");
    }

    void idsAreStable()
    {
        QFETCH(KillReason, reason);
        QFETCH(QString, id);
        QCOMPARE(killReasonId(reason), id);
        QCOMPARE(killReasonFromId(id), std::optional<KillReason>(reason));
    }

    void everyReasonRoundTrips()
    {
        QSet<QString> ids;
        for (KillReason reason : kAllReasons) {
            const QString id = killReasonId(reason);
            ids.insert(id);
            QCOMPARE(killReasonFromId(id), std::optional<KillReason>(reason));
        }
        QCOMPARE(ids.size(), 10);
    }

    void unknownIdIsRejected_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("made up") << QStringLiteral("exploded");
        QTest::newRow("empty") << QString();
        QTest::newRow("wrong case") << QStringLiteral("Timeout");
        QTest::newRow("underscore") << QStringLiteral("cpu_time");
        QTest::newRow("padded") << QStringLiteral(" timeout");
    }

    void unknownIdIsRejected()
    {
        QFETCH(QString, id);
        QCOMPARE(killReasonFromId(id), std::nullopt);
    }

    void titlesAreNonEmptyAndDistinct()
    {
        QSet<QString> titles;
        for (KillReason reason : kAllReasons) {
            const QString title = killReasonTitle(reason);
            QVERIFY2(!title.trimmed().isEmpty(), qPrintable(killReasonId(reason)));
            titles.insert(title);
        }
        QCOMPARE(titles.size(), 10);
    }

    void signalNames_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("name");
        QTest::newRow("11") << 11 << QStringLiteral("SIGSEGV");
        QTest::newRow("SIGKILL") << int(SIGKILL) << QStringLiteral("SIGKILL");
        QTest::newRow("SIGABRT") << int(SIGABRT) << QStringLiteral("SIGABRT");
        QTest::newRow("SIGSYS") << int(SIGSYS) << QStringLiteral("SIGSYS");
        QTest::newRow("SIGXCPU") << int(SIGXCPU) << QStringLiteral("SIGXCPU");
        QTest::newRow("SIGXFSZ") << int(SIGXFSZ) << QStringLiteral("SIGXFSZ");
    }

    void signalNames()
    {
        QFETCH(int, number);
        QFETCH(QString, name);
        QCOMPARE(signalName(number), name);
        QVERIFY(!signalDescription(number).isEmpty());
        QVERIFY(!signalDescription(number).startsWith(QStringLiteral("signal ")));
    }

    void segfaultIsDescribedForPeople()
    {
        QVERIFY(signalDescription(SIGSEGV).contains(QStringLiteral("segmentation fault")));
    }

    void unknownSignalNumberIsShownAsANumber_data()
    {
        QTest::addColumn<int>("number");
        QTest::newRow("64") << 64;
        QTest::newRow("0") << 0;
        QTest::newRow("negative") << -3;
        QTest::newRow("huge") << 1000;
    }

    void unknownSignalNumberIsShownAsANumber()
    {
        QFETCH(int, number);
        const QString expected = QStringLiteral("signal %1").arg(number);
        QCOMPARE(signalName(number), expected);
        QCOMPARE(signalDescription(number), expected);
    }
};

QTEST_GUILESS_MAIN(TestKillReason)
#include "tst_killreason.moc"
