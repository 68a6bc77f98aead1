#include "docker/dockerjob.h"

#include <QFile>

#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Core {

DockerJob::DockerJob(DockerRun::Plan plan, std::shared_ptr<DockerConnector> connector,
                     std::shared_ptr<DockerReaper> reaper, DockerPool::Pending container)
    : m_shared(std::make_shared<DockerRunShared>())
{
    m_shared->receiver = this;
    m_remote = plan.key.remote;
    m_proxy = plan.proxy;
    m_network = plan.request.network;
    if (m_remote)
        m_shared->input = plan.request.keepStdinOpen ? plan.request.stdinData : QByteArray();
    else
        m_stdinBuffer = plan.request.keepStdinOpen ? plan.request.stdinData : QByteArray();
    connect(&m_output, &OutputBatcher::batchReady, this, &RunJob::outputReceived);
    // The callbacks run on this object's thread, but for the output: DockerRunShared::post
    // delivers them as events to this object, and events die with it. The output goes into
    // m_output from the run's attach stream, which this object's destructor waits for.
    DockerRun::Callbacks callbacks{
        [this](const QString &fifo) { onRunStarted(fifo); },
        [output = &m_output](OutputStream stream, QByteArray data) { output->add(stream, std::move(data)); },
        [this](const ArtifactListing &listing) {
            if (!m_done)
                Q_EMIT artifactsListed(listing);
        },
        [this](const RunResult &result) { onRunFinished(result); },
        [this](const RunError &error) { onRunFailed(error); },
    };
    m_run = std::make_unique<DockerRun>(std::move(plan), std::move(connector), std::move(reaper), std::move(container),
                                        m_shared, std::move(callbacks));
}

DockerJob::~DockerJob()
{
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->receiver = nullptr;
    }
    m_shared->requestStop(KillReason::Cancelled);
    closeInputPipe();
    // Without start() the prepared container still has to be taken and removed.
    if (!m_thread.joinable())
        m_thread = std::thread([run = m_run.get()] { run->run(); });
    // The run thread hands its container to the reaper and ends; at most the kill of a run
    // abandoned mid-way is waited for here.
    m_thread.join();
}

void DockerJob::start()
{
    m_thread = std::thread([run = m_run.get()] { run->run(); });
}

void DockerJob::cancel()
{
    if (!m_done)
        m_shared->requestStop(KillReason::Cancelled);
}

void DockerJob::writeInput(const QByteArray &data)
{
    if (m_done || m_inputClosed)
        return;
    if (m_remote) {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->input.append(data);
        return;
    }
    m_stdinBuffer.append(data);
    pumpInput();
}

void DockerJob::closeInput()
{
    m_inputClosed = true;
    if (m_remote) {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->inputEnded = true;
        return;
    }
    pumpInput();
}

void DockerJob::onRunStarted(const QString &stdinFifo)
{
    if (!stdinFifo.isEmpty()) {
        // O_RDWR: opening a FIFO for writing alone fails (ENXIO) until the program has opened
        // it for reading; read-write never blocks. EOF reaches the program when this closes.
        m_stdinFd = ::open(QFile::encodeName(stdinFifo).constData(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (m_stdinFd >= 0) {
            m_stdinNotifier = std::make_unique<QSocketNotifier>(m_stdinFd, QSocketNotifier::Write);
            m_stdinNotifier->setEnabled(false);
            connect(m_stdinNotifier.get(), &QSocketNotifier::activated, this, &DockerJob::pumpInput);
        }
        pumpInput();
    }
    Q_EMIT started();
}

void DockerJob::pumpInput()
{
    if (m_stdinFd < 0)
        return;
    while (!m_stdinBuffer.isEmpty()) {
        const ssize_t n = ::write(m_stdinFd, m_stdinBuffer.constData(), size_t(m_stdinBuffer.size()));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN)
                m_stdinBuffer.clear(); // the pipe is gone; the program will not read more
            break;
        }
        m_stdinBuffer.remove(0, n);
    }
    // A full pipe: the program reads slower than the user types; wait until it has room.
    m_stdinNotifier->setEnabled(!m_stdinBuffer.isEmpty());
    if (m_stdinBuffer.isEmpty() && m_inputClosed)
        closeInputPipe();
}

void DockerJob::closeInputPipe()
{
    m_stdinNotifier.reset();
    if (m_stdinFd >= 0)
        ::close(m_stdinFd);
    m_stdinFd = -1;
}

void DockerJob::onRunFinished(const RunResult &ended)
{
    m_done = true;
    closeInputPipe();
    m_output.flush();
    RunResult result = ended;
    if (m_proxy) {
        result.network = m_proxy->attempts();
        showProxiedNetwork(result.isolation, m_network);
    }
    Q_EMIT finished(result);
}

void DockerJob::onRunFailed(const RunError &error)
{
    m_done = true;
    closeInputPipe();
    Q_EMIT failed(error);
}

} // namespace Sandpit::Core
