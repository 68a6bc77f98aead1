#pragma once

#include <QObject>
#include <QStringList>

#include <expected>

class QLocalServer;
class QLocalSocket;
class QProcessEnvironment;

namespace Sandpit::Ui {

/// The running window's end of "one Sandpit per user and display": a local socket that a
/// second `sandpit FILE` hands its files to (see InstanceClient). Connections are read as their
/// bytes arrive, on the event loop; nothing waits.
class InstanceServer final : public QObject
{
    Q_OBJECT
public:
    explicit InstanceServer(QObject *parent = nullptr);

    /// Where the socket of this user's Sandpit on this display lives: in $XDG_RUNTIME_DIR, or
    /// else in a folder of the user's own under the temporary folder. An error when neither is
    /// private to the user, since another user could then talk to (or pose as) the window.
    static std::expected<QString, QString> socketPath(const QProcessEnvironment &env);

    /// Listens at `path`. A socket left there by a Sandpit that crashed is removed first: call
    /// this only once a connection to `path` was refused.
    std::expected<void, QString> listen(const QString &path);

Q_SIGNALS:
    /// Another start asked for `files` (absolute paths; none: just show the window).
    void filesRequested(const QStringList &files);

private:
    void read(QLocalSocket *socket);

    QLocalServer *m_server;
};

} // namespace Sandpit::Ui
