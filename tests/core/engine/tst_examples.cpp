// The bundled examples (resources/examples/, File > Examples in the window) run and leave the
// files they promise in output/: matplotlib's plots through Sandpit's backend, and a CSV. The
// examples Help > Getting Started points to end as they say they will: with an answer to
// their input, at the time or memory limit, with a file in output/, a traceback or a crash.
// Built twice: tst_examples in the local sandbox (python3-matplotlib from the host, which
// scripts/install-deps.sh --test installs) and tst_examples_docker in the offline Python image,
// which has it too.
#include "support/runharness.h"

using namespace SandpitTest;

Q_DECLARE_METATYPE(Sandpit::Core::KillReason)

namespace {
QByteArray example(const QString &name)
{
    QFile file(QStringLiteral(":/sandpit/examples/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no bundled example %s", qPrintable(name));
    return file.readAll();
}

const Artifact *findArtifact(const RunResult &result, const QString &path)
{
    for (const Artifact &a : result.artifacts) {
        if (a.path == path)
            return &a;
    }
    return nullptr;
}
} // namespace

class TestExamples : public QObject
{
    Q_OBJECT

private:
    Outcome run(const QByteArray &code) { return run(pythonRequest(code)); }
    Outcome run(RunRequest request)
    {
        request.backend = kDocker ? QStringLiteral("docker") : QStringLiteral("local");
        return runToEnd(*m_controller, request, 120000);
    }

    std::unique_ptr<RunController> m_controller;

    /// `name` as a bundled example in its own language (from the name's extension).
    static RunRequest exampleRequest(const QString &name)
    {
        RunRequest request;
        request.language = name.endsWith(QStringLiteral(".c")) ? QStringLiteral("c") : QStringLiteral("python");
        request.entryFile = name.endsWith(QStringLiteral(".c")) ? QStringLiteral("main.c") : QStringLiteral("main.py");
        request.sources = {{request.entryFile, example(name)}};
        return request;
    }

private Q_SLOTS:
    void initTestCase() { m_controller = makePythonController(); }

