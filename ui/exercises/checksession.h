#pragma once

#include "exercises/exercise.h"
#include "exercises/openexercise.h"
#include "exercises/progressstore.h"
#include "exercises/testoutcome.h"
#include "model/runerror.h"
#include "settings/enginesettings.h"

#include <QObject>
#include <QThreadPool>

#include <optional>

namespace Sandpit::Core {
class CheckController;
}

namespace Sandpit::Ui {

/// The window's Check of the open exercise. It starts the CheckController with the engine
/// settings' limits and backend, passes its events on, and when a Check ends records it in
/// the learner's progress and says which hints are unlocked. Disk work (progress, an author's
/// recorded output) runs off the GUI thread.
class CheckSession final : public QObject
{
    Q_OBJECT
public:
    /// `progressFolder`: Sandpit's data folder's progress/ (one JSON file per course).
    CheckSession(Core::CheckController &controller, const Core::EngineSettings &settings, QString progressFolder,
                 QObject *parent = nullptr);

    const OpenExercise &exercise() const { return m_open; }
    bool hasExercise() const { return m_open.isValid(); }
    bool isRunning() const;
    /// Failed Checks of the open exercise, as the progress file last said.
    int failedChecks() const;

public Q_SLOTS:
    void setExercise(const Sandpit::Ui::OpenExercise &open);
    void setEngineSettings(const Sandpit::Core::EngineSettings &settings) { m_settings = settings; }
    void setBackend(const QString &backendId) { m_settings.backend = backendId; }
    /// Checks the learner's file as it is on disk (the window saves it first).
    void check();
    void stop();
    /// Makes `actual` the expected output of `testName` in the pack, reloads it and checks again.
    void recordExpected(const QString &testName, const QByteArray &actual);

Q_SIGNALS:
    void exerciseChanged(const Sandpit::Core::Exercise &exercise);
    void checkStarted();
    void testStarted(int index);
    void testFinished(int index, const Sandpit::Core::TestOutcome &outcome);
    void checkFinished(const Sandpit::Core::CheckReport &report);
    void checkFailed(const Sandpit::Core::RunError &error);
    void runningChanged(bool running);
    /// `solved`: a Check of the exercise has passed, so the locked hints are no longer coming.
    void hintsChanged(const QList<Sandpit::Core::Hint> &unlocked, int failedChecks, bool solved);
    /// The course's progress after a Check was recorded (the Exercises pane's ticks and scores).
    void progressRecorded(const Sandpit::Core::CourseProgress &progress);
    void message(const QString &text);

private:
    void loadProgress();
    void recordProgress(const Core::CheckReport &report);
    void showProgress(const Core::CourseProgress &progress);
    void reloadAfterRecord(const QString &testName);

    Core::CheckController &m_controller;
    Core::EngineSettings m_settings;
    QString m_progressFolder;
    OpenExercise m_open;
    Core::CourseProgress m_progress;
    quint64 m_generation = 0;      ///< raised per exercise opened: a late load of the last one is dropped
    quint64 m_checkGeneration = 0; ///< m_generation when the running Check started
    bool m_progressLoaded = false; ///< m_progress is the open exercise's course's, read from disk
    std::optional<Core::CheckReport> m_pendingReport; ///< finished before the progress was read
    QThreadPool m_saves;                              ///< one thread: saves land in the order the Checks finished
};

} // namespace Sandpit::Ui
