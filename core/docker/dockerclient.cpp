#include "docker/dockerclient.h"

#include <QJsonDocument>
#include <QUrl>

#include <curl/curl.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace Sandpit::Core {

namespace {
constexpr long kConnectTimeoutMs = 3000;

void initCurlOnce()
{
    // curl_global_init is not thread-safe, and the first call may come from any run thread.
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer {
    CURL *easy = nullptr;
    const DockerClient::StreamHandlers *handlers = nullptr;
    DockerResponse response;
    bool headersDone = false;
    bool stoppedByHandler = false;
    // The request body as a stream (StreamHandlers::takeInput), after `leading`.
    QByteArray leading;
    QByteArray input;
    bool inputEnded = false;
    bool inputPaused = false;
    bool halfClosed = false;
    /// The connection attempts' sockets curl has not closed: with happy eyeballs the
    /// attempts that lose are closed, and their numbers may be reused at once.
    std::vector<curl_socket_t> openSockets;
    curl_off_t given = 0; ///< bytes handed to curl to send, the leading body's included

    /// Whether curl should be asked to send again: the daemon has answered (before that, it
    /// may read our first bytes along with the headers and lose them when it hijacks the
    /// connection) and there is input, or its end.
    bool readyToSend() { return headersDone && !halfClosed && (!input.isEmpty() || inputEnded || refillInput()); }

    /// Fetches new input; true when curl has something to do with it.
    bool refillInput()
    {
        if (!handlers || !handlers->takeInput || inputEnded)
            return false;
        bool ended = false;
        input += handlers->takeInput(ended);
        inputEnded = ended;
        return !input.isEmpty() || inputEnded;
    }
};

/// The socket the transfer is connected on. CURLINFO_ACTIVESOCKET is asked first; curl
/// versions that fill it only once a transfer is done (or with CONNECT_ONLY) leave the one
/// attempt still open after the losers were closed. Several still open: unknown.
curl_socket_t transferSocket(Transfer &t)
{
    curl_socket_t active = CURL_SOCKET_BAD;
    if (curl_easy_getinfo(t.easy, CURLINFO_ACTIVESOCKET, &active) == CURLE_OK && active != CURL_SOCKET_BAD
        && std::ranges::find(t.openSockets, active) != t.openSockets.end())
        return active;
    return t.openSockets.size() == 1 ? t.openSockets.front() : CURL_SOCKET_BAD;
}

/// StreamHandlers::halfCloseAtEnd: shuts the connection's sending side once everything handed
/// to curl has left (curl asks for more only after it sent the last piece, but a later curl
/// might read ahead, so the count is checked). On TLS this is a TCP FIN without close_notify;
/// the daemon's Go TLS reads a FIN at a record's end as end-of-file, so it serves both engines.
bool halfClose(Transfer &t)
{
    curl_off_t sent = 0;
    const curl_socket_t socket = transferSocket(t);
    if (socket == CURL_SOCKET_BAD || curl_easy_getinfo(t.easy, CURLINFO_SIZE_UPLOAD_T, &sent) != CURLE_OK
        || sent < t.given)
        return false;
    ::shutdown(socket, SHUT_WR);
    t.halfClosed = true;
    return true;
}

// Each call has its own handle, so the sockets seen here are this transfer's attempts.
int onSocket(void *user, curl_socket_t socket, curlsocktype purpose)
{
    if (purpose == CURLSOCKTYPE_IPCXN)
        static_cast<Transfer *>(user)->openSockets.push_back(socket);
    return CURL_SOCKOPT_OK;
}

/// CURLOPT_CLOSESOCKETFUNCTION: a socket curl closes is forgotten before its number can be
/// reused, so halfClose never shuts down a stranger's descriptor.
int onCloseSocket(void *user, curl_socket_t socket)
{
    std::erase(static_cast<Transfer *>(user)->openSockets, socket);
    return ::close(socket);
}

size_t onInput(char *buffer, size_t size, size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    if (!t->leading.isEmpty()) {
        const size_t n = std::min(size * count, size_t(t->leading.size()));
        std::memcpy(buffer, t->leading.constData(), n);
        t->leading.remove(0, qsizetype(n));
        t->given += curl_off_t(n);
        return n;
    }
    if (!t->headersDone) {
        t->inputPaused = true;
        return CURL_READFUNC_PAUSE;
    }
    if (t->input.isEmpty())
        t->refillInput();
    if (t->input.isEmpty()) {
        if (t->inputEnded && !t->handlers->halfCloseAtEnd)
            return CURL_READFUNC_ABORT; // the connection closes: end of input for the program
        // Paused for good once half-closed (readyToSend); until then tried again at the next look.
        if (t->inputEnded)
            halfClose(*t);
        t->inputPaused = true;
        return CURL_READFUNC_PAUSE;
    }
    const size_t n = std::min(size * count, size_t(t->input.size()));
    std::memcpy(buffer, t->input.constData(), n);
    t->input.remove(0, qsizetype(n));
    t->given += curl_off_t(n);
    return n;
}

size_t onHeader(char *data, size_t size, size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const QByteArrayView line(data, qsizetype(size * count));
    if (line.startsWith("HTTP/")) {
        const QList<QByteArray> parts = line.toByteArray().split(' ');
        t->response.status = parts.size() > 1 ? parts.at(1).toLong() : 0;
        t->headersDone = false;
    } else if (line.startsWith("X-Docker-Container-Path-Stat:") || line.startsWith("x-docker-container-path-stat:")) {
        t->response.pathStat = QByteArray::fromBase64(line.sliced(line.indexOf(':') + 1).trimmed().toByteArray());
    } else if (line == "\r\n" || line == "\n") {
        t->headersDone = true;
        // Attach hijacks the connection right after its headers: this is the moment the
        // stream is live and the container may be started without losing output.
        if (t->handlers && t->handlers->onConnected && t->response.ok())
            t->handlers->onConnected();
    }
    return size * count;
}

size_t onBody(char *data, size_t size, size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const QByteArrayView bytes(data, qsizetype(size * count));
    if (t->handlers && t->handlers->onData && t->response.ok()) {
        if (!t->handlers->onData(bytes)) {
            t->stoppedByHandler = true;
            return CURL_WRITEFUNC_ERROR;
        }
    } else {
        t->response.body.append(bytes);
    }
    return size * count;
}

// How often an abortable transfer looks at its flag. curl's progress callback alone comes
// about once a second on an idle stream, and a run that ends early must not wait for that.
constexpr int kAbortPollMs = 20;

CURLcode performAbortable(CURL *easy, const std::atomic_bool &abort, Transfer &transfer)
{
    std::unique_ptr<CURLM, decltype(&curl_multi_cleanup)> multi(curl_multi_init(), &curl_multi_cleanup);
    if (!multi || curl_multi_add_handle(multi.get(), easy) != CURLM_OK)
        return CURLE_OUT_OF_MEMORY;
    CURLcode result = CURLE_OK;
    bool done = false;
    while (!done) {
        if (transfer.headersDone && transfer.handlers->everyLook)
            transfer.handlers->everyLook();
        if (abort.load()) {
            result = CURLE_ABORTED_BY_CALLBACK;
            break;
        }
        if (transfer.inputPaused && transfer.readyToSend()) {
            transfer.inputPaused = false;
            curl_easy_pause(easy, CURLPAUSE_CONT);
        }
        int running = 0;
        if (curl_multi_perform(multi.get(), &running) != CURLM_OK) {
            result = CURLE_RECV_ERROR;
            break;
        }
        int queued = 0;
        while (CURLMsg *message = curl_multi_info_read(multi.get(), &queued)) {
            if (message->msg == CURLMSG_DONE) {
                result = message->data.result;
                done = true;
            }
        }
        if (!done && running == 0)
            break;
        if (!done)
            curl_multi_poll(multi.get(), nullptr, 0, kAbortPollMs, nullptr);
    }
    curl_multi_remove_handle(multi.get(), easy);
    return result;
}
} // namespace

Expected<DockerEndpoint> DockerEndpoint::fromDockerHost(const QString &dockerHost,
                                                        const QProcessEnvironment &environment)
{
    DockerEndpoint e;
    const QString host = dockerHost.trimmed();
    if (host.isEmpty() || host.startsWith(QLatin1String("unix://"))) {
        e.unixSocket = host.isEmpty() ? QStringLiteral("/var/run/docker.sock") : host.mid(7);
        e.baseUrl = QStringLiteral("http://localhost");
        e.description = e.unixSocket;
        return e;
    }
    if (host.startsWith(QLatin1String("tcp://"))) {
        auto tls = DockerTls::fromEnvironment(environment);
        if (!tls)
            return std::unexpected(tls.error());
        e.tls = *tls;
        QString address = host.mid(6);
        while (address.endsWith(QLatin1Char('/')))
            address.chop(1);
        // The Docker CLI's default ports: 2376 when TLS is on, 2375 when not.
        if (!address.contains(QLatin1Char(':')))
            address += e.tls.enabled ? QStringLiteral(":2376") : QStringLiteral(":2375");
        e.baseUrl = (e.tls.enabled ? QStringLiteral("https://") : QStringLiteral("http://")) + address;
        e.description = QStringLiteral("tcp://") + address;
        return e;
    }
    if (host.startsWith(QLatin1String("ssh://"))) {
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("DOCKER_HOST is \"%1\", but Sandpit does not support ssh:// engines. Make the "
                                        "engine listen on TCP with TLS (tcp://host:2376 with DOCKER_TLS_VERIFY=1 and "
                                        "DOCKER_CERT_PATH), or forward its socket: ssh -L /tmp/docker.sock:/var/run/"
                                        "docker.sock host, then DOCKER_HOST=unix:///tmp/docker.sock.")
                             .arg(dockerHost));
    }
    return makeError(
        RunError::Code::BackendUnavailable,
        QStringLiteral("DOCKER_HOST is \"%1\", but Sandpit understands only unix:///path and tcp://host:port.")
            .arg(dockerHost));
}