    void inputExampleAnswersWhatWasTyped_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("python") << QStringLiteral("ask_input.py");
        QTest::newRow("c") << QStringLiteral("ask_input.c");
    }
    void inputExampleAnswersWhatWasTyped()
    {
        QFETCH(QString, name);
        RunRequest request = exampleRequest(name);
        request.stdinData = "Ada\n19\n";
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData,
                 QByteArray("What is your name? How old are you? Hello, Ada! Next year you will be 20.\n"));
    }

    void limitExamplesEndWithTheirReason_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<KillReason>("reason");
        QTest::newRow("time, python") << QStringLiteral("time_limit.py") << KillReason::Timeout;
        QTest::newRow("time, c") << QStringLiteral("time_limit.c") << KillReason::Timeout;
        QTest::newRow("memory, python") << QStringLiteral("memory_limit.py") << KillReason::Memory;
        QTest::newRow("memory, c") << QStringLiteral("memory_limit.c") << KillReason::Memory;
        QTest::newRow("crash, c") << QStringLiteral("crash.c") << KillReason::Signal;
    }
    void limitExamplesEndWithTheirReason()
    {
        QFETCH(QString, name);
        QFETCH(KillReason, reason);
        RunRequest request = exampleRequest(name);
        // The limits of a first run, made smaller so the test is quick; the example does not know.
        request.limits.wallTimeMs = reason == KillReason::Timeout ? 2'000 : 30'000;
        request.limits.memoryBytes = 96LL * 1024 * 1024;
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QVERIFY2(o.result->killReason == reason,
                 qPrintable(killReasonId(o.result->killReason) + QStringLiteral(": ") + o.result->killDetail
                            + QString::fromUtf8(o.result->stdoutData.right(200) + o.result->stderrData.right(400))));
        if (reason == KillReason::Signal)
            QCOMPARE(o.result->signal, std::optional<int>(SIGSEGV));
        // It had begun: the lines it printed before the end are there.
        QVERIFY2(!o.result->stdoutData.isEmpty(), o.result->stderrData.constData());
    }

    void errorExampleEndsWithItsTraceback()
    {
        const Outcome o = run(exampleRequest(QStringLiteral("error.py")));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->killReason, KillReason::None);
        QCOMPARE(o.result->exitCode, 1);
        QCOMPARE(o.result->stdoutData, QByteArray("Ada\nGrace\nLinus\n"));
        QVERIFY2(o.result->stderrData.contains("IndexError: list index out of range"),
                 o.result->stderrData.constData());
    }
    void cleanupTestCase() { m_controller.reset(); }

    void plotExampleLeavesItsPlotsInOutput()
    {
        const Outcome o = run(example(QStringLiteral("plot.py")));
        QVERIFY2(o.result, why(o));
        QVERIFY2(o.result->exitCode == 0, o.result->stderrData.constData());
        QCOMPARE(o.result->stdoutData, QByteArray("Saved output/waves.png\n"));
        QCOMPARE(o.result->artifacts.size(), 2);
        for (const QString &name : {QStringLiteral("waves.png"), QStringLiteral("figure-1.png")}) {
            const Artifact *plot = findArtifact(*o.result, name);
            QVERIFY2(plot, qPrintable(name + QStringLiteral(" is not among the artifacts")));
            QCOMPARE(plot->mimeType, QStringLiteral("image/png"));
            QVERIFY2(plot->size > 5000, qPrintable(name + QStringLiteral(" is too small to hold a plot")));
        }
    }

    void showSavesEachFigureWithoutAWarning()
    {
        // With no display, matplotlib's own Agg backend would warn that it cannot show the
        // figure and drop it. Sandpit's saves it where the Artifacts pane looks.
        const Outcome o = run(QByteArrayLiteral("import matplotlib.pyplot as plt\n"
                                                "plt.plot([1, 2, 3])\n"
                                                "plt.show()\n"
                                                "plt.plot([3, 2, 1])\n"
                                                "plt.plot([2, 2, 2])\n"
                                                "plt.show()\n"
                                                "print(len(plt.get_fignums()))\n"));
        QVERIFY2(o.result, why(o));
        QVERIFY2(o.result->exitCode == 0, o.result->stderrData.constData());
        QCOMPARE(o.result->stderrData, QByteArray());
        QCOMPARE(o.result->stdoutData, QByteArray("0\n")); // shown figures are closed, as by a window
        QVERIFY(findArtifact(*o.result, QStringLiteral("figure-1.png")));
        QVERIFY(findArtifact(*o.result, QStringLiteral("figure-2.png")));
        QVERIFY(!findArtifact(*o.result, QStringLiteral("figure-3.png")));
    }

    void aProgramOfTheSameNameWinsOverTheBackend()
    {
        // The backend's file sits beside the program; a learner's file of that name is theirs.
        RunRequest request
            = pythonRequest(QByteArrayLiteral("import sandpit_matplotlib\nprint(sandpit_matplotlib.MINE)\n"));
        request.sources << SourceFile{QStringLiteral("sandpit_matplotlib.py"),
                                      QByteArrayLiteral("MINE = 'the learner\\'s'\n")};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->stdoutData, QByteArray("the learner's\n"));
    }

    void fileExamplesWriteACsv_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("python") << QStringLiteral("table.py");
        QTest::newRow("c") << QStringLiteral("write_files.c");
    }
    void fileExamplesWriteACsv()
    {
        QFETCH(QString, name);
        const Outcome o = run(exampleRequest(name));
        QVERIFY2(o.result, why(o));
        QCOMPARE(o.result->exitCode, 0);
        const Artifact *table = findArtifact(*o.result, QStringLiteral("squares.csv"));
        QVERIFY(table);
        QCOMPARE(table->mimeType, QStringLiteral("text/csv"));
    }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "tst_examples.moc"
