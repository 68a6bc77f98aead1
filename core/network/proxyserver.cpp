#include "network/proxyserver.h"

#include "network/proxyclient.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

#include <system_error>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Core {

ProxyServer::ProxyServer(FileDescriptor listening, FileDescriptor stop, QList<AllowedDestination> allowed,
                         QString attemptLog)
    : m_listening(std::move(listening))
    , m_stop(std::move(stop))
    , m_allowed(std::move(allowed))
    , m_logIdPrefix(QByteArray::number(QRandomGenerator::system()->generate64(), 36) + '-')
{
    if (!attemptLog.isEmpty())
        m_log.reset(::open(attemptLog.toLocal8Bit().constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600));
    struct stat st { };
    if (m_log.isValid() && ::fstat(m_log.get(), &st) == 0)
        m_logBytes = st.st_size;
}

ProxyServer::~ProxyServer()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_slotFree.notify_all();
    const quint64 one = 1;
    [[maybe_unused]] const ssize_t written = ::write(m_stop.get(), &one, sizeof one);
    if (m_acceptor.joinable())
        m_acceptor.join();
    // The acceptor is gone, so nobody adds to the list any more.
    for (Client &client : m_clients) {
        if (client.thread.joinable())
            client.thread.join();
    }
    if (m_log.isValid())
        logDeniedCount(); // the count since the last line, for whoever reads the log last
}

bool ProxyServer::start()
{
    try {
        m_acceptor = std::thread([this] { acceptLoop(); });
    } catch (const std::system_error &) {
        return false;
    }
    return true;
}

QList<NetworkAttempt> ProxyServer::attempts() const
{
    std::lock_guard lock(m_mutex);
    QList<NetworkAttempt> list = m_attempts;
    if (m_attemptsLeftOut > 0)
        list.append(NetworkAttempt{attemptsLeftOutText(m_attemptsLeftOut), 0, false});
    return list;
}