QJsonObject DockerResponse::object() const
{
    return QJsonDocument::fromJson(body).object();
}

QString DockerResponse::message() const
{
    const QString fromJson = object().value(QLatin1String("message")).toString();
    return fromJson.isEmpty() ? QString::fromUtf8(body).trimmed() : fromJson;
}

DockerClient::DockerClient(DockerEndpoint endpoint, int apiMinor)
    : m_endpoint(std::move(endpoint))
    , m_apiMinor(apiMinor)
{
}

Expected<DockerClient> DockerClient::connect(const DockerEndpoint &endpoint)
{
    const DockerClient probe(endpoint);
    auto response = probe.perform("GET", endpoint.baseUrl + QStringLiteral("/version"), {}, 5000, nullptr);
    if (!response)
        return std::unexpected(response.error());
    if (response->status == 400 && response->body.contains("HTTPS server")) {
        return makeError(RunError::Code::BackendUnavailable,
                         QStringLiteral("The Docker daemon at %1 speaks TLS only, but Sandpit spoke plain HTTP to it. "
                                        "Set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH to the folder with this "
                                        "engine's ca.pem, cert.pem and key.pem.")
                             .arg(endpoint.description));
    }
    if (!response->ok())
        return std::unexpected(errorFor(*response, QStringLiteral("ask Docker for its version")));
    const QString version = response->object().value(QLatin1String("ApiVersion")).toString();
    const QStringList parts = version.split(QLatin1Char('.'));
    const int minor = parts.size() == 2 && parts.at(0) == QLatin1String("1") ? parts.at(1).toInt() : 0;
    if (minor < kMinApiMinor) {
        return makeError(
            RunError::Code::BackendUnavailable,
            QStringLiteral("The Docker daemon at %1 speaks API version %2, but Sandpit needs 1.%3 or newer. "
                           "Update Docker, or use the local sandbox.")
                .arg(endpoint.description, version.isEmpty() ? QStringLiteral("(unknown)") : version)
                .arg(kMinApiMinor));
    }
    qCDebug(lcDocker) << "daemon API" << version << "- using" << std::min(minor, kMaxApiMinor);
    return DockerClient(endpoint, std::min(minor, kMaxApiMinor));
}

