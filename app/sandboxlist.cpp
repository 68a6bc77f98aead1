#include "sandboxlist.h"

#include "model/units.h"

#include <QJsonArray>

#include <algorithm>

namespace Sandpit::App {

namespace {
QString memoryText(const Core::SandboxInfo &sandbox)
{
    QString text = sandbox.memoryBytes >= 0 ? Core::formatBytes(sandbox.memoryBytes) : QStringLiteral("-");
    if (sandbox.memoryLimit > 0)
        text += QStringLiteral(" / ") + Core::formatBytes(sandbox.memoryLimit);
    return text;
}

QString sinceText(const Core::SandboxInfo &sandbox)
{
    return sandbox.since.isValid() ? sandbox.since.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                   : QStringLiteral("-");
}

QStringList row(const Core::SandboxInfo &sandbox)
{
    QString state = SandboxList::stateWord(sandbox.state);
    if (!sandbox.endReason.isEmpty())
        state += QStringLiteral(" (%1)").arg(sandbox.endReason);
    const QString where = sandbox.workspace.isEmpty() ? sandbox.image
        : sandbox.image.isEmpty()                     ? sandbox.workspace
                                                      : sandbox.image + QStringLiteral(", ") + sandbox.workspace;
    const QString owner = sandbox.owner + (sandbox.ownerGone ? QStringLiteral(" (gone)") : QString());
    const QString network
        = sandbox.network.isEmpty() ? QStringLiteral("-") : Core::allowListText(sandbox.network).join(QLatin1Char(','));
    return {sandbox.name, sandbox.backend, state, sinceText(sandbox), memoryText(sandbox), where, network, owner};
}
} // namespace

QString SandboxList::stateWord(Core::SandboxInfo::State state)
{
    switch (state) {
    case Core::SandboxInfo::State::Running:
        return QStringLiteral("running");
    case Core::SandboxInfo::State::Stopped:
        return QStringLiteral("stopped");
    case Core::SandboxInfo::State::Dead:
        return QStringLiteral("dead");
    }
    return {};
}

QJsonObject SandboxList::toJson(const Core::SandboxInfo &sandbox)
{
    QJsonObject labels;
    for (auto it = sandbox.labels.begin(); it != sandbox.labels.end(); ++it)
        labels.insert(it.key(), it.value());
    return {
        {QStringLiteral("name"), sandbox.name},
        {QStringLiteral("backend"), sandbox.backend},
        {QStringLiteral("state"), stateWord(sandbox.state)},
        {QStringLiteral("since"),
         sandbox.since.isValid() ? QJsonValue(sandbox.since.toUTC().toString(Qt::ISODate)) : QJsonValue()},
        {QStringLiteral("memory_bytes"), sandbox.memoryBytes >= 0 ? QJsonValue(sandbox.memoryBytes) : QJsonValue()},
        {QStringLiteral("memory_limit_bytes"), sandbox.memoryLimit},
        {QStringLiteral("cpus"), sandbox.cpus},
        {QStringLiteral("image"), sandbox.image},
        {QStringLiteral("workspace"), sandbox.workspace},
        {QStringLiteral("labels"), labels},
        {QStringLiteral("network"), QJsonArray::fromStringList(Core::allowListText(sandbox.network))},
        {QStringLiteral("owner"), sandbox.owner},
        {QStringLiteral("owner_gone"), sandbox.ownerGone},
        {QStringLiteral("end_reason"), sandbox.endReason.isEmpty() ? QJsonValue() : QJsonValue(sandbox.endReason)},
    };
}

QString SandboxList::table(const QList<Core::SandboxInfo> &sandboxes)
{
    QList<QStringList> rows{{QStringLiteral("NAME"), QStringLiteral("BACKEND"), QStringLiteral("STATE"),
                             QStringLiteral("SINCE"), QStringLiteral("MEMORY"), QStringLiteral("IMAGE/WORKSPACE"),
                             QStringLiteral("NETWORK"), QStringLiteral("OWNER")}};
    for (const Core::SandboxInfo &sandbox : sandboxes)
        rows.append(row(sandbox));
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &cells : rows) {
        for (qsizetype i = 0; i < cells.size(); ++i)
            widths[i] = std::max(widths[i], cells.at(i).size());
    }
    QString text;
    for (const QStringList &cells : rows) {
        QString line;
        for (qsizetype i = 0; i < cells.size(); ++i)
            line += i + 1 < cells.size() ? cells.at(i).leftJustified(widths[i] + 2) : cells.at(i);
        text += line.trimmed() + QLatin1Char('\n');
    }
    return text;
}

} // namespace Sandpit::App
