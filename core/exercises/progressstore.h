#pragma once

#include "exercises/exercise.h"
#include "exercises/testoutcome.h"

#include <QDateTime>
#include <QHash>
#include <QString>

#include <expected>

namespace Sandpit::Core {

/// A learner's record of one exercise.
struct ExerciseProgress {
    int bestScore = 0;
    int maxScore = 0;
    /// Checks that judged the learner's code: not one stopped before its end, nor one whose
    /// only failures were the exercise's own (checker errors).
    int attempts = 0;
    int failedAttempts = 0;               ///< of those, the ones that did not pass every test: hints unlock on these
    QDateTime firstPass;                  ///< invalid until the first Check that passed every test
    QHash<QString, Verdict> lastVerdicts; ///< test name → verdict of the last Check

    bool solved() const { return firstPass.isValid(); }
};

/// A learner's progress through one course, per exercise id.
struct CourseProgress {
    QString courseId;
    QHash<QString, ExerciseProgress> exercises;

    int solvedCount() const;
    /// Records a finished Check (best score, attempts, first pass, last verdicts).
    void record(const CheckReport &report, const QDateTime &when);
};

/// Progress files, one JSON file per course in Sandpit's data folder. Written atomically
/// (QSaveFile); a file that cannot be read is renamed aside (".corrupt-<time>") with a
/// message, never lost. Disk work: off the GUI thread.
class ProgressStore final
{
public:
    explicit ProgressStore(QString folder);

    struct Loaded {
        CourseProgress progress;
        QString notice; ///< non-empty when a corrupt file was set aside: say so to the learner
    };
    Loaded load(const QString &courseId) const;
    std::expected<void, QString> save(const CourseProgress &progress) const;

    /// The hints of `exercise` unlocked after `failedAttempts` failed Checks, in order.
    static QList<Hint> unlockedHints(const Exercise &exercise, int failedAttempts);
    /// The file that holds `courseId`'s progress.
    QString pathFor(const QString &courseId) const;

private:
    QString m_folder;
};

} // namespace Sandpit::Core
