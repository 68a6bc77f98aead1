#pragma once

#include "engine/ownedthread.h"
#include "exercises/exercise.h"
#include "exercises/testoutcome.h"
#include "model/runerror.h"
#include "model/runlimits.h"
#include "model/runrequest.h"
#include "model/runresult.h"

#include <QObject>

#include <memory>
#include <vector>

namespace Sandpit::Core {

class Backend;
class CheckWorker;

/// What to check: one exercise's tests against the learner's file.
struct CheckRequest {
    Exercise exercise;
    QString languageId;  ///< one of the exercise's languages
    QString learnerFile; ///< absolute: the learner's own file, read when the check starts
    QString backend;     ///< "local" or "docker"; empty: the settings' default
    QString fallbackBackend;
    QString image;              ///< Docker only: instead of the language's
    Limits baseLimits;          ///< the engine settings' limits, under the exercise's and the tests'
    QStringList onlyTests;      ///< empty: every test (but the secret ones, unless includeSecret)
    bool includeSecret = false; ///< runs the secret tests too: for grading, never a learner's Check
    /// Local sandbox only: the weakest isolation the settings allow (RunRequest's).
    IsolationReport::Level weakestIsolation = IsolationReport::Level::Full;
    /// The settings' import policy; the exercise's [policy] replaces it for its tests.
    ImportPolicy importPolicy;
};

/// A Check of `exercise` in `languageId` against the file at `learnerFile`, with the engine
/// choices of `engine` (a request from RunRequestBuilder): its backend and Docker fallback, its
/// image, its limits as the base, and its weakest isolation. So a Check is run where the same
/// front end's runs are, by the one rule that decides it.
CheckRequest checkRequestFor(const Exercise &exercise, const QString &languageId, const QString &learnerFile,
                             const RunRequest &engine);

/// The GUI-thread face of a Check. It runs the tests one after another on the engine's
/// threads (never blocking its own), judges each one there, and reports each as it finishes.
/// One Check at a time; start() while one runs stops the old one first.
class CheckController final : public QObject
{
    Q_OBJECT
public:
    /// The first backend serves requests that name none.
    explicit CheckController(std::vector<std::unique_ptr<Backend>> backends, QObject *parent = nullptr);
    ~CheckController() override;

    void start(const CheckRequest &request);
    /// Stops the running test's whole process tree; the tests left get Verdict::Stopped.
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void testStarted(int index, const QString &testName);
    void testFinished(int index, const Sandpit::Core::TestOutcome &outcome);
    void checkFinished(const Sandpit::Core::CheckReport &report);
    /// Nothing could be checked: the learner's file is unreadable, the language is not one the
    /// exercise accepts, or the backend cannot run anything.
    void checkFailed(const Sandpit::Core::RunError &error);

private:
    OwnedThread m_thread;
    CheckWorker *m_worker = nullptr; // lives on m_thread, deleted when it finishes
    quint64 m_nextId = 1;
    quint64 m_current = 0; // the Check whose events are passed on; 0: none running
};

} // namespace Sandpit::Core
