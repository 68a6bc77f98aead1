#pragma once

#include "history/runhistory.h"
#include "settings/historysettings.h"

#include <QObject>
#include <QThreadPool>

namespace Sandpit::Ui {

/// The window's way to the run history on disk. Every read and write runs on one worker
/// thread, in the order asked, so a load that follows a record sees it and the GUI thread
/// never waits for the disk.
class HistoryStore final : public QObject
{
    Q_OBJECT
public:
    explicit HistoryStore(const Core::HistorySettings &settings, QObject *parent = nullptr);
    /// Waits for a record still being written: a run that finished is not lost on quitting.
    ~HistoryStore() override;

    QString directory() const { return m_settings.directory; }
    /// The store policy and cap for the runs recorded from now on (Settings…). Each record and
    /// load takes a copy on this thread, so one already under way keeps the old ones.
    void setSettings(const Core::HistorySettings &settings) { m_settings = settings; }

public Q_SLOTS:
    /// Records the run if the store policy wants it; recorded() or recordFailed() follows.
    void record(const Sandpit::Core::RunRequest &request, const Sandpit::Core::RunResult &result);
    /// Reads all records; loaded() follows.
    void load();

Q_SIGNALS:
    void recorded(const QString &id);
    void recordFailed(const QString &message);
    void loaded(const Sandpit::Core::RunHistory::Listing &listing);

private:
    Core::HistorySettings m_settings;
    QThreadPool m_pool;
};

} // namespace Sandpit::Ui
