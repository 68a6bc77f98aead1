#pragma once

#include "history/inputset.h"
#include "model/runerror.h"
#include "model/runresult.h"
#include "run/inputsetoutcome.h"

#include <QList>
#include <QObject>

#include <functional>

namespace Sandpit::Ui {

class RunSession;

/// Run all sets: the program once per input set, one after another, each an ordinary run of
/// the window's RunSession (so the panes, the tab and History see every one). The next set
/// starts only when the last one's result is in. Stop (here or the window's) ends the batch,
/// and so does any other run the user starts meanwhile.
class InputSetBatch final : public QObject
{
    Q_OBJECT
public:
    /// `startRun` starts one set's run through `runs` (as Run with input does).
    using Starter = std::function<void(const Core::InputSet &set)>;
    InputSetBatch(RunSession &runs, Starter startRun, QObject *parent = nullptr);

    bool isRunning() const { return m_running; }
    const QList<InputSetOutcome> &outcomes() const { return m_outcomes; }

    /// Each set's run at most keeps this much of stdout and of stderr for its row.
    static constexpr qsizetype kKeptOutputBytes = 256 * 1024;

public Q_SLOTS:
    /// Stops a batch still going, then runs `sets` in order.
    void start(const Sandpit::Core::InputSets &sets);
    /// Stops the set that is running; no later set starts.
    void stop();
    /// The set whose turn it is could not be run (`why`); no later set starts either.
    void refuse(const QString &why);

Q_SIGNALS:
    /// Every set waiting its turn.
    void batchStarted(const QList<Sandpit::Ui::InputSetOutcome> &outcomes);
    void outcomeChanged(int index, const Sandpit::Ui::InputSetOutcome &outcome);
    /// No set is running or waiting any more; `summary` says how they went ("2 of 3 passed").
    void batchFinished(const QString &summary);

private:
    void startNext();
    void onRunRequested();
    void onOutput(Core::OutputStream stream, const QByteArray &data);
    void onFinished(const Core::RunResult &result);
    void onFailed(const Core::RunError &error);
    void finishCurrent(InputSetOutcome::State state, const QString &verdict, qint64 wallMs);
    /// Marks the current set (if still running) and every later one `NotRun`, with `why`.
    void end(const QString &why);
    QString summary() const;

    RunSession &m_runs;
    Starter m_startRun;
    Core::InputSets m_sets;
    QList<InputSetOutcome> m_outcomes;
    int m_index = -1; // the set running, or the last one that ran
    bool m_running = false;
    bool m_starting = false; // inside m_startRun: the run requested is the batch's own
    bool m_stopping = false;
    quint64 m_generation = 0; // a queued next step of an ended batch finds a newer one
};

} // namespace Sandpit::Ui
