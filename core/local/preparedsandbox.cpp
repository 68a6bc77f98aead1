#include "local/preparedsandbox.h"

#include "model/typeids.h"

#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Core {

PreparedSandbox::PreparedSandbox(Workspace workspace, std::unique_ptr<QProcess> process, FileDescriptor events)
    : m_workspace(std::move(workspace))
    , m_process(std::move(process))
    , m_events(std::move(events))
{
}

Expected<PreparedSandbox> PreparedSandbox::start(const Config &config)
{
    auto workspace = Workspace::create();
    if (!workspace)
        return std::unexpected(workspace.error());
    QStringList args{
        QStringLiteral("--workspace"),
        workspace->workDir(),
        QStringLiteral("--report"),
        workspace->reportPath(),
        QStringLiteral("--job"),
        workspace->jobPath(),
        QStringLiteral("--work-size-bytes"),
        QString::number(config.workSizeBytes),
        QStringLiteral("--allow-weaker"),
        allowWeakerId(config.weakestIsolation),
    };
    for (const QString &path : config.readOnlyPaths)
        args << QStringLiteral("--ro-bind-try") << path;
    if (!config.proxySocket.isEmpty())
        args << QStringLiteral("--proxy-socket") << config.proxySocket;
    if (!config.enterStateDir.isEmpty())
        args << QStringLiteral("--enter") << config.enterStateDir;
    // The helper's events pipe: close-on-exec here, so that no other child of ours
    // inherits it, and handed to this helper alone by the child-side hook below.
    int ends[2] = {-1, -1};
    const bool havePipe = pipe2(ends, O_CLOEXEC) == 0;
    FileDescriptor readEnd(havePipe ? ends[0] : -1);
    FileDescriptor writeEnd(havePipe ? ends[1] : -1);
    auto process = std::make_unique<QProcess>();
    const int events = havePipe ? writeEnd.get() : -1;
    if (havePipe)
        args << QStringLiteral("--events-fd") << QString::number(events);
    // The control channel: made for every sandbox, since whether its run will be on a terminal
    // is known only when the job comes. The same hand-over as the events pipe.
    int controlEnds[2] = {-1, -1};
    const bool haveControl = pipe2(controlEnds, O_CLOEXEC) == 0;
    FileDescriptor controlRead(haveControl ? controlEnds[0] : -1);
    FileDescriptor controlWrite(haveControl ? controlEnds[1] : -1);
    const int control = haveControl ? controlRead.get() : -1;
    if (haveControl) {
        args << QStringLiteral("--control-fd") << QString::number(control);
        // A resize must never block the worker thread on a helper that is not reading.
        fcntl(controlWrite.get(), F_SETFL, O_NONBLOCK);
    }
    // The filter image is shared by every helper of the engine: close-on-exec, so that no
    // other child gets it, and inherited by this helper alone, which closes it before init.
    const int seccomp = config.seccompFd;
    if (seccomp >= 0)
        args << QStringLiteral("--seccomp-fd") << QString::number(seccomp);
    process->setChildProcessModifier([events, seccomp, control] {
        for (const int fd : {events, seccomp, control}) {
            if (fd >= 0)
                fcntl(fd, F_SETFD, 0);
        }
    });
    process->setProgram(config.helperPath);
    process->setArguments(args);
    process->setWorkingDirectory(workspace->root());
    process->start(QIODevice::ReadWrite);
    writeEnd.reset(); // the helper has its copy
    controlRead.reset();
    PreparedSandbox sandbox(std::move(*workspace), std::move(process), std::move(readEnd));
    sandbox.m_control = std::move(controlWrite);
    sandbox.m_weakest = config.weakestIsolation;
    return sandbox;
}

PreparedSandbox::~PreparedSandbox()
{
    if (!isAlive())
        return;
    // End-of-file on its stdin tells the helper it will get no job (see protocol.h): it takes
    // init down and removes its cgroup on the way out. A killed helper would leave the group.
    // On the worker thread, so the short wait blocks no window.
    m_process->closeWriteChannel();
    if (!m_process->waitForFinished(2000)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

bool PreparedSandbox::isAlive() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

} // namespace Sandpit::Core