bool DockerClient::answers(int timeoutMs) const
{
    // Any answer but a gateway's or an overloaded daemon's (5xx) is a daemon that is there.
    const auto pong = call("GET", QStringLiteral("/_ping"), {}, timeoutMs);
    return pong && pong->status < 500;
}

Expected<DockerResponse> DockerClient::call(const char *method, const QString &path, const QByteArray &jsonBody,
                                            int timeoutMs) const
{
    return perform(method, m_endpoint.baseUrl + QStringLiteral("/v%1").arg(apiVersion()) + path, jsonBody, timeoutMs,
                   nullptr);
}

Expected<DockerResponse> DockerClient::putArchive(const QString &containerId, const QString &folder,
                                                  const QByteArray &tar) const
{
    const QString path = QStringLiteral("/containers/%1/archive?path=%2")
                             .arg(containerId, QString::fromLatin1(QUrl::toPercentEncoding(folder)));
    return perform("PUT", m_endpoint.baseUrl + QStringLiteral("/v%1").arg(apiVersion()) + path, tar, 0, nullptr,
                   "Content-Type: application/x-tar");
}

Expected<qint64> DockerClient::pathSize(const QString &containerId, const QString &path) const
{
    auto response = call("HEAD",
                         QStringLiteral("/containers/%1/archive?path=%2")
                             .arg(containerId, QString::fromLatin1(QUrl::toPercentEncoding(path))));
    if (!response)
        return std::unexpected(response.error());
    if (response->status == 404)
        return -1;
    if (!response->ok())
        return std::unexpected(errorFor(*response, QStringLiteral("look at %1").arg(path)));
    return qint64(QJsonDocument::fromJson(response->pathStat).object().value(QLatin1String("size")).toDouble(-1));
}

