#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Sandpit::Ui {

/// One input set's line in Run all sets: how its run went, and what it printed, so a row
/// clicked after the batch can still show that set's output and its difference.
struct InputSetOutcome {
    enum class State {
        Waiting, ///< its turn has not come
        Running,
        Passed,   ///< ended by itself and printed the expected output
        Finished, ///< ended by itself; the set has no expected output to check
        Failed,   ///< a wrong answer, an error, a limit, or it could not run
        NotRun,   ///< the batch was stopped before its turn
    };

    QString name;
    std::optional<QByteArray> expectedStdout;
    State state = State::Waiting;
    /// "Passed", "Wrong answer at line 3", "Stopped: it ran longer than the time limit", …
    QString verdict;
    qint64 wallMs = -1; ///< -1: it did not run to an end
    QByteArray stdoutData;
    QByteArray stderrData;
    bool outputCut = false;   ///< more was printed than is kept here
    bool wrongAnswer = false; ///< it ended by itself, but printed other than expected
};

} // namespace Sandpit::Ui

Q_DECLARE_METATYPE(Sandpit::Ui::InputSetOutcome)
