#pragma once
// What the attack tests share: the attack programs (tests/fixtures/attacks/), how to start
// them, and the engine they run in. One source of each suite is built twice: tst_attacks_x
// runs it in the local sandbox, tst_attacks_x_docker (SANDPIT_TEST_DOCKER, kDocker) in a
// container of the offline Python image. Needs sandpit-offline/python:3.11 for the latter.

#include "support/dockerattacks.h"
#include "support/runharness.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

using namespace SandpitTest;

namespace Attacks {

constexpr qint64 kMiB = 1024 * 1024;
// Starts the compiled attack copied in as ./prog. Python ignores SIGPIPE and SIGXFSZ, and
// ignored signals survive exec: the program gets the defaults back, as if started directly.
constexpr const char *kLauncher = "import os, signal, sys\n"
                                  "signal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"
                                  "signal.signal(signal.SIGXFSZ, signal.SIG_DFL)\n"
                                  "os.execv('./prog', ['prog'] + sys.argv[1:])\n";

inline RunRequest attack(const QString &name, const QStringList &arguments = {})
{
    return pythonRequest(fixture(QStringLiteral("attacks/") + name), arguments);
}

/// Beside the test executable: bin/attacks/, built with the tests (also in the staged copy
/// the unprivileged run uses).
inline QString attackBinary(const QString &name)
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/attacks/") + name;
}

/// A C attack (tests/fixtures/attacks/*.c), copied into the workspace as an input file and
/// started by the launcher.
inline RunRequest compiledAttack(const QString &name)
{
    RunRequest request = pythonRequest(kLauncher);
    request.inputFiles = {{attackBinary(name), QStringLiteral("prog")}};
    return request;
}

/// The number in "stopped after 16 MB: ..." or "created 8183 files, then ENOSPC".
inline int firstNumber(const QByteArray &text)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("(\\d+)")).match(QString::fromUtf8(text));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

/// True while process `pid` runs with `token` in its command line (a zombie has none).
inline bool processHolds(qint64 pid, const QString &token)
{
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    return cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(token.toUtf8());
}

/// The run ended with `reason` and exit code `code` (std::nullopt where it was killed); if not, the
/// test function stops here and says what came instead.
#define SANDPIT_VERIFY_ENDED(outcome, reason, code)                                                                    \
    do {                                                                                                               \
        QVERIFY2((outcome).result, why(outcome));                                                                      \
        QCOMPARE(killReasonId((outcome).result->killReason), killReasonId(reason));                                    \
        QCOMPARE((outcome).result->exitCode, (code));                                                                  \
    } while (false)

/// The engine an attack suite's programs run in. In the local sandbox a fresh one for each
/// test function, so that nothing one attack leaves reaches the next; in Docker one for all,
/// whose warm container makes the runs quicker while each still gets a container of its own.
/// A suite's initTestCase, init, cleanup and cleanupTestCase take the four steps below.
class AttackFixture : protected RunFixture
{
protected:
    AttackFixture()
        : RunFixture([] { return kDocker ? dockerController() : makeController(); }, 60000)
    {
    }

    /// The C attacks must have been built.
    void beforeAll()
    {
        for (const char *name : {"ptrace_attach", "int80_syscall", "abort_core", "write_10gb", "unshare_user"})
            QVERIFY2(QFileInfo(attackBinary(QString::fromLatin1(name))).isExecutable(), name);
        if (kDocker)
            startEngine();
    }
    void beforeEach()
    {
        if (!kDocker)
            startEngine();
    }
    void afterEach()
    {
        if (!kDocker)
            stopEngine();
    }
    /// The engine goes, and in Docker every container it made with it.
    void afterAll()
    {
        stopEngine();
        if (kDocker)
            QCOMPARE(ownContainerStates(), QStringList());
    }
};

/// The base of each attack suite: a Qt Test object whose test functions each run one attack
/// through AttackFixture's engine. Qt Test finds the four slots here as the suite's own.
class AttackSuite : public QObject, protected AttackFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { beforeAll(); }
    void init() { beforeEach(); }
    void cleanup() { afterEach(); }
    void cleanupTestCase() { afterAll(); }
};

} // namespace Attacks

using namespace Attacks;
