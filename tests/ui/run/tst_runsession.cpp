// RunSession against a real RunController: requests, one current run, and dropping events
// of any other run.

#include "engine/backendfactory.h"
#include "engine/runcontroller.h"
#include "languages/languageregistry.h"
#include "run/runsession.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kRunTimeoutMs = 20'000;
}

class TestRunSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void requestForAnUntitledProgram();
    void requestUsesTheFilesOwnName();
    void emptyProgramFailsWithoutTheEngine();
    void unknownLanguageFailsWithTheFileName();
    void newRunCancelsTheCurrentOne();
    void stopGivesACancelledResult();
    void inputSetRunEndsStdinAfterTheSet();

private:
    const Core::Language *python() const { return m_languages.find(QStringLiteral("python")); }

    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
    Core::EngineSettings m_settings;
    std::unique_ptr<Core::RunController> m_controller;
    std::unique_ptr<Ui::RunSession> m_session;
};

void TestRunSession::init()
{
    m_controller = std::make_unique<Core::RunController>(Core::makeBackends(m_languages, m_settings));
    m_session = std::make_unique<Ui::RunSession>(*m_controller, m_settings);
}

void TestRunSession::cleanup()
{
    m_session.reset();
    m_controller.reset();
}

void TestRunSession::requestForAnUntitledProgram()
{
    Core::Limits limits;
    limits.wallTimeMs = 1234;
    Core::EngineSettings settings;
    settings.limits = limits;
    const auto built
        = Ui::RunSession::requestBuilder(python(), QString(), QStringLiteral("print('é')\n"), settings).build();
    QVERIFY(built);
    const Core::RunRequest &request = *built;
    QCOMPARE(request.language, QStringLiteral("python"));
    QCOMPARE(request.entryFile, QStringLiteral("main.py"));
    QCOMPARE(request.sources.size(), 1);
    QCOMPARE(request.sources.first().name, QStringLiteral("main.py"));
    QCOMPARE(request.sources.first().content, QStringLiteral("print('é')\n").toUtf8());
    QVERIFY(request.keepStdinOpen);
    QVERIFY(!request.keepOutputInResult); // the pane records it
    QCOMPARE(request.limits, limits);
}

void TestRunSession::requestUsesTheFilesOwnName()
{
    const auto built
        = Ui::RunSession::requestBuilder(python(), QStringLiteral("/home/u/code/fizz.py"), QStringLiteral("pass\n"), {})
              .build();
    QVERIFY(built);
    const Core::RunRequest &request = *built;
    QCOMPARE(request.entryFile, QStringLiteral("fizz.py"));
    QCOMPARE(request.sources.first().name, QStringLiteral("fizz.py"));
}

void TestRunSession::emptyProgramFailsWithoutTheEngine()
{
    QSignalSpy failed(m_session.get(), &Ui::RunSession::runFailed);
    QSignalSpy starting(m_session.get(), &Ui::RunSession::runStarting);
    m_session->run(python(), {}, QStringLiteral(" \n\t\n"));
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().first().value<Core::RunError>().message,
             QStringLiteral("Nothing to run: the editor is empty."));
    QCOMPARE(starting.size(), 0);
    QVERIFY(!m_session->isActive());
}

void TestRunSession::unknownLanguageFailsWithTheFileName()
{
    QSignalSpy failed(m_session.get(), &Ui::RunSession::runFailed);
    m_session->run(nullptr, QStringLiteral("/tmp/notes.xyz"), QStringLiteral("hello\n"));
    QCOMPARE(failed.size(), 1);
    QVERIFY(failed.first().first().value<Core::RunError>().message.contains(QStringLiteral("notes.xyz")));
}

void TestRunSession::newRunCancelsTheCurrentOne()
{
    QSignalSpy controllerFinished(m_controller.get(), &Core::RunController::runFinished);
    QSignalSpy finished(m_session.get(), &Ui::RunSession::runFinished);
    QSignalSpy output(m_session.get(), &Ui::RunSession::outputReceived);
    m_session->run(python(), {}, QStringLiteral("import time\nprint('first', flush=True)\ntime.sleep(30)\n"));
    const Core::RunId first = m_session->currentId();
    QTRY_COMPARE_WITH_TIMEOUT(output.size(), 1, kRunTimeoutMs);

    m_session->run(python(), {}, QStringLiteral("print('second')\n"));
    QVERIFY(m_session->currentId() != first);
    // Both runs end, and only the second one's result is told: the first one's never reaches
    // the panes.
    QTRY_VERIFY_WITH_TIMEOUT(!m_controller->isActive(first), kRunTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
    QCOMPARE(controllerFinished.size(), 1);
    const auto result = finished.first().first().value<Core::RunResult>();
    QCOMPARE(result.killReason, Core::KillReason::None);
    QCOMPARE(output.last().at(1).toByteArray(), QByteArray("second\n"));
    QVERIFY(!m_session->isActive());
}

void TestRunSession::stopGivesACancelledResult()
{
    QSignalSpy active(m_session.get(), &Ui::RunSession::activeChanged);
    QSignalSpy finished(m_session.get(), &Ui::RunSession::runFinished);
    QSignalSpy output(m_session.get(), &Ui::RunSession::outputReceived);
    m_session->run(python(), {}, QStringLiteral("import time\nprint('zz', flush=True)\ntime.sleep(30)\n"));
    QCOMPARE(active.size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(output.size(), 1, kRunTimeoutMs);
    m_session->stop();
    QVERIFY(m_session->isActive()); // until the result arrives
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
    QCOMPARE(finished.first().first().value<Core::RunResult>().killReason, Core::KillReason::Cancelled);
    QCOMPARE(active.size(), 2);
    QCOMPARE(active.last().first().toBool(), false);
}

void TestRunSession::inputSetRunEndsStdinAfterTheSet()
{
    QSignalSpy inputOpen(m_session.get(), &Ui::RunSession::inputOpenChanged);
    QSignalSpy finished(m_session.get(), &Ui::RunSession::runFinished);
    QSignalSpy output(m_session.get(), &Ui::RunSession::outputReceived);
    // read() returns only at end-of-file: the run finishes only if stdin ends after the set.
    m_session->runWithInput(python(), {}, QStringLiteral("import sys\nprint(sys.stdin.read().upper(), end='')\n"),
                            "one\ntwo\n");
    QVERIFY(m_session->isActive());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
    QCOMPARE(output.first().at(1).toByteArray(), QByteArray("ONE\nTWO\n"));
    QCOMPARE(inputOpen.size(), 0); // the input line never opened

    m_session->run(python(), {}, QStringLiteral("input()\n"));
    QCOMPARE(inputOpen.size(), 1);
    QCOMPARE(inputOpen.last().first().toBool(), true);
    m_session->stop();
    QTRY_COMPARE_WITH_TIMEOUT(inputOpen.size(), 2, kRunTimeoutMs);
    QCOMPARE(inputOpen.last().first().toBool(), false);
}

QTEST_MAIN(TestRunSession)
#include "tst_runsession.moc"
