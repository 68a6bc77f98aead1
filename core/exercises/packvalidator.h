#pragma once

#include "engine/backend.h"
#include "exercises/exercise.h"
#include "exercises/testoutcome.h"
#include "model/runerror.h"
#include "model/runlimits.h"
#include "model/runrequest.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace Sandpit::Core {

class CheckController;
struct ValidationJob;

/// One thing `sandpit pack validate` found wrong, or worth a look, in a pack.
struct ValidationFinding {
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString exerciseId; ///< empty: the course itself
    QString languageId; ///< empty: not about one language
    /// What was checked, relative to the exercise's folder: "solution/sum.py", "wrong/slow.py",
    /// "README.md", "tests/01.out", "limits".
    QString subject;
    QString testName; ///< empty: not about one test
    QString message;  ///< one sentence for the author
    QString file;     ///< absolute, where to fix it; may be empty
    int line = 0;
};

/// The reference solution's time on one test, as validate measured it: the median of its timing
/// runs when the times are recorded.
struct ReferenceTime {
    QString exerciseId, languageId, testName;
    qint64 wallMs = 0;
    qint64 cpuMs = 0;
};

struct ValidationRequest {
    QString packPath;        ///< a folder or a .zip
    QStringList exerciseIds; ///< empty: every exercise
    /// The engine choices, as RunRequestBuilder makes them for any run of the same front end:
    /// the backend and its Docker fallback, an image, the base limits and the weakest isolation.
    /// Each Check is made from it by checkRequestFor(), as a learner's is.
    RunRequest engine;
    QString unpackRoot; ///< where a zipped pack is unpacked to be read
    /// Writes each exercise's reference-times.toml (a folder pack only).
    bool recordReferenceTimes = true;
};

struct ValidationReport {
    QString packPath;
    QList<PackProblem> loadProblems; ///< from PackLoader: each leaves its exercise out
    QList<ValidationFinding> findings;
    QList<ReferenceTime> referenceTimes;
    int exercises = 0; ///< exercises validated
    /// Checks run: one per wrong program, and one per reference solution or, when its times are
    /// recorded, kReferenceTimingRuns (the times recorded are each test's median).
    int runs = 0;
    /// No load problem and no finding that is an error.
    bool passed() const;
};

/// The GUI-thread face of a pack's validation. It reads the pack off its thread, checks what
/// can be checked without running anything, then runs every exercise's reference solution and
/// wrong programs against all its tests (secret ones included) with a CheckController, one
/// after another, and judges each: the reference must pass every test, a wrong program must
/// fail at least one, and the one its name says ("slow" fails on time). It never blocks.
class PackValidator final : public QObject
{
    Q_OBJECT
public:
    explicit PackValidator(std::vector<std::unique_ptr<Backend>> backends, QObject *parent = nullptr);
    ~PackValidator() override;

    void start(const ValidationRequest &request);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void progress(int done, int total, const QString &what);
    void findingAdded(const Sandpit::Core::ValidationFinding &finding);
    void finished(const Sandpit::Core::ValidationReport &report);
    /// Nothing could be validated: the pack cannot be read at all.
    void failed(const Sandpit::Core::RunError &error);

private:
    struct Loaded;
    /// The pack, read off the GUI thread, with only the exercises asked for, and the findings
    /// of the checks that run nothing.
    static Loaded load(const ValidationRequest &request, quint64 generation);
    void onLoaded(const Loaded &loaded);
    void runNext();
    void startCheck(const ValidationJob &job);
    void onChecked(const CheckReport &run);
    void onCheckFailed(const RunError &error);
    void add(const ValidationFinding &finding);
    void finish();
    /// Whether the reference's times are written (a folder pack, unless told not to).
    bool recordsTimes() const;

    CheckController *m_checks = nullptr;
    ValidationRequest m_request;
    Course m_course;
    ValidationReport m_report;
    QList<ValidationJob> m_jobs;
    qsizetype m_next = 0;
    QList<CheckReport> m_timingRuns; ///< the runs so far of the job m_next

    bool m_running = false;
    quint64 m_generation = 0; ///< a load or Check of an older start() is dropped
};

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::ValidationFinding)
Q_DECLARE_METATYPE(Sandpit::Core::ValidationReport)
