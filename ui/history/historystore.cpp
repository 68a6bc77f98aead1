#include "history/historystore.h"

#include "window/backgroundtask.h"

namespace Sandpit::Ui {

HistoryStore::HistoryStore(const Core::HistorySettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{
    // One thread: records and loads never race, and pruning never deletes under a reader.
    m_pool.setMaxThreadCount(1);
}

HistoryStore::~HistoryStore()
{
    m_pool.waitForDone();
}

void HistoryStore::record(const Core::RunRequest &request, const Core::RunResult &result)
{
    if (!m_settings.wants(result))
        return;
    const Core::RunRecord record = Core::RunRecord::fromRun(request, result, QDateTime::currentDateTimeUtc());
    const Core::RunHistory history(m_settings.directory, m_settings.maxRecords);
    using Result = std::expected<QString, QString>;
    runInBackground<Result>(
        this, [history, record] { return history.store(record); },
        [this](const Result &stored) {
            if (stored)
                Q_EMIT recorded(*stored);
            else
                Q_EMIT recordFailed(QStringLiteral("The run was not recorded in the history: %1").arg(stored.error()));
        },
        &m_pool);
}

void HistoryStore::load()
{
    const Core::RunHistory history(m_settings.directory, m_settings.maxRecords);
    runInBackground<Core::RunHistory::Listing>(
        this, [history] { return history.load(); },
        [this](const Core::RunHistory::Listing &listing) { Q_EMIT loaded(listing); }, &m_pool);
}

} // namespace Sandpit::Ui
