#pragma once
// What the Docker attack tests share: a Docker engine on the offline Python image, and the
// containers it leaves. The attack programs and how to run them are in attackharness.h.

#include "support/dockerharness.h"
#include "support/listener.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace SandpitTest;

namespace DockerAttacks {

const QString kImage = kOfflinePythonImage;

/// Ids and states of the Sandpit containers Sandpit process `owner` made.
inline QList<std::pair<QString, QString>> containersOf(qint64 owner)
{
    QList<std::pair<QString, QString>> containers;
    for (const QJsonObject &c : containersOwnedBy(owner))
        containers.append({c.value(QLatin1String("Id")).toString(), c.value(QLatin1String("State")).toString()});
    return containers;
}

/// States of the Sandpit containers this process owns (not those of Sandpits beside it).
inline QStringList ownContainerStates()
{
    QStringList states;
    for (const auto &[id, state] : containersOf(QCoreApplication::applicationPid()))
        states << state;
    return states;
}

} // namespace DockerAttacks

using namespace DockerAttacks;
