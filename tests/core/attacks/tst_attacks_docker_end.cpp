// Attacks on the end of a Docker run (issue 23, points 2, 3 and 5): how the host learns how the
// program ended, and what it copies out of the container's /work and later removes. Each run
// gets an engine of its own, and the engines keep their run folders in a private TMPDIR, so
// that what is left of them there once they are gone is this test's alone. Needs
// sandpit-offline/python:3.11 (packaging/docker/build-offline-images.sh).
#include "files/artifactstore.h"
#include "files/keptworkspace.h"
#include "files/runfolders.h"
#include "support/attackharness.h"
#include "support/dockerproxy.h"

#include <QDirIterator>
#include <QScopeGuard>

#include <sys/stat.h>

class TestAttacksDockerEnd : public QObject
{
    Q_OBJECT

private:
    // Files below `folder` (links too, never followed), relative, with their lstat.
    static QMap<QString, struct stat> filesIn(const QString &folder)
    {
        QMap<QString, struct stat> files;
        QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            struct stat st { };
            if (::lstat(QFile::encodeName(path).constData(), &st) == 0)
                files.insert(QDir(folder).relativeFilePath(path), st);
        }
        return files;
    }

    static QByteArray contentOf(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    // What the engines and stores left in their folder of runs (in the private TMPDIR):
    // nothing, once they are gone.
    static QStringList runFoldersLeft()
    {
        const QString runs = RunFolders::candidates().constFirst();
        QStringList left;
        QDirIterator it(runs, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            left << QDir(runs).relativeFilePath(it.next());
        return left;
    }

    // One run through an engine of its own, which is gone (its containers and workspaces with
    // it) once this returns.
    static Outcome runAlone(const RunRequest &request)
    {
        auto controller = dockerController();
        return runToEnd(*controller, request, 60000);
    }

    QTemporaryDir m_tmp;
    QByteArray m_oldTmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_oldTmp = qgetenv("TMPDIR");
        qputenv("TMPDIR", QFile::encodeName(m_tmp.path()));
    }

    void cleanupTestCase()
    {
        QCOMPARE(ownContainerStates(), QStringList());
        QVERIFY2(runFoldersLeft().isEmpty(), qPrintable(runFoldersLeft().join(QLatin1Char(' '))));
        qputenv("TMPDIR", m_oldTmp);
    }

    void forgedEndLineDoesNotChangeTheExitCode()
    {
        // The end marker travels in the program's own stdout. Its status is not taken: the
        // container's exit status, which init sets to the program's, comes from the Engine API.
        const Outcome o = runAlone(attack(QStringLiteral("forge_end_marker.py")));
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 3);
        QCOMPARE(o.result->killReason, KillReason::None);
        QVERIFY2(o.result->stdoutData.contains("sandpit-end ") && o.result->stdoutData.contains(" status=0"),
                 o.result->stdoutData.constData()); // just output
    }

    void anEndLineSayingExitZeroIsNotBelieved()
    {
        // Whatever the end line says, even with the run's own token (which a program could
        // once read out of PID 1): here the stream is changed on its way from the daemon.
        DockerProxy proxy;
        QVERIFY(proxy.isListening());
        proxy.rewriteReplies(" status=3\n", " status=0\n");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("DOCKER_HOST"), proxy.dockerHost());
        environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("bind"));
        auto controller = dockerController(environment);
        const Outcome o
            = runToEnd(*controller, pythonRequest("import sys\nprint('failing', flush=True)\nsys.exit(3)\n"), 60000);
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray("failing\n"));
        QCOMPARE(o.result->exitCode, 3);
        QCOMPARE(o.result->killReason, KillReason::None);
    }

    void aStoppedProgramThatCannotBeFrozenKeepsNoFiles_data()
    {
        QTest::addColumn<bool>("canPause");
        QTest::addColumn<QStringList>("artifacts");
        QTest::newRow("frozen while copied")
            << true << QStringList{QStringLiteral("a.txt"), QStringLiteral("sub/b.csv")};
        QTest::newRow("no freezer: killed first, nothing copied") << false << QStringList();
    }
    void aStoppedProgramThatCannotBeFrozenKeepsNoFiles()
    {
        // A program stopped at its time limit still runs while its files are copied out, unless
        // the cgroup freezer holds it; a daemon that cannot pause gets it killed first.
        QFETCH(bool, canPause);
        QFETCH(QStringList, artifacts);
        DockerProxy proxy;
        QVERIFY(proxy.isListening());
        if (!canPause)
            proxy.refuseRequests("/pause ");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("DOCKER_HOST"), proxy.dockerHost());
        environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("bind"));
        auto controller = dockerController(environment);
        // Busy, not waiting for input: a wait for input would not count against the limit.
        RunRequest request = pythonRequest("import os\n"
                                           "os.makedirs('output/sub')\n"
                                           "open('output/a.txt', 'w').write('hello\\n')\n"
                                           "open('output/sub/b.csv', 'w').write('x,y\\n')\n"
                                           "while True:\n"
                                           "    pass\n");
        request.limits.wallTimeMs = 3000;
        const Outcome o = runToEnd(*controller, request, 60000);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::Timeout);
        QStringList paths;
        for (const Artifact &a : o.result->artifacts)
            paths << a.path;
        paths.sort();
        QCOMPARE(paths, artifacts);
    }

    void aProcessLeftBehindCannotSwapInALinkToAHostFile()
    {
        // A host file that only root (or the user running the tests) can read, in a folder of
        // its own; the program's child keeps swapping links to it (and to /etc/shadow) in
        // for files the run keeps, after the program itself has ended.
        const QString token = uniqueToken();
        QTemporaryDir host;
        const QString secret = host.filePath(QStringLiteral("secret.txt"));
        QFile secretFile(secret);
        QVERIFY(secretFile.open(QIODevice::WriteOnly));
        secretFile.write(token.toUtf8() + '\n');
        secretFile.close();
        QVERIFY(QFile::setPermissions(secret, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QTemporaryDir kept;
        auto store = std::make_shared<ArtifactStore>(host.path());
        RunRequest request
            = attack(QStringLiteral("swap_output_for_links.py"), {token, QStringLiteral("/etc/shadow"), secret});
        request.keptWorkspace = kept.path();
        request.keepArtifacts = ArtifactStore::reserve(store);
        const Outcome o = runAlone(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->stdoutData, QByteArray("left a swapper behind\n"));
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(!processWithTokenExists(token), "the program's child outlived the run");

        // Whatever the child left last (a file or a link) is all there is: links are never
        // followed nor kept, and a file is the program's own.
        for (const Artifact &a : o.result->artifacts) {
            QVERIFY2(a.path.startsWith(QStringLiteral("data.txt")) || a.path.startsWith(QStringLiteral("notes.txt")),
                     qPrintable(a.path));
            // The child may have been killed halfway through writing a `.new` file: a start
            // of "plain\n" is the program's own, anything else would be the host's.
            const QByteArray bytes = contentOf(o.result->artifactsDir + QLatin1Char('/') + a.workPath());
            QVERIFY2(QByteArray("plain\n").startsWith(bytes), bytes.constData());
        }
        const auto keptFiles = filesIn(kept.path());
        QVERIFY(!keptFiles.isEmpty());
        for (auto it = keptFiles.cbegin(); it != keptFiles.cend(); ++it) {
            QVERIFY2(!S_ISLNK(it->st_mode), qPrintable(it.key()));
            const QByteArray bytes = contentOf(kept.filePath(it.key()));
            QVERIFY2(!bytes.contains(token.toUtf8()) && !bytes.contains("root:"), qPrintable(it.key()));
        }
    }

    void readOnlyFoldersDoNotOutliveTheRun()
    {
        QTemporaryDir kept;
        {
            RunRequest request = attack(QStringLiteral("read_only_folders.py"));
            request.keptWorkspace = kept.path();
            request.keepArtifacts = ArtifactStore::reserve(std::make_shared<ArtifactStore>());
            const Outcome o = runAlone(request);
            QVERIFY(o.result);
            QCOMPARE(o.result->stdoutData, QByteArray("0o555 0o555\n")); // made read-only in there
            QCOMPARE(o.result->exitCode, 0);
            // Both read-only folders' files are kept: the one in output/ and the one beside it.
            QCOMPARE(o.result->artifacts.size(), 2);
            for (const Artifact &a : o.result->artifacts) {
                QCOMPARE(a.path, QStringLiteral("locked/inside.txt"));
                QCOMPARE(contentOf(o.result->artifactsDir + QLatin1Char('/') + a.workPath()),
                         QByteArray("cannot delete me\n"));
            }
        }
        // The container, its workspace, the copies of /work and output/ and the kept artifacts
        // are all gone with the engine and the store.
        QVERIFY2(runFoldersLeft().isEmpty(), qPrintable(runFoldersLeft().join(QLatin1Char(' '))));
        // The kept workspace has the folder, and it can be emptied as any other.
        QCOMPARE(contentOf(kept.filePath(QStringLiteral("locked/inside.txt"))), QByteArray("cannot delete me\n"));
        QVERIFY(KeptWorkspace::reset(kept.path()));
        QCOMPARE(QDir(kept.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    }

    void containerOfAStuckSandpitEndsByItself()
    {
        // Nobody is left to stop the run: init's own deadline (the time limit and 10 s) ends
        // it. Through the archive API, as for a remote engine, where no go pipe closing with
        // Sandpit could end it sooner. Sandpit is frozen (SIGSTOP) rather than killed, so that it
        // still owns the container: any Sandpit that starts meanwhile removes the containers of
        // a dead one, which would end this one for the wrong reason. The limit is long enough
        // that Sandpit is surely frozen before it would stop the program itself.
        QTemporaryDir home;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SANDPIT_DOCKER_TRANSFER"), QStringLiteral("archive"));
        environment.insert(QStringLiteral("SANDPIT_DOCKER_IMAGE_PYTHON"), kImage);
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        environment.insert(QStringLiteral("TMPDIR"), home.path()); // its run folder, which it never removes
        QProcess sandpit;
        sandpit.setProcessEnvironment(environment);
        sandpit.start(QCoreApplication::applicationDirPath() + QStringLiteral("/sandpit"),
                      {QStringLiteral("run"), QStringLiteral("--backend"), QStringLiteral("docker"),
                       QStringLiteral("--timeout"), QStringLiteral("8"),
                       fixturesDir() + QStringLiteral("/attacks/endless_sleep.py")});
        QVERIFY(sandpit.waitForStarted());
        const qint64 owner = sandpit.processId();
        // However the test ends: no Sandpit left frozen, and none of its containers left.
        const auto cleanUp = qScopeGuard([&] {
            ::kill(pid_t(owner), SIGKILL);
            sandpit.waitForFinished();
            if (auto client = DockerClient::connect(*DockerEndpoint::fromDockerHost(QString()))) {
                for (const auto &[id, state] : containersOf(owner))
                    DockerContainer::remove(*client, id);
            }
        });
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += sandpit.readAllStandardOutput()).contains("sleeping"), 30000);
        const auto states = [&] {
            QStringList all;
            for (const auto &[id, state] : containersOf(owner))
                all << state;
            return all;
        };
        QVERIFY2(states().contains(QStringLiteral("running")), qPrintable(states().join(QLatin1Char(' '))));
        ::kill(pid_t(owner), SIGSTOP);
        // Forever, were there no deadline: the program sleeps until it is killed.
        QTRY_VERIFY_WITH_TIMEOUT(!states().contains(QStringLiteral("running")), 40000);
        QVERIFY2(states().contains(QStringLiteral("exited")), qPrintable(states().join(QLatin1Char(' '))));
    }

    void setuidBitsDoNotReachTheHost()
    {
        QTemporaryDir kept;
        auto store = std::make_shared<ArtifactStore>();
        RunRequest request = attack(QStringLiteral("setuid_files.py"));
        request.keptWorkspace = kept.path();
        request.keepArtifacts = ArtifactStore::reserve(store);
        const Outcome o = runAlone(request);
        QVERIFY(o.result);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("output/tool 0o6755\ntool 0o6755\n")); // set in there
        for (const QString &copy :
             {o.result->artifactsDir + QStringLiteral("/tool"), kept.filePath(QStringLiteral("tool")),
              kept.filePath(QStringLiteral("output/tool"))}) {
            struct stat st { };
            QVERIFY2(::lstat(QFile::encodeName(copy).constData(), &st) == 0, qPrintable(copy));
            QVERIFY2(S_ISREG(st.st_mode) && (st.st_mode & (S_ISUID | S_ISGID)) == 0,
                     qPrintable(QStringLiteral("%1 %2").arg(copy).arg(st.st_mode, 0, 8)));
        }
    }
};

QTEST_GUILESS_MAIN(TestAttacksDockerEnd)
#include "tst_attacks_docker_end.moc"
