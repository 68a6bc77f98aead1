#include "docker/dockerrunclose.h"

#include <QJsonObject>

#include <unistd.h>

namespace Sandpit::Core {

namespace {
// Init ends within a millisecond of being let go, or of a SIGKILL; the daemon then takes about
// a tenth of a second to see the exit, longer on a busy machine.
constexpr int kExitTimeoutMs = 10000;
} // namespace

DockerRunClose::DockerRunClose(const DockerClient &client, DockerPreparedContainer &container)
    : m_client(client)
    , m_container(container)
    , m_base(QStringLiteral("/containers/") + container.id)
{
}

Expected<void> DockerRunClose::afterProgramEnded(const Copy &copy)
{
    copy();
    const bool endedWhenLetGo = release() && waitForExit(kExitTimeoutMs);
    // Nothing of the container may run on once its result is out: one the wait did not see
    // stop is killed. One it saw stop needs no kill (answered 409) nor a second wait.
    const bool stopped = endedWhenLetGo || killAndWait();
    if (m_unanswered)
        return std::unexpected(*m_unanswered);
    if (!endedWhenLetGo || !stopped) {
        // Killed by us, it exits 137: a status of ours, not the program's.
        return makeError(RunError::Code::Internal,
                         QStringLiteral("The program's container did not end when the program had, so how the program "
                                        "ended is not known."));
    }
    return {};
}

void DockerRunClose::stop(const Copy &copy)
{
    auto paused = m_client.call("POST", m_base + QStringLiteral("/pause"));
    if (paused && paused->ok())
        copy();
    else
        qCWarning(lcDocker) << "could not freeze container" << m_container.id << "to copy its files: none are kept";
    // SIGKILL to the container's PID 1: the kernel then kills every process in its pid
    // namespace, so nothing the program started survives.
    if (!killAndWait())
        qCWarning(lcDocker) << "container" << m_container.id << "did not stop after SIGKILL";
}

Expected<void> DockerRunClose::readExit(DockerRunEnd &ending) const
{
    auto inspected = m_client.call("GET", m_base + QStringLiteral("/json"));
    if (!inspected)
        return std::unexpected(unanswered(inspected.error()));
    if (!inspected->ok())
        return std::unexpected(DockerClient::errorFor(*inspected, QStringLiteral("report how the program ended")));
    const QJsonObject state = inspected->object().value(QLatin1String("State")).toObject();
    ending.exitCode = state.value(QLatin1String("ExitCode")).toInt();
    ending.oomKilled = ending.oomKilled || state.value(QLatin1String("OOMKilled")).toBool();
    return {};
}

bool DockerRunClose::release()
{
    // A line on the go pipe where there is one (the daemon shares our kernel); a remote engine
    // is reached by no pipe of ours, so the word goes as a signal through its API.
    if (m_container.go.isValid())
        return ::write(m_container.go.get(), "done\n", 5) == 5;
    auto signalled = m_client.call("POST", m_base + QStringLiteral("/kill?signal=SIGUSR1"));
    return signalled && signalled->ok();
}

bool DockerRunClose::killAndWait()
{
    // A container that has stopped already answers 409, which is as good.
    auto killed = m_client.call("POST", m_base + QStringLiteral("/kill?signal=KILL"));
    if (!killed)
        m_unanswered = unanswered(killed.error());
    return waitForExit(kExitTimeoutMs);
}

bool DockerRunClose::waitForExit(int timeoutMs)
{
    auto waited = m_client.call("POST", m_base + QStringLiteral("/wait"), {}, timeoutMs);
    return waited && waited->ok();
}

RunError DockerRunClose::unanswered(RunError error)
{
    // The daemon no longer answers: it died, or was stopped.
    error.message = QStringLiteral("Docker stopped answering while the program ran, so how it ended is not known. %1")
                        .arg(error.message);
    return error;
}

} // namespace Sandpit::Core
