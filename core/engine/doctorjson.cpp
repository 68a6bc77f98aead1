#include "engine/doctorjson.h"

#include "model/typeids.h"

#include <QJsonArray>

namespace Sandpit::Core {

namespace {

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonObject localJson(const LocalSandboxCheck &local, IsolationReport::Level allowWeaker)
{
    QJsonArray protections;
    for (const Protection &p : local.protections) {
        protections.append(QJsonObject{{QStringLiteral("name"), p.name},
                                       {QStringLiteral("label"), p.label},
                                       {QStringLiteral("present"), p.present},
                                       {QStringLiteral("detail"), p.detail},
                                       {QStringLiteral("fix"), textOrNull(p.fix)}});
    }
    return {{QStringLiteral("level"), isolationLevelId(local.level)},
            {QStringLiteral("allow_weaker"), allowWeakerId(allowWeaker)},
            {QStringLiteral("error"), textOrNull(local.error)},
            {QStringLiteral("refusals"), QJsonArray::fromStringList(local.refusals)},
            {QStringLiteral("protections"), protections}};
}

QJsonObject dockerJson(const DockerCheck &docker)
{
    QJsonArray images;
    for (const DockerImageCheck &image : docker.images) {
        images.append(QJsonObject{{QStringLiteral("image"), image.image},
                                  {QStringLiteral("languages"), QJsonArray::fromStringList(image.languages)},
                                  {QStringLiteral("present"),
                                   docker.reachable && docker.permitted ? QJsonValue(image.present) : QJsonValue()}});
    }
    return {{QStringLiteral("endpoint"), docker.endpoint},
            {QStringLiteral("reachable"), docker.reachable},
            {QStringLiteral("permitted"), docker.permitted},
            {QStringLiteral("server_version"), textOrNull(docker.serverVersion)},
            {QStringLiteral("problem"), textOrNull(docker.problem)},
            {QStringLiteral("images"), images},
            {QStringLiteral("sandpit_images"), QJsonArray::fromStringList(docker.sandpitImages)}};
}

QJsonArray languagesJson(const QList<ToolchainCheck> &languages)
{
    QJsonArray out;
    for (const ToolchainCheck &t : languages) {
        out.append(QJsonObject{{QStringLiteral("id"), t.language},
                               {QStringLiteral("name"), t.name},
                               {QStringLiteral("found"), t.found},
                               {QStringLiteral("path"), textOrNull(t.path)},
                               {QStringLiteral("version"), textOrNull(t.version)},
                               {QStringLiteral("install"), t.found ? QJsonValue() : textOrNull(t.installHint)},
                               {QStringLiteral("missing"), textOrNull(t.missing)}});
    }
    return out;
}

} // namespace

QJsonObject doctorJson(const DoctorReport &report)
{
    return {{QStringLiteral("local"), localJson(report.local, report.allowWeaker)},
            {QStringLiteral("docker"), dockerJson(report.docker)},
            {QStringLiteral("languages"), languagesJson(report.languages)}};
}

} // namespace Sandpit::Core
