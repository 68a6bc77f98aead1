// RunRequest::command: exactly this argv instead of the language's steps, in a fresh sandbox,
// with the sources still copied in and no compile step. Built twice: for the local sandbox,
// and (SANDPIT_TEST_DOCKER) for Docker with the offline images.

#include "../../support/runharness.h"

using namespace Sandpit::Core;
using namespace SandpitTest;

class TstRequestCommand : public QObject, private RunFixture
{
    Q_OBJECT

public:
    TstRequestCommand()
        : RunFixture(makePythonController)
    {
    }

private:
    static RunRequest onThisBackend(RunRequest request)
    {
        request.backend = kDocker ? kDockerBackendId : kLocalBackendId;
        return request;
    }

private Q_SLOTS:
    void initTestCase() { startEngine(); }
    void cleanupTestCase() { stopEngine(); }

    // Arguments arrive as they are (no shell splits "a b"), beside the program's own file.
    void theCommandRunsWithItsArgumentsBesideTheSources()
    {
        RunRequest request = onThisBackend(pythonRequest("print('the file')\n"));
        request.command = {QStringLiteral("python3"), QStringLiteral("-c"),
                           QStringLiteral("import sys; print(sys.argv[1:], open('main.py').read().strip())"),
                           QStringLiteral("a b"), QStringLiteral("$HOME")};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->exitCode, 0);
        QCOMPARE(o.result->stdoutData, QByteArray("['a b', '$HOME'] print('the file')\n"));
    }

    // A compiled language's command runs at once: nothing is compiled, so the source is all
    // there is, and it need not even compile.
    void aCompiledLanguagesCommandSkipsTheCompiler()
    {
        RunRequest request = onThisBackend({});
        request.language = QStringLiteral("c");
        request.entryFile = QStringLiteral("main.c");
        request.sources = {{request.entryFile, "this is not C\n"}};
        request.command = {QStringLiteral("ls"), QStringLiteral("-A")};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stage, RunStage::Run);
        QCOMPARE(o.result->exitCode, 0);
        QVERIFY2(o.result->stdoutData.contains("main.c\n"), o.result->stdoutData.constData());
        QVERIFY2(!o.result->stdoutData.contains(".sandpit"), o.result->stdoutData.constData());
    }

    // Locally the program must be in the system folders the sandbox shows: one that is not is
    // named, and nothing runs. In Docker the image's shell looks for it: "not found", 127.
    void aMissingProgramIsNamed()
    {
        RunRequest request = onThisBackend(pythonRequest("print(1)\n"));
        request.command = {QStringLiteral("sandpit-no-such-program")};
        const Outcome o = run(request);
        if (kDocker) {
            QVERIFY2(o.result, why(o).constData());
            QCOMPARE(o.result->exitCode, 127);
            QVERIFY2(o.result->stderrData.contains("sandpit-no-such-program"), o.result->stderrData.constData());
            return;
        }
        QVERIFY(o.error);
        QCOMPARE(o.error->code, RunError::Code::MissingToolchain);
        QVERIFY2(o.error->message.contains(QLatin1String("sandpit-no-such-program is not installed")),
                 qPrintable(o.error->message));
    }

    // A terminal run gets a terminal, in the local sandbox and in Docker (the REPL's own
    // container): never run on pipes as if it had one.
    void aTerminalRunHasATerminal()
    {
        RunRequest request = onThisBackend(pythonRequest("print(1)\n"));
        request.command = {QStringLiteral("python3"), QStringLiteral("-c"),
                           QStringLiteral("import sys; print('tty', sys.stdin.isatty(), sys.stdout.isatty())")};
        request.terminal = TerminalSize{80, 24};
        const Outcome o = run(request);
        QVERIFY2(o.result, why(o).constData());
        QCOMPARE(o.result->stdoutData, QByteArray("tty True True\r\n"));
    }
};

QTEST_GUILESS_MAIN(TstRequestCommand)
#include "tst_requestcommand.moc"
