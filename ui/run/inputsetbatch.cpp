#include "run/inputsetbatch.h"

#include "model/killdetail.h"
#include "run/runsession.h"

#include <QTimer>

namespace Sandpit::Ui {

namespace {
void keep(QByteArray &kept, bool &cut, const QByteArray &data)
{
    const qsizetype room = InputSetBatch::kKeptOutputBytes - kept.size();
    if (data.size() > room)
        cut = true;
    if (room > 0)
        kept.append(data.left(room));
}
} // namespace

InputSetBatch::InputSetBatch(RunSession &runs, Starter startRun, QObject *parent)
    : QObject(parent)
    , m_runs(runs)
    , m_startRun(std::move(startRun))
{
    connect(&m_runs, &RunSession::runRequested, this, &InputSetBatch::onRunRequested);
    connect(&m_runs, &RunSession::outputReceived, this, &InputSetBatch::onOutput);
    connect(&m_runs, &RunSession::runFinished, this, &InputSetBatch::onFinished);
    connect(&m_runs, &RunSession::runFailed, this, &InputSetBatch::onFailed);
}

void InputSetBatch::start(const Core::InputSets &sets)
{
    if (m_running) {
        m_runs.stop();
        end(QStringLiteral("Not run: the sets were run again"));
    }
    ++m_generation;
    m_sets = sets;
    m_outcomes.clear();
    for (const Core::InputSet &set : sets) {
        InputSetOutcome outcome;
        outcome.name = set.name;
        outcome.expectedStdout = set.expectedStdout;
        m_outcomes.append(outcome);
    }
    m_index = -1;
    m_running = true;
    m_stopping = false;
    Q_EMIT batchStarted(m_outcomes);
    startNext();
}

void InputSetBatch::stop()
{
    if (!m_running)
        return;
    m_stopping = true;
    if (m_runs.isActive())
        m_runs.stop(); // the run's result (Cancelled) ends the batch
    else
        end(QStringLiteral("Not run: you pressed Stop"));
}

void InputSetBatch::startNext()
{
    if (!m_running)
        return;
    if (++m_index >= m_sets.size()) {
        end(QString());
        return;
    }
    InputSetOutcome &outcome = m_outcomes[m_index];
    outcome.state = InputSetOutcome::State::Running;
    outcome.verdict = QStringLiteral("Running…");
    Q_EMIT outcomeChanged(m_index, outcome);
    m_starting = true;
    m_startRun(m_sets.at(m_index)); // a run refused at once reports here, through onFailed
    m_starting = false;
}

void InputSetBatch::onRunRequested()
{
    // Another run replaces the batch's (RunSession has one run at a time): its result will
    // never come, and the sets after it would interrupt what the user started.
    if (m_running && !m_starting)
        end(QStringLiteral("Not run: another run was started"));
}

void InputSetBatch::onOutput(Core::OutputStream stream, const QByteArray &data)
{
    if (!m_running || m_index < 0 || m_index >= m_outcomes.size())
        return;
    InputSetOutcome &outcome = m_outcomes[m_index];
    keep(stream == Core::OutputStream::Stdout ? outcome.stdoutData : outcome.stderrData, outcome.outputCut, data);
}

void InputSetBatch::onFinished(const Core::RunResult &result)
{
    if (!m_running)
        return;
    using State = InputSetOutcome::State;
    if (m_index >= 0 && m_index < m_outcomes.size())
        m_outcomes[m_index].wrongAnswer = result.endedCleanly() && !result.succeeded();
    if (result.succeeded())
        finishCurrent(result.outputCheck ? State::Passed : State::Finished,
                      result.outputCheck ? QStringLiteral("Passed") : QStringLiteral("Finished (no expected output)"),
                      result.wallMs);
    else
        finishCurrent(State::Failed, Core::resultHeadline(result), result.wallMs);
    if (result.killReason == Core::KillReason::Cancelled || m_stopping) {
        end(QStringLiteral("Not run: you pressed Stop"));
        return;
    }
    // Not from inside the session's signal: the next run starts once this one's handlers
    // (the panes, History) have all seen its result.
    QTimer::singleShot(0, this, [this, generation = m_generation] {
        if (generation == m_generation)
            startNext();
    });
}

void InputSetBatch::onFailed(const Core::RunError &error)
{
    refuse(error.message);
}

void InputSetBatch::refuse(const QString &why)
{
    if (!m_running)
        return;
    finishCurrent(InputSetOutcome::State::Failed, QStringLiteral("Could not run: %1").arg(why), -1);
    // The same refusal would meet every later set (no interpreter, no Docker, an empty editor).
    end(QStringLiteral("Not run"));
}

void InputSetBatch::finishCurrent(InputSetOutcome::State state, const QString &verdict, qint64 wallMs)
{
    if (m_index < 0 || m_index >= m_outcomes.size())
        return;
    InputSetOutcome &outcome = m_outcomes[m_index];
    outcome.state = state;
    outcome.verdict = verdict;
    outcome.wallMs = wallMs;
    Q_EMIT outcomeChanged(m_index, outcome);
}

void InputSetBatch::end(const QString &why)
{
    if (!m_running)
        return;
    m_running = false;
    ++m_generation;
    for (int i = std::max(m_index, 0); i < m_outcomes.size(); ++i) {
        InputSetOutcome &outcome = m_outcomes[i];
        if (outcome.state != InputSetOutcome::State::Waiting && outcome.state != InputSetOutcome::State::Running)
            continue;
        outcome.state = InputSetOutcome::State::NotRun;
        outcome.verdict = why;
        Q_EMIT outcomeChanged(i, outcome);
    }
    Q_EMIT batchFinished(summary());
}

QString InputSetBatch::summary() const
{
    int passed = 0;
    int checked = 0;
    int notRun = 0;
    for (const InputSetOutcome &outcome : m_outcomes) {
        passed += outcome.state == InputSetOutcome::State::Passed;
        checked += outcome.expectedStdout.has_value();
        notRun += outcome.state == InputSetOutcome::State::NotRun;
    }
    QString text = checked == 0 ? QStringLiteral("Ran %1 of %2 input sets (none has an expected output to check).")
                                      .arg(m_outcomes.size() - notRun)
                                      .arg(m_outcomes.size())
                                : QStringLiteral("%1 of %2 checked input sets passed.").arg(passed).arg(checked);
    if (notRun > 0)
        text += QStringLiteral(" %1 did not run.").arg(notRun);
    return text;
}

} // namespace Sandpit::Ui
