#pragma once

#include "model/runerror.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

namespace Sandpit::Core {

/// An image reference split the way the Engine API wants it: POST /images/create takes the
/// repository as fromImage and the tag, or a digest, as tag.
struct DockerImageReference {
    QString name;   ///< "python", "registry:5000/x/y"
    QString tag;    ///< "3.12-slim"; "latest" when the reference names neither tag nor digest
    QString digest; ///< "sha256:…" for "name@sha256:…"

    /// The registry's port is not a tag: only a colon after the last slash starts one.
    static DockerImageReference parse(const QString &reference);
    bool isValid() const;
    /// What goes into the tag= parameter: the digest wins, as in the docker CLI.
    QString apiTag() const { return digest.isEmpty() ? tag : digest; }
};

/// Pulls one image into the daemon, on a thread of its own because libcurl blocks. Lives on
/// the thread that creates it; its signals fire there. Exactly one of finished(), failed() or
/// cancelled() follows start().
class DockerImagePull final : public QObject
{
    Q_OBJECT
public:
    /// `dockerHost` as in DOCKER_HOST (empty: the default socket); `image` as the user wrote it.
    DockerImagePull(QString dockerHost, QString image, QObject *parent = nullptr);
    /// Stops the transfer and waits for the pull's thread.
    ~DockerImagePull() override;

    const QString &image() const { return m_image; }
    void start();
    /// The transfer stops within moments; cancelled() follows, unless the pull ended first.
    void cancel();

    /// The message for a pull the daemon refused or gave up, with a hint where one is clear.
    static RunError pullError(const QString &image, const QString &reason, long httpStatus = 0);

Q_SIGNALS:
    /// `fraction` in 0..1, or below 0 while the size of the download is not known yet.
    void progressed(double fraction, const QString &status);
    void finished();
    void failed(const Sandpit::Core::RunError &error);
    void cancelled();

private:
    void pull();
    void report(double fraction, const QString &status);
    void deliverProgress();
    void post(std::function<void()> call);

    QString m_dockerHost;
    QString m_image;
    std::atomic_bool m_abort = false;
    std::thread m_thread;

    // The latest progress, handed from the pull thread to this object's thread. At most one
    // delivery is queued at a time, so a fast stream never floods the receivers.
    std::mutex m_mutex;
    double m_fraction = -1;
    QString m_status;
    bool m_deliveryQueued = false;
};

} // namespace Sandpit::Core
