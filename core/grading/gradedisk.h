#pragma once

#include "grading/graderequest.h"
#include "grading/submission.h"
#include "languages/languageregistry.h"
#include "model/runerror.h"
#include "settings/enginesettings.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace Sandpit::Core {

/// What a batch found before grading: the exercise, who is left to grade, and who is done
/// already (read back from results.json) or cannot be graded (their error written).
struct GradePlan {
    Exercise exercise;
    QStringList testNames;
    QList<Submission> toGrade;
    QList<StudentGrade> done;
    /// Planning was stopped part way: these were not looked at (their zips not unpacked).
    QList<Submission> notLookedAt;
    /// What the engines are made from, read here rather than on the caller's thread.
    EngineSettings settings;
    LanguageRegistry languages;
};

/// A batch's disk work, on a thread of its own: reading the pack and the submissions folder,
/// unpacking zips, and writing every result file. One thread, so writes happen in the order
/// asked and the summary comes after every student's file.
class GradeDisk final : public QObject
{
    Q_OBJECT
public:
    /// `stop`, set from any thread, ends the plan before the next student's zip is unpacked.
    void plan(const Sandpit::Core::GradeRequest &request, const QString &unpackRoot,
              std::shared_ptr<const std::atomic_bool> stop);
    void writeStudent(const Sandpit::Core::StudentGrade &grade);
    void writeSummary(const Sandpit::Core::GradeRequest &request, const QStringList &testNames,
                      Sandpit::Core::GradeSummary summary);

Q_SIGNALS:
    void planned(const Sandpit::Core::GradePlan &plan);
    void planFailed(const Sandpit::Core::RunError &error);
    void studentWritten(const Sandpit::Core::StudentGrade &grade);
    void summaryWritten(const Sandpit::Core::GradeSummary &summary);
    void writeFailed(const QString &message);
};

/// Where a student's results go.
QString studentResultsPath(const QString &outDir, const QString &student);

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::GradePlan)
