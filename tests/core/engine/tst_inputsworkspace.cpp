// Input files and kept workspaces, end to end: in the local sandbox, or (SANDPIT_TEST_DOCKER)
// in Docker with the offline Python image, bound or (SANDPIT_TEST_DOCKER_ARCHIVE) through the
// archive API as for a remote engine.
#include "support/runharness.h"

#include "docker/dockerbackend.h"
#include "files/keptworkspace.h"
#include "model/typeids.h"
#include "support/testfiles.h"

#include <QTemporaryDir>

#include <sys/stat.h>

using namespace SandpitTest;

namespace {
#if defined(SANDPIT_TEST_DOCKER) || defined(SANDPIT_TEST_DOCKER_ARCHIVE)
std::unique_ptr<RunController> controller()
{
    DockerBackend::Config config;
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"),
                              QStringLiteral("sandpit-offline/python:3.11"));
#ifdef SANDPIT_TEST_DOCKER_ARCHIVE
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
#else
    config.environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("bind"));
#endif
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(std::make_unique<DockerBackend>(LanguageRegistry::builtIn(), std::move(config)));
    return std::make_unique<RunController>(std::move(backends));
}
#else
std::unique_ptr<RunController> controller()
{
    return makeController();
}
#endif

mode_t modeOf(const QString &path)
{
    struct stat st { };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 0;
}
} // namespace

class TestInputsWorkspace : public QObject
{
    Q_OBJECT

private:
    Outcome run(const RunRequest &request)
    {
        RunWatcher watcher(*m_controller);
        watcher.outcome.id = m_controller->start(request);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(watcher.done(), 60000); }();
        return watcher.outcome;
    }

    std::unique_ptr<RunController> m_controller;

private Q_SLOTS:
    void initTestCase() { m_controller = controller(); }
    void cleanupTestCase() { m_controller.reset(); }

    void theProgramSeesAnAttachedFileAndFolder()
    {
        QTemporaryDir host;
        writeFile(host.filePath(QStringLiteral("data.csv")), "x,y\n1,2\n");
        writeFile(host.filePath(QStringLiteral("data/a.txt")), "alpha\n");
        writeFile(host.filePath(QStringLiteral("data/deeper/b.txt")), "beta\n");
        RunRequest request = pythonRequest(fixture(QStringLiteral("reads_attachments.py")));
        request.inputFiles
            = {{host.filePath(QStringLiteral("data.csv")), {}}, {host.filePath(QStringLiteral("data")), {}}};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stderrData, QByteArray());
        QCOMPARE(o.result->stdoutData, QByteArray("x,y\n1,2\ndata/a.txt alpha\ndata/deeper/b.txt beta\n"));
    }

    void aMissingAttachmentFailsClearly()
    {
        QTemporaryDir host;
        RunRequest request = pythonRequest(fixture(QStringLiteral("reads_attachments.py")));
        request.inputFiles = {{host.filePath(QStringLiteral("gone.csv")), {}}};
        const Outcome o = run(request);
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::MissingInputFile);
        QCOMPARE(runErrorCodeId(o.error->code), QStringLiteral("missing-input-file"));
        QVERIFY2(o.error->message.contains(host.filePath(QStringLiteral("gone.csv"))), qPrintable(o.error->message));
    }

    void aKeptWorkspaceGrowsAcrossRuns()
    {
        QTemporaryDir kept;
        RunRequest request = pythonRequest(fixture(QStringLiteral("counts_runs.py")));
        request.keptWorkspace = kept.filePath(QStringLiteral("ws")); // made on first use
        writeFile(request.keptWorkspace + QStringLiteral("/stale.txt"), "old\n");
        for (const QByteArray &expected : {QByteArray("1\n"), QByteArray("2\n")}) {
            const Outcome o = run(request);
            QVERIFY2(o.result, why(o));
            QCOMPARE(o.result->stderrData, QByteArray());
            QCOMPARE(o.result->notice, QString());
            QCOMPARE(o.result->stdoutData, expected);
        }
        QCOMPARE(readFile(request.keptWorkspace + QStringLiteral("/counter.txt")), QByteArray("run\nrun\n"));
        QVERIFY2(!QFileInfo::exists(request.keptWorkspace + QStringLiteral("/stale.txt")),
                 "what the program removed stays removed");
        QVERIFY(QFileInfo::exists(request.keptWorkspace + QStringLiteral("/main.py")));
        QVERIFY(!QFileInfo::exists(request.keptWorkspace + QStringLiteral("/.sandpit-kept")));
        QVERIFY(!QFileInfo::exists(request.keptWorkspace + QStringLiteral("/.sandpit-run")));

        QVERIFY(KeptWorkspace::reset(request.keptWorkspace));
        const Outcome afterReset = run(request);
        QVERIFY2(afterReset.result, why(afterReset));
        QCOMPARE(afterReset.result->stdoutData, QByteArray("1\n"));
    }

    void aProgramCannotPlantGitCommandsOrExecutables()
    {
        QTemporaryDir kept;
        const QString ws = kept.filePath(QStringLiteral("ws"));
        const QByteArray config = "[core]\n\trepositoryformatversion = 0\n";
        writeFile(ws + QStringLiteral("/.git/config"), config);
        writeFile(ws + QStringLiteral("/.git/HEAD"), "ref: refs/heads/main\n");
        writeFile(ws + QStringLiteral("/run.sh"), "echo hi\n");
        QVERIFY(QFile::setPermissions(ws + QStringLiteral("/run.sh"), QFileDevice::Permissions(0x6644)));
        RunRequest request = pythonRequest(fixture(QStringLiteral("plants_git_hook.py")));
        request.keptWorkspace = ws;
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->notice, QString());
        // The checkout's history never reached the program, and what it wrote there (it could:
        // its /work is its own) did not come back.
        QVERIFY2(o.result->stdoutData.startsWith("no .git\nconfig written\nhook written\ntool written\n"),
                 o.result->stdoutData.constData());
        QCOMPARE(readFile(ws + QStringLiteral("/.git/config")), config);
        QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/.git/hooks")));
        // Its new script came back, but not as something the user could run by accident; the
        // user's own script is as the user left it.
        QCOMPARE(readFile(ws + QStringLiteral("/tool.sh")), QByteArray("#!/bin/sh\ntouch pwned\n"));
        QCOMPARE(modeOf(ws + QStringLiteral("/tool.sh")) & 0111, mode_t(0));
        QCOMPARE(modeOf(ws + QStringLiteral("/run.sh")), mode_t(0644));
    }

    void aFreshWorkspaceStartsOverEachRun()
    {
        const RunRequest request = pythonRequest(fixture(QStringLiteral("counts_runs.py")));
        for (int i = 0; i < 2; ++i) {
            const Outcome o = run(request);
            QVERIFY2(o.result, why(o));
            QCOMPARE(o.result->stdoutData, QByteArray("1\n"));
        }
    }
};

QTEST_GUILESS_MAIN(TestInputsWorkspace)
#include "tst_inputsworkspace.moc"
