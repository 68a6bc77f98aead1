#include "sandboxes/sandboxrow.h"

#include "model/units.h"
#include "network/networkproxy.h"

#include <QLocale>

namespace Sandpit::Ui {

namespace {
QString backendWords(const QString &backend)
{
    return backend == QLatin1String("docker") ? QStringLiteral("Docker") : QStringLiteral("This computer");
}

/// "since 10:42" today, "since 3 Nov" before; for a sandbox that ended, when it ended.
QString sinceWords(const Core::SandboxInfo &sandbox, const QDateTime &now)
{
    if (!sandbox.since.isValid())
        return QString();
    const QDateTime local = sandbox.since.toLocalTime();
    const QString when = local.date() == now.toLocalTime().date()
        ? QLocale().toString(local.time(), QLocale::ShortFormat)
        : QLocale().toString(local.date(), QStringLiteral("d MMM"));
    return sandbox.state == Core::SandboxInfo::State::Running ? QStringLiteral("since %1").arg(when)
                                                              : QStringLiteral("at %1").arg(when);
}

QString memoryWords(const Core::SandboxInfo &sandbox)
{
    if (sandbox.memoryBytes < 0)
        return sandbox.memoryLimit > 0 ? QStringLiteral("limit %1").arg(Core::formatBytes(sandbox.memoryLimit))
                                       : QString();
    if (sandbox.memoryLimit > 0)
        return QStringLiteral("%1 of %2")
            .arg(Core::formatBytes(sandbox.memoryBytes), Core::formatBytes(sandbox.memoryLimit));
    return Core::formatBytes(sandbox.memoryBytes);
}
} // namespace

QString sandboxStateWord(Core::SandboxInfo::State state)
{
    switch (state) {
    case Core::SandboxInfo::State::Running:
        return QStringLiteral("Running");
    case Core::SandboxInfo::State::Stopped:
        return QStringLiteral("Stopped");
    case Core::SandboxInfo::State::Dead:
        return QStringLiteral("Ended by itself");
    }
    return QString();
}

QStringList sandboxRowCells(const Core::SandboxInfo &sandbox, const QDateTime &now)
{
    return {sandbox.name,
            backendWords(sandbox.backend),
            sandboxStateWord(sandbox.state),
            sinceWords(sandbox, now),
            memoryWords(sandbox),
            sandbox.backend == QLatin1String("docker") ? sandbox.image : sandbox.workspace,
            sandbox.network.isEmpty() ? QStringLiteral("None")
                                      : Core::allowListText(sandbox.network).join(QStringLiteral(", ")),
            sandbox.ownerGone ? QStringLiteral("%1 (gone)").arg(sandbox.owner) : sandbox.owner};
}

QString sandboxRowToolTip(const Core::SandboxInfo &sandbox)
{
    QStringList lines{QStringLiteral("%1, %2").arg(sandbox.name, sandboxStateWord(sandbox.state).toLower())};
    if (!sandbox.endReason.isEmpty())
        lines << sandbox.endReason;
    if (sandbox.ownerGone)
        lines << QStringLiteral("The program that made it is gone. It keeps running until you stop or "
                                "remove it.");
    if (!sandbox.workspace.isEmpty())
        lines << QStringLiteral("Files: %1").arg(sandbox.workspace);
    lines << (sandbox.network.isEmpty() ? QStringLiteral("Network: none.") : Core::proxiedNetworkLine(sandbox.network));
    for (auto label = sandbox.labels.cbegin(); label != sandbox.labels.cend(); ++label)
        lines << QStringLiteral("%1 = %2").arg(label.key(), label.value());
    return lines.join(QLatin1Char('\n'));
}

} // namespace Sandpit::Ui