Expected<DockerResponse> DockerClient::stream(const char *method, const QString &path,
                                              const StreamHandlers &handlers) const
{
    return perform(method, m_endpoint.baseUrl + QStringLiteral("/v%1").arg(apiVersion()) + path, {}, 0, &handlers);
}

Expected<DockerResponse> DockerClient::perform(const char *method, const QString &url, const QByteArray &body,
                                               int timeoutMs, const StreamHandlers *handlers,
                                               const char *contentTypeHeader) const
{
    initCurlOnce();
    std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);
    if (!curl)
        return makeError(RunError::Code::Internal, QStringLiteral("Could not set up an HTTP connection to Docker."));
    Transfer transfer;
    transfer.easy = curl.get();
    transfer.handlers = handlers;
    if (handlers)
        transfer.leading = handlers->leadingBody;
    const QByteArray urlBytes = url.toUtf8();
    const QByteArray socket = m_endpoint.unixSocket.toLocal8Bit();
    char errorBuffer[CURL_ERROR_SIZE] = {};
    curl_slist *headers = nullptr;
    headers = curl_slist_append(headers, contentTypeHeader);
    // Without this curl waits a second for a "100 Continue" the daemon never sends.
    headers = curl_slist_append(headers, "Expect:");
    const std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headerGuard(headers, &curl_slist_free_all);

    CURL *c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, urlBytes.constData());
    if (!socket.isEmpty())
        curl_easy_setopt(c, CURLOPT_UNIX_SOCKET_PATH, socket.constData());
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    if (qstrcmp(method, "HEAD") == 0)
        curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
    if (handlers && handlers->takeInput) {
        // Sent raw, as it comes: the daemon reads the hijacked connection itself, so no
        // chunked framing, and a length nobody will reach.
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_READFUNCTION, &onInput);
        curl_easy_setopt(c, CURLOPT_READDATA, &transfer);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(1) << 50);
        curl_easy_setopt(c, CURLOPT_SOCKOPTFUNCTION, &onSocket);
        curl_easy_setopt(c, CURLOPT_SOCKOPTDATA, &transfer);
        curl_easy_setopt(c, CURLOPT_CLOSESOCKETFUNCTION, &onCloseSocket);
        curl_easy_setopt(c, CURLOPT_CLOSESOCKETDATA, &transfer);
    } else if (qstrcmp(method, "POST") == 0 || qstrcmp(method, "PUT") == 0) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.constData());
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, long(body.size()));
    }
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, &onHeader);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &transfer);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &onBody);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, kConnectTimeoutMs);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L); // we are one thread of many; no SIGALRM
    setTlsOptions(c);
    if (timeoutMs > 0)
        curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, long(timeoutMs));
    const CURLcode code
        = handlers && handlers->abort ? performAbortable(c, *handlers->abort, transfer) : curl_easy_perform(c);
    if (code == CURLE_OK || transfer.stoppedByHandler || (code == CURLE_ABORTED_BY_CALLBACK && transfer.headersDone))
        return transfer.response;
    // A hijacked attach stream has no length: the daemon ends it by closing the connection,
    // which curl may report as a partial transfer.
    if ((code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR) && transfer.headersDone && transfer.response.ok())
        return transfer.response;
    long osErrno = 0;
    curl_easy_getinfo(c, CURLINFO_OS_ERRNO, &osErrno);
    return std::unexpected(transportError(int(code), osErrno, QString::fromLocal8Bit(errorBuffer)));
}

