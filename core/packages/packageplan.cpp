#include "packages/packageplan.h"

#include "languages/language.h"
#include "packages/scriptmetadata.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Sandpit::Core {

namespace {
const auto kRequirementsTxt = QStringLiteral("requirements.txt");

QStringList linesOf(const QByteArray &text)
{
    return QString::fromUtf8(text).split(QLatin1Char('\n'));
}

Expected<std::optional<QByteArray>> readRequirements(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(RunError::Code::MissingInputFile,
                         QStringLiteral("Could not read %1: %2").arg(path, file.errorString()));
    return std::optional<QByteArray>(file.readAll());
}

Expected<std::optional<QByteArray>> attachedRequirements(const RunRequest &request)
{
    for (const SourceFile &source : request.sources) {
        if (source.name == kRequirementsTxt)
            return std::optional<QByteArray>(source.content);
    }
    for (const InputFile &input : request.inputFiles) {
        const QString name = input.name.isEmpty() ? QFileInfo(input.hostPath).fileName() : input.name;
        if (name == kRequirementsTxt && !QFileInfo(input.hostPath).isDir())
            return readRequirements(input.hostPath);
    }
    const QString beside = request.packages.programFolder + QLatin1Char('/') + kRequirementsTxt;
    if (request.packages.programFolder.isEmpty() || !QFileInfo(beside).isFile())
        return std::optional<QByteArray>();
    return readRequirements(beside);
}
} // namespace

QString localInterpreterTag(const QString &interpreter)
{
    const QFileInfo info(QFileInfo(interpreter).canonicalFilePath());
    return QStringLiteral("%1 %2 %3")
        .arg(info.filePath())
        .arg(info.size())
        .arg(info.lastModified().toMSecsSinceEpoch());
}

Expected<RequirementSet> declaredRequirements(const RunRequest &request)
{
    for (const SourceFile &source : request.sources) {
        if (source.name != request.entryFile)
            continue;
        const auto inline_ = scriptDependencies(source.content, source.name);
        if (!inline_)
            return std::unexpected(inline_.error());
        // PEP 723: a script's own block is the whole truth about what it needs.
        if (*inline_)
            return RequirementSet::fromLines(**inline_, source.name + QStringLiteral("'s script metadata"));
    }
    const auto text = attachedRequirements(request);
    if (!text)
        return std::unexpected(text.error());
    if (!*text)
        return RequirementSet{};
    return RequirementSet::fromLines(linesOf(**text), kRequirementsTxt);
}

Expected<std::optional<PackagePlan>> PackagePlan::make(const Language &language, const RunRequest &request,
                                                       const QString &interpreterTag, const EnvCache &cache)
{
    if (language.id != QLatin1String("python") || !request.command.isEmpty())
        return std::optional<PackagePlan>();
    auto requirements = declaredRequirements(request);
    if (!requirements)
        return std::unexpected(requirements.error());
    if (requirements->isEmpty())
        return std::optional<PackagePlan>();
    PackagePlan plan;
    plan.requirements = std::move(*requirements);
    plan.interpreterTag = interpreterTag;
    plan.hash = plan.requirements.hash(interpreterTag);
    plan.envPath = cache.envPath(plan.hash);
    plan.python = cache.pythonOf(plan.hash);
    plan.ready = cache.ready(plan.hash);
    plan.wheelhouse = request.packages.wheelhouseOrDefault();
    plan.setupLimits = request.packages.setupLimits;
    if (!plan.ready && !request.packages.index.isEmpty())
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("Installing packages from the index %1 needs network for the install, which "
                                        "Sandpit cannot allow yet (its allow-list proxy is not built). Clear the "
                                        "package index in Settings to install from the wheelhouse (%2).")
                             .arg(request.packages.index, plan.wheelhouse));
    return std::optional<PackagePlan>(std::move(plan));
}

RunRequest PackagePlan::setupRequest(const RunRequest &request) const
{
    RunRequest setup = request;
    setup.sources = {SourceFile{QLatin1String(kRequirementsFile),
                                requirements.requirements.join(QLatin1Char('\n')).toUtf8() + '\n'}};
    setup.entryFile = setup.sources.first().name;
    setup.inputFiles.clear();
    setup.arguments.clear();
    setup.stdinData.clear();
    setup.keepStdinOpen = false;
    setup.keptWorkspace.clear();
    setup.keepArtifacts = {};
    setup.terminal.reset();
    setup.limits = setupLimits;
    return setup;
}

QStringList PackagePlan::setupCommand(const QString &interpreter, const QString &findLinks, const PipTools &tools) const
{
    // --copies: the sandbox copies back files and folders, never links, and the run finds
    // the environment at another path, which a copied interpreter does not mind. The run
    // starts bin/python3 alone: the other two copies of the interpreter and the activate
    // scripts would only be sent into every Docker run's container (20 MB instead of 7).
    // PYTHONUNBUFFERED: pip's lines stream into the output as they come, not when it ends.
    // --isolated: no pip.conf or PIP_* of anyone's. --no-build-isolation: an sdist builds with
    // the setuptools wheel on PYTHONPATH, offline.
    const QString script
        = QStringLiteral("set -e; \"$1\" -m venv --copies --system-site-packages --without-pip \"$2\"; "
                         "rm -f \"$2/bin/python\" \"$2/bin/python3.\"* \"$2/bin/\"[Aa]ctivate*; "
                         "PYTHONUNBUFFERED=1 PYTHONPATH=\"$5\" exec \"$2/bin/python3\" \"$6/pip\" install --isolated "
                         "--disable-pip-version-check "
                         "--no-input --no-cache-dir --no-build-isolation --no-index --find-links \"$3\" -r \"$4\"");
    return {QStringLiteral("/bin/sh"),
            QStringLiteral("-c"),
            script,
            QStringLiteral("sandpit-setup"),
            interpreter,
            QStringLiteral("/work/") + QLatin1String(kBuildDir),
            findLinks,
            QStringLiteral("/work/") + QLatin1String(kRequirementsFile),
            tools.setuptoolsWheel,
            tools.pipWheel};
}

EnvCache PackagePlan::cache() const
{
    return EnvCache(QFileInfo(envPath).path());
}

QByteArray PackagePlan::marker() const
{
    const QJsonObject object{{QStringLiteral("requirements"), QJsonArray::fromStringList(requirements.requirements)},
                             {QStringLiteral("interpreter"), interpreterTag},
                             {QStringLiteral("wheelhouse"), wheelhouse},
                             {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    return QJsonDocument(object).toJson();
}

QString PackagePlan::missingPackageMessage(const QByteArray &pipOutput) const
{
    // pip 20 to 24 say both; the second names the requirement as it was asked.
    static const QRegularExpression missing(QStringLiteral(
        R"((?:No matching distribution found for|Could not find a version that satisfies the requirement) ([^\s(]+))"));
    const auto match = missing.match(QString::fromUtf8(pipOutput));
    if (!match.hasMatch())
        return {};
    const QString name = RequirementSet::nameOf(match.captured(1));
    return QStringLiteral("`%1` is not in the wheelhouse (%2). Put its wheel there, or run `pip download %1 -d %2` "
                          "on a computer with internet.")
        .arg(name, wheelhouse);
}

} // namespace Sandpit::Core
