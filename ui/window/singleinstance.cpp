#include "window/singleinstance.h"

#include "window/instanceclient.h"
#include "window/instanceserver.h"

#include <QFileInfo>
#include <QLockFile>
#include <QLoggingCategory>
#include <QProcessEnvironment>
#include <QUrl>
#include <QWidget>

namespace Sandpit::Ui {

namespace {
Q_LOGGING_CATEGORY(lcInstance, "sandpit.ui.instance", QtInfoMsg)
} // namespace

SingleInstance::Claim SingleInstance::claim(const QStringList &files, const QProcessEnvironment &env)
{
    const auto path = InstanceServer::socketPath(env);
    if (!path) {
        qCWarning(lcInstance, "no single window (%s); this start opens its own", qPrintable(path.error()));
        return {};
    }
    // Two starts at once (a file manager opening two files) must not both find nobody and
    // both listen, the second removing the first's socket: the check and the listen are one
    // step under this lock.
    QLockFile lock(*path + QStringLiteral(".lock"));
    if (!lock.tryLock(kAnswerTimeoutMs)) {
        qCWarning(lcInstance, "another start holds %s.lock; this start opens its own window", qPrintable(*path));
        return {};
    }
    switch (InstanceClient::send(*path, files, kAnswerTimeoutMs)) {
    case InstanceClient::Outcome::Delivered:
        qCInfo(lcInstance, "handed %lld file(s) to the Sandpit window already open on this display",
               qlonglong(files.size()));
        return {true, nullptr};
    case InstanceClient::Outcome::NoAnswer:
        qCWarning(lcInstance, "the running window did not answer; this start opens its own");
        return {};
    case InstanceClient::Outcome::NoInstance:
        break;
    }
    auto server = std::make_unique<InstanceServer>();
    if (const auto listening = server->listen(*path); !listening) {
        qCWarning(lcInstance, "cannot listen at %s (%s); a second start opens its own window", qPrintable(*path),
                  qPrintable(listening.error()));
        return {};
    }
    return {false, std::move(server)};
}

QStringList SingleInstance::absoluteFiles(const QStringList &arguments)
{
    QStringList files;
    for (const QString &argument : arguments) {
        const QUrl url(argument);
        const QString file = url.isLocalFile() ? url.toLocalFile() : argument;
        files << QFileInfo(file).absoluteFilePath();
    }
    return files;
}

void SingleInstance::serve(InstanceServer &server, QWidget &window, const std::function<void(const QString &)> &open)
{
    QObject::connect(&server, &InstanceServer::filesRequested, &window, [&window, open](const QStringList &files) {
        qCDebug(lcInstance) << "another start asked for" << files;
        for (const QString &file : files)
            open(file);
        if (window.isMinimized())
            window.showNormal();
        window.raise();
        window.activateWindow();
    });
}

} // namespace Sandpit::Ui
