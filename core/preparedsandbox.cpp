#include "preparedsandbox.h"

namespace Sandpit::Core {

PreparedSandbox::PreparedSandbox(Workspace workspace, std::unique_ptr<QProcess> process)
    : m_workspace(std::move(workspace))
    , m_process(std::move(process))
{
}

Expected<PreparedSandbox> PreparedSandbox::start(const Config &config)
{
    auto workspace = Workspace::create();
    if (!workspace)
        return std::unexpected(workspace.error());
    QStringList args{
        QStringLiteral("--workspace"), workspace->workDir(),
        QStringLiteral("--report"), workspace->reportPath(),
        QStringLiteral("--job"), workspace->jobPath(),
        QStringLiteral("--work-size-bytes"), QString::number(config.workSizeBytes),
    };
    for (const QString &path : config.readOnlyPaths)
        args << QStringLiteral("--ro-bind-try") << path;
    auto process = std::make_unique<QProcess>();
    process->setProgram(config.helperPath);
    process->setArguments(args);
    process->setWorkingDirectory(workspace->root());
    process->start(QIODevice::ReadWrite);
    return PreparedSandbox(std::move(*workspace), std::move(process));
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
