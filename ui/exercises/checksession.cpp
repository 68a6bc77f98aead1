#include "exercises/checksession.h"

#include "engine/runrequestbuilder.h"
#include "exercises/checkcontroller.h"
#include "exercises/exercisesettings.h"
#include "exercises/packloader.h"
#include "exercises/packwriter.h"
#include "window/backgroundtask.h"

#include <QDateTime>
#include <QFileInfo>

namespace Sandpit::Ui {

CheckSession::CheckSession(Core::CheckController &controller, const Core::EngineSettings &settings,
                           QString progressFolder, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_settings(settings)
    , m_progressFolder(std::move(progressFolder))
{
    m_saves.setMaxThreadCount(1);
    connect(&m_controller, &Core::CheckController::testStarted, this,
            [this](int index, const QString &) { Q_EMIT testStarted(index); });
    // A Check stopped because another exercise was opened is over for the learner: its late
    // outcomes never show against the new exercise, nor count in its progress.
    connect(&m_controller, &Core::CheckController::testFinished, this,
            [this](int index, const Core::TestOutcome &outcome) {
                if (m_checkGeneration == m_generation)
                    Q_EMIT testFinished(index, outcome);
            });
    connect(&m_controller, &Core::CheckController::checkFinished, this, [this](const Core::CheckReport &report) {
        Q_EMIT runningChanged(false);
        if (m_checkGeneration != m_generation)
            return;
        Q_EMIT checkFinished(report);
        recordProgress(report);
    });
    connect(&m_controller, &Core::CheckController::checkFailed, this, [this](const Core::RunError &error) {
        Q_EMIT runningChanged(false);
        Q_EMIT checkFailed(error);
    });
}

bool CheckSession::isRunning() const
{
    return m_controller.isRunning();
}

int CheckSession::failedChecks() const
{
    return m_progress.exercises.value(m_open.exerciseId).failedAttempts;
}

void CheckSession::setExercise(const OpenExercise &open)
{
    if (m_controller.isRunning())
        m_controller.cancel();
    m_open = open;
    ++m_generation;
    m_progressLoaded = false;
    m_pendingReport.reset();
    if (!open.isValid())
        return;
    Q_EMIT exerciseChanged(*open.exercise());
    loadProgress();
}

void CheckSession::loadProgress()
{
    const QString folder = m_progressFolder;
    const QString courseId = m_open.course.id;
    const quint64 generation = m_generation;
    runInBackground<Core::ProgressStore::Loaded>(
        this, [folder, courseId] { return Core::ProgressStore(folder).load(courseId); },
        [this, generation](const Core::ProgressStore::Loaded &loaded) {
            if (generation != m_generation)
                return;
            if (!loaded.notice.isEmpty())
                Q_EMIT message(loaded.notice);
            showProgress(loaded.progress);
            m_progressLoaded = true;
            if (m_pendingReport)
                recordProgress(*std::exchange(m_pendingReport, std::nullopt));
        });
}

void CheckSession::showProgress(const Core::CourseProgress &progress)
{
    m_progress = progress;
    if (const Core::Exercise *exercise = m_open.exercise())
        Q_EMIT hintsChanged(Core::ProgressStore::unlockedHints(*exercise, failedChecks()), failedChecks(),
                            m_progress.exercises.value(exercise->id).solved());
}

void CheckSession::check()
{
    const Core::Exercise *exercise = m_open.exercise();
    if (!exercise)
        return;
    // As the window's runs: the settings' backend, and Docker out of reach falls back to the
    // local sandbox when they allow it.
    const auto engine = Core::RunRequestBuilder(m_settings).build();
    if (!engine) {
        Q_EMIT checkFailed(engine.error().error);
        return;
    }
    const Core::CheckRequest request = Core::checkRequestFor(*exercise, m_open.languageId, m_open.learnerFile, *engine);
    Q_EMIT checkStarted();
    Q_EMIT runningChanged(true);
    m_checkGeneration = m_generation;
    m_controller.start(request);
}

void CheckSession::stop()
{
    m_controller.cancel();
}

void CheckSession::recordProgress(const Core::CheckReport &report)
{
    if (report.exerciseId != m_open.exerciseId)
        return;
    // Added to the course's progress as read from disk, never to another course's.
    if (!m_progressLoaded) {
        m_pendingReport = report;
        return;
    }
    // Recorded here at once (the hints follow the new count), and saved on a worker thread.
    Core::CourseProgress progress = m_progress;
    progress.courseId = m_open.course.id;
    progress.record(report, QDateTime::currentDateTimeUtc());
    showProgress(progress);
    Q_EMIT progressRecorded(progress);
    const QString folder = m_progressFolder;
    runInBackground<QString>(
        this,
        [folder, progress] {
            const auto saved = Core::ProgressStore(folder).save(progress);
            return saved ? QString() : saved.error();
        },
        [this](const QString &error) {
            if (!error.isEmpty())
                Q_EMIT message(error);
        },
        &m_saves);
}

void CheckSession::recordExpected(const QString &testName, const QByteArray &actual)
{
    const Core::Exercise *exercise = m_open.exercise();
    if (!exercise)
        return;
    // A zipped pack is read from an unpacked copy, which the next load replaces: recording
    // there would change nothing the author keeps.
    if (m_open.course.source.endsWith(QStringLiteral(".zip"), Qt::CaseInsensitive)) {
        Q_EMIT message(QStringLiteral("This exercise comes from a zipped pack: unzip it and open the folder to "
                                      "record expected output into it."));
        return;
    }
    const Core::Exercise copy = *exercise;
    runInBackground<QString>(
        this,
        [copy, testName, actual] {
            const auto written = Core::PackWriter::recordExpected(copy, testName, actual);
            return written ? QString() : written.error();
        },
        [this, testName](const QString &error) {
            if (!error.isEmpty())
                Q_EMIT message(QStringLiteral("Could not record the output of %1: %2").arg(testName, error));
            else
                reloadAfterRecord(testName);
        });
}

void CheckSession::reloadAfterRecord(const QString &testName)
{
    const QString source = m_open.course.source.isEmpty() ? m_open.course.folder : m_open.course.source;
    const QString unpackRoot = Core::ExerciseSettings::load().unpackFolder; // where the window unpacks packs
    const quint64 generation = m_generation;
    using Loaded = std::expected<Core::Course, Core::PackProblem>;
    runInBackground<Loaded>(
        this, [source, unpackRoot] { return Core::PackLoader(unpackRoot).load(source); },
        [this, generation, testName](const Loaded &loaded) {
            if (generation != m_generation)
                return;
            if (!loaded) {
                Q_EMIT message(
                    QStringLiteral("Recorded, but the pack no longer reads: %1").arg(loaded.error().toString()));
                return;
            }
            OpenExercise reloaded = m_open;
            reloaded.course = *loaded;
            m_open = reloaded;
            if (m_open.isValid())
                Q_EMIT exerciseChanged(*m_open.exercise());
            showProgress(m_progress); // the hints of the exercise as reloaded
            Q_EMIT message(QStringLiteral("Recorded the output of %1 as its expected output.").arg(testName));
            check();
        });
}

} // namespace Sandpit::Ui