namespace {

QByteArray jsonLine(const QJsonObject &entry)
{
    return QJsonDocument(entry).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

void ProxyServer::recordDenied(const QString &host, quint16 port)
{
    const QByteArray line = jsonLine(
        {{QStringLiteral("host"), host}, {QStringLiteral("port"), int(port)}, {QStringLiteral("allowed"), false}});
    std::lock_guard lock(m_mutex);
    logAttempt(line, false);
    listAttempt(NetworkAttempt{host, port, false});
}

ProxyServer::Ticket ProxyServer::recordAllowed(const QString &host, quint16 port)
{
    std::lock_guard lock(m_mutex);
    Ticket ticket;
    const QByteArray id = m_logIdPrefix + QByteArray::number(m_nextLogId++);
    const QByteArray line = jsonLine({{QStringLiteral("host"), host},
                                      {QStringLiteral("port"), int(port)},
                                      {QStringLiteral("allowed"), true},
                                      {QStringLiteral("pending"), true},
                                      {QStringLiteral("id"), QString::fromLatin1(id)}});
    if (logAttempt(line, true))
        ticket.logId = id;
    ticket.listed = listAttempt(NetworkAttempt{host, port, true, false, {}, true});
    return ticket;
}

void ProxyServer::recordOutcome(const Ticket &ticket, const QString &failure, bool denied)
{
    QJsonObject entry{{QStringLiteral("id"), QString::fromLatin1(ticket.logId)}, {QStringLiteral("done"), true}};
    if (denied)
        entry.insert(QStringLiteral("allowed"), false);
    else if (!failure.isEmpty())
        entry.insert(QStringLiteral("failure"), failure);
    std::lock_guard lock(m_mutex);
    // Only an attempt whose first line is in the log gets a second: a reader could not place it.
    if (!ticket.logId.isEmpty())
        logAttempt(jsonLine(entry), true);
    if (ticket.listed < 0)
        return;
    NetworkAttempt &attempt = m_attempts[ticket.listed];
    attempt.pending = false;
    attempt.allowed = !denied;
    attempt.failure = denied ? QString() : failure;
}

// The log has caps of its own: it outlives the list (a named sandbox's commands each read
// their part of it), so the list's cap must not end it. Called with m_mutex held.
bool ProxyServer::logAttempt(const QByteArray &line, bool allowed)
{
    if (!m_log.isValid() || m_logFull)
        return false;
    if (!allowed && m_logBytes >= kDeniedLogBytes) {
        if (++m_deniedUnlogged >= kDeniedCountEvery)
            logDeniedCount();
        return false;
    }
    logDeniedCount(); // those before it, in order
    logLine(line);
    return !m_logFull;
}

qsizetype ProxyServer::listAttempt(const NetworkAttempt &attempt)
{
    if (m_attempts.size() >= kMaxListedAttempts) {
        ++m_attemptsLeftOut;
        return -1;
    }
    m_attempts.append(attempt);
    return m_attempts.size() - 1;
}

void ProxyServer::reapFinished()
{
    for (auto it = m_clients.begin(); it != m_clients.end();) {
        if (it->done) {
            it->thread.join();
            it = m_clients.erase(it);
        } else {
            ++it;
        }
    }
}

void ProxyServer::acceptLoop()
{
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            reapFinished();
            // A program that opens connections without end waits in the listen queue instead
            // of making the engine start a thread for each.
            m_slotFree.wait(lock, [this] { return m_stopping || m_active < kMaxProxyClients; });
            if (m_stopping)
                return;
        }
        pollfd fds[2] = {{m_listening.get(), POLLIN, 0}, {m_stop.get(), POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0 && errno != EINTR)
            return;
        if (fds[1].revents)
            return;
        if (!(fds[0].revents & POLLIN))
            continue;
        const int fd = ::accept4(m_listening.get(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd >= 0)
            serve(fd);
    }
}

void ProxyServer::serve(int fd)
{
    std::lock_guard lock(m_mutex);
    Client &entry = m_clients.emplace_back();
    try {
        entry.thread = std::thread([this, &entry, fd] {
            serveProxyClient(*this, FileDescriptor(fd));
            std::lock_guard done(m_mutex);
            entry.done = true;
            --m_active;
            m_slotFree.notify_one();
        });
    } catch (const std::system_error &) {
        // Out of threads (the host's limit, not the sandbox's): this one connection is closed
        // unanswered, and the proxy goes on serving the others.
        m_clients.pop_back();
        ::close(fd);
        return;
    }
    ++m_active;
}

void ProxyServer::logLine(const QByteArray &line)
{
    static const QByteArray kFull = "{\"more\":true}\n";
    m_logFull = m_logBytes + line.size() + kFull.size() > kMaxAttemptLogBytes;
    const QByteArray &written = m_logFull ? kFull : line;
    // One write of a whole line with O_APPEND: a reader never sees half of one from us.
    if (::write(m_log.get(), written.constData(), size_t(written.size())) > 0)
        m_logBytes += written.size();
}

void ProxyServer::logDeniedCount()
{
    if (m_deniedUnlogged == 0 || m_logFull)
        return;
    logLine(QJsonDocument(QJsonObject{{QStringLiteral("denied_not_logged"), m_deniedUnlogged}})
                .toJson(QJsonDocument::Compact)
            + '\n');
    m_deniedUnlogged = 0;
}

QString deniedNotLoggedText(qint64 count)
{
    return count == 1 ? QStringLiteral("1 more denied attempt, counted but not logged")
                      : QStringLiteral("%1 more denied attempts, counted but not logged").arg(count);
}

QString attemptLogFullText()
{
    return QStringLiteral("more attempts, not logged: the sandbox's network log is full (32 MB)");
}

QString attemptsLeftOutText(qint64 count)
{
    return count == 1 ? QStringLiteral("1 more attempt not listed")
                      : QStringLiteral("%1 more attempts not listed").arg(count);
}

} // namespace Sandpit::Core
