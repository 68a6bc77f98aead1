#pragma once

#include "docker/dockertls.h"
#include "engine/logging.h"
#include "model/runerror.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <functional>

namespace Sandpit::Core {

/// Where the Docker daemon listens, from DOCKER_HOST (unix:///path or tcp://host:port), and
/// how to speak TLS to it (DockerTls, for tcp:// only).
struct DockerEndpoint {
    QString unixSocket;  ///< set for a unix socket
    QString baseUrl;     ///< "http://localhost" for a socket, "http(s)://host:port" for TCP
    QString description; ///< the socket path or tcp:// address, for messages
    DockerTls tls;

    /// `dockerHost` empty means the default socket, /var/run/docker.sock. The TLS variables
    /// (DOCKER_TLS_VERIFY, DOCKER_TLS, DOCKER_CERT_PATH) are read from `environment`.
    static Expected<DockerEndpoint> fromDockerHost(const QString &dockerHost,
                                                   const QProcessEnvironment &environment
                                                   = QProcessEnvironment::systemEnvironment());
};

/// One finished HTTP exchange with the daemon.
struct DockerResponse {
    long status = 0;
    QByteArray body;
    QByteArray pathStat; ///< the archive endpoints' X-Docker-Container-Path-Stat, decoded: JSON

    bool ok() const { return status >= 200 && status < 300; }
    QJsonObject object() const;
    /// The daemon's "message" for a failed call, else the raw body.
    QString message() const;
};

/// The Docker Engine API over libcurl. Every call blocks, so it is made only from a run's own
/// threads, never from the worker thread's event loop. A const client is safe to share
/// between threads: each call uses its own curl handle.
class DockerClient final
{
public:
    /// The newest API version this code is written against.
    static constexpr int kMaxApiMinor = 41;
    /// Mounts, the Tmpfs map and the wait endpoint need this much.
    static constexpr int kMinApiMinor = 25;

    explicit DockerClient(DockerEndpoint endpoint, int apiMinor = kMaxApiMinor);

    /// Asks the daemon for its API version (GET /version) and uses the lower of it and ours.
    static Expected<DockerClient> connect(const DockerEndpoint &endpoint);

    const DockerEndpoint &endpoint() const { return m_endpoint; }
    QString apiVersion() const { return QStringLiteral("1.%1").arg(m_apiMinor); }
    int apiMinor() const { return m_apiMinor; }

    /// `path` below the version prefix, e.g. "/containers/json". Transport failures are errors;
    /// an HTTP error status is a response (the caller knows what a 404 means for it).
    Expected<DockerResponse> call(const char *method, const QString &path, const QByteArray &jsonBody = {},
                                  int timeoutMs = 0) const;

    /// Whether the daemon still answers (GET /_ping within `timeoutMs`, below HTTP 500).
    bool answers(int timeoutMs) const;

    /// Unpacks `tar` into `folder` inside the container (PUT /containers/{id}/archive).
    Expected<DockerResponse> putArchive(const QString &containerId, const QString &folder, const QByteArray &tar) const;

    /// The size the container's file system gives `path` (HEAD /containers/{id}/archive), -1
    /// when it does not exist. A folder on a tmpfs is 40 bytes empty, 20 more per entry: a
    /// look at it costs well under a millisecond, a GET of it tens.
    Expected<qint64> pathSize(const QString &containerId, const QString &path) const;

    struct StreamHandlers {
        std::function<void()> onConnected;          ///< the response headers said 2xx
        std::function<bool(QByteArrayView)> onData; ///< false stops the transfer
        const std::atomic_bool *abort = nullptr;    ///< looked at every 20 ms
        /// With `abort`: called before each look at it once the daemon has answered, whatever
        /// the transfer is doing (a send blocked by a program that does not read its input too).
        std::function<void()> everyLook;
        /// Makes the request body a stream: what the program reads on stdin (attach with
        /// stdin=1, whose connection the daemon hijacks). Asked every 20 ms for what is new;
        /// sets `ended` once the input has ended, which closes the connection (with StdinOnce,
        /// the program reads end-of-file). Needs `abort`.
        std::function<QByteArray(bool &ended)> takeInput;
        /// With takeInput: sent first, before the daemon answers. POST /exec/{id}/start reads
        /// its JSON options from the body it then hijacks for the program's stdin.
        QByteArray leadingBody;
        /// With takeInput: the input's end shuts only the connection's sending side, and the
        /// response goes on. An exec has no StdinOnce: closing the connection would lose the
        /// output still to come, while the daemon closes the command's stdin when it reads the
        /// end of its half.
        bool halfCloseAtEnd = false;
    };
    /// A call whose response body is read as it arrives (attach, wait, stats). Returns the
    /// HTTP status; for an error status the body is collected and returned as a response.
    Expected<DockerResponse> stream(const char *method, const QString &path, const StreamHandlers &handlers) const;

    /// A RunError for a failed call, with Docker's own message.
    static RunError errorFor(const DockerResponse &response, const QString &what);

private:
    Expected<DockerResponse> perform(const char *method, const QString &url, const QByteArray &body, int timeoutMs,
                                     const StreamHandlers *handlers,
                                     const char *contentTypeHeader = "Content-Type: application/json") const;
    RunError transportError(int curlCode, long osErrno, const QString &curlMessage) const;
    void setTlsOptions(void *curl) const;

    DockerEndpoint m_endpoint;
    int m_apiMinor;
};

} // namespace Sandpit::Core
