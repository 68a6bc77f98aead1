// Kill reasons and signal names: the words the JSON output, the run history and the result
// pane all rely on.
#include "model/killreason.h"

#include <QSet>
#include <QTest>

#include <csignal>
#include <utility>

using namespace Sandpit::Core;

Q_DECLARE_METATYPE(Sandpit::Core::KillReason)

namespace {
/// Whether `reason` is one of the enum's values. A reason added to the enum without a case here
/// stops the build (-Werror=switch), so none can escape the tests below.
bool isReason(KillReason reason)
{
    switch (reason) {
    case KillReason::None:
    case KillReason::Timeout:
    case KillReason::CpuTime:
    case KillReason::Memory:
    case KillReason::OutputLimit:
    case KillReason::ProcessLimit:
    case KillReason::FileSize:
    case KillReason::BlockedSyscall:
    case KillReason::Signal:
    case KillReason::Cancelled:
        return true;
    }
    return false; // past the enum's last value
}

/// Every reason of the enum, read off the switch above: the values run from 0 without gaps.
QList<KillReason> allReasons()
{
    QList<KillReason> reasons;
    for (int value = 0; isReason(static_cast<KillReason>(value)); ++value)
        reasons << static_cast<KillReason>(value);
    return reasons;
}

/// The words the JSON output and the run history have used, which must never change.
constexpr std::pair<KillReason, const char *> kPublishedIds[] = {
    {KillReason::None, "none"},
    {KillReason::Timeout, "timeout"},
    {KillReason::CpuTime, "cpu-time"},
    {KillReason::Memory, "memory"},
    {KillReason::OutputLimit, "output-limit"},
    {KillReason::ProcessLimit, "process-limit"},
    {KillReason::FileSize, "file-size"},
    {KillReason::BlockedSyscall, "blocked-syscall"},
    {KillReason::Signal, "signal"},
    {KillReason::Cancelled, "cancelled"},
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
        for (const auto &[reason, id] : kPublishedIds)
            QTest::newRow(id) << reason << QString::fromLatin1(id);
    }

    void idsAreStable()
    {
        QFETCH(KillReason, reason);
        QFETCH(QString, id);
        QCOMPARE(killReasonId(reason), id);
        QCOMPARE(killReasonFromId(id), std::optional<KillReason>(reason));
    }

    // What keeps a new reason from being added without a published word.
    void everyReasonHasAStableId()
    {
        QList<KillReason> listed;
        for (const auto &published : kPublishedIds)
            listed << published.first;
        QCOMPARE(listed, allReasons());
    }

    void everyReasonRoundTrips()
    {
        QSet<QString> ids;
        for (KillReason reason : allReasons()) {
            const QString id = killReasonId(reason);
            ids.insert(id);
            QCOMPARE(killReasonFromId(id), std::optional<KillReason>(reason));
        }
        QCOMPARE(ids.size(), allReasons().size());
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
        for (KillReason reason : allReasons()) {
            const QString title = killReasonTitle(reason);
            QVERIFY2(!title.trimmed().isEmpty(), qPrintable(killReasonId(reason)));
            titles.insert(title);
        }
        QCOMPARE(titles.size(), allReasons().size());
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
