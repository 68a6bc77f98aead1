// HistoryStore: runs recorded on its worker thread according to the policy, and read back.
#include "history/historystore.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kDiskTimeoutMs = 10'000;

Core::RunRequest request(const QString &code)
{
    Core::RunRequest r;
    r.language = QStringLiteral("python");
    r.entryFile = QStringLiteral("main.py");
    r.sources = {{r.entryFile, code.toUtf8()}};
    return r;
}

Core::RunResult result(int exitCode)
{
    Core::RunResult r;
    r.exitCode = exitCode;
    return r;
}

// Loads the history (queued behind any record on the store's thread, so it sees them) and
// gives what it listed: every run's code, newest first.
QStringList loadedCodes(Ui::HistoryStore &store)
{
    QSignalSpy loaded(&store, &Ui::HistoryStore::loaded);
    store.load();
    if (!loaded.wait(kDiskTimeoutMs))
        return {QStringLiteral("<not loaded>")};
    QStringList codes;
    for (const Core::RunRecord &record : loaded.at(0).at(0).value<Core::RunHistory::Listing>().records)
        codes << record.code;
    return codes;
}
} // namespace

class TestHistoryStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordsThenLoads()
    {
        QTemporaryDir dir;
        Core::HistorySettings settings;
        settings.directory = dir.path();
        Ui::HistoryStore store(settings);
        QSignalSpy recorded(&store, &Ui::HistoryStore::recorded);
        QSignalSpy loaded(&store, &Ui::HistoryStore::loaded);
        store.record(request(QStringLiteral("print(1)\n")), result(0));
        store.load(); // queued behind the record on the same thread, so it sees it
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, kDiskTimeoutMs);
        QCOMPARE(recorded.size(), 1);
        const auto listing = loaded.at(0).at(0).value<Core::RunHistory::Listing>();
        QCOMPARE(listing.records.size(), 1);
        QCOMPARE(listing.records.at(0).code, QStringLiteral("print(1)\n"));
        QCOMPARE(listing.records.at(0).id, recorded.at(0).at(0).toString());
    }

    void policyIsApplied()
    {
        QTemporaryDir dir;
        Core::HistorySettings settings;
        settings.directory = dir.path();
        settings.policy = Core::StorePolicy::OnError;
        Ui::HistoryStore store(settings);
        store.record(request(QStringLiteral("fine")), result(0));
        store.record(request(QStringLiteral("broken")), result(1));
        QCOMPARE(loadedCodes(store), QStringList{QStringLiteral("broken")});
    }

    void newSettingsApplyToTheNextRuns()
    {
        QTemporaryDir dir;
        Core::HistorySettings settings;
        settings.directory = dir.path();
        Ui::HistoryStore store(settings);
        store.record(request(QStringLiteral("kept")), result(0));
        settings.policy = Core::StorePolicy::Never; // as Settings… changes it while the window runs
        store.setSettings(settings);
        store.record(request(QStringLiteral("not kept")), result(0));
        QCOMPARE(loadedCodes(store), QStringList{QStringLiteral("kept")});
    }

    void unwritableFolderIsReported()
    {
        Core::HistorySettings settings;
        settings.directory = QStringLiteral("/proc/self/sandpit-history");
        Ui::HistoryStore store(settings);
        QSignalSpy failed(&store, &Ui::HistoryStore::recordFailed);
        store.record(request(QStringLiteral("x")), result(0));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, kDiskTimeoutMs);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("not recorded")));
    }
};

QTEST_GUILESS_MAIN(TestHistoryStore)
#include "tst_historystore.moc"