void DockerClient::setTlsOptions(void *curl) const
{
    const DockerTls &tls = m_endpoint.tls;
    if (!tls.enabled)
        return;
    CURL *c = curl;
    // curl copies these strings, so temporaries are fine.
    if (!tls.caFile.isEmpty())
        curl_easy_setopt(c, CURLOPT_CAINFO, tls.caFile.toLocal8Bit().constData());
    if (!tls.certFile.isEmpty()) {
        curl_easy_setopt(c, CURLOPT_SSLCERT, tls.certFile.toLocal8Bit().constData());
        curl_easy_setopt(c, CURLOPT_SSLKEY, tls.keyFile.toLocal8Bit().constData());
    }
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, tls.verifyPeer ? 1L : 0L);
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, tls.verifyPeer ? 2L : 0L);
}

RunError DockerClient::transportError(int curlCode, long osErrno, const QString &curlMessage) const
{
    if (const QString tls = m_endpoint.tls.failureMessage(curlCode, m_endpoint.description, curlMessage);
        m_endpoint.tls.enabled && !tls.isEmpty())
        return {RunError::Code::BackendUnavailable, tls};
    if (osErrno == EACCES) {
        return {RunError::Code::BackendUnavailable,
                QStringLiteral("You are not allowed to use Docker (%1 refused the connection): add yourself to the "
                               "docker group (sudo usermod -aG docker $USER, then log in again).")
                    .arg(m_endpoint.description)};
    }
    if (curlCode == CURLE_COULDNT_CONNECT || curlCode == CURLE_COULDNT_RESOLVE_HOST
        || curlCode == CURLE_OPERATION_TIMEDOUT || osErrno == ENOENT || osErrno == ECONNREFUSED) {
        return {RunError::Code::BackendUnavailable,
                QStringLiteral("Docker is not running (could not connect to %1). Start it with `sudo systemctl start "
                               "docker`, or use the local sandbox.")
                    .arg(m_endpoint.description)};
    }
    return {RunError::Code::BackendUnavailable,
            QStringLiteral("The connection to Docker at %1 failed: %2.")
                .arg(m_endpoint.description,
                     curlMessage.isEmpty() ? QString::fromUtf8(curl_easy_strerror(CURLcode(curlCode))) : curlMessage)};
}

RunError DockerClient::errorFor(const DockerResponse &response, const QString &what)
{
    return {
        RunError::Code::BackendUnavailable,
        QStringLiteral("Docker could not %1 (HTTP %2): %3.").arg(what).arg(response.status).arg(response.message())};
}

} // namespace Sandpit::Core
