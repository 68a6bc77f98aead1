#include "packages/packageplan.h"

#include "languages/language.h"
#include "helper/proxyforward.h"
#include "packages/packageindex.h"
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
    auto network = packageInstallNetwork(request.packages.index.trimmed(), request.packages.indexHosts);
    if (!network)
        return std::unexpected(network.error());
    PackagePlan plan;
    plan.requirements = std::move(*requirements);
    plan.interpreterTag = interpreterTag;
    plan.index = request.packages.index.trimmed();
    plan.installNetwork = std::move(*network);
    // Without an index the hash is what it always was, so the environments already cached
    // from the wheelhouse stay valid.
    plan.hash = plan.requirements.hash(plan.index.isEmpty() ? interpreterTag
                                                            : interpreterTag + QStringLiteral("\nindex ") + plan.index);
    plan.envPath = cache.envPath(plan.hash);
    plan.python = cache.pythonOf(plan.hash);
    plan.ready = cache.ready(plan.hash);
    plan.wheelhouse = request.packages.wheelhouseOrDefault();
    plan.setupLimits = request.packages.setupLimits;
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
    setup.network = installNetwork;
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
    // With an index: the wheelhouse stays a source (--find-links) when there is one (pip warns
    // in red of a missing one, which here is no mistake), and the proxy is named on
    // the command line rather than left to the variables, which --isolated may one day drop.
    // One retry: the proxy answers at once, and a denied or unreachable host is not going to
    // change its mind, while pip's default of five backs off for most of a minute. pip tells
    // why it could not fetch an index page only in its debug log (--log), where a proxy's 502
    // for an index that is down looks otherwise like a package the index lacks: its last such
    // lines go to stderr when the install fails, for failureMessage().
    // --trusted-host for an http index: pip drops any but a loopback one otherwise.
    const QString install = QStringLiteral("PYTHONUNBUFFERED=1 PYTHONPATH=\"$5\" %1 \"$2/bin/python3\" \"$6/pip\" install "
                                           "--isolated --disable-pip-version-check --no-input --no-cache-dir "
                                           "--no-build-isolation %2 -r \"$4\"");
    const QString pip = index.isEmpty()
        ? install.arg(QStringLiteral("exec"), QStringLiteral("--no-index --find-links \"$3\""))
        : QStringLiteral("links=; [ -d \"$3\" ] && links=1; ")
            + install.arg(QString(), QStringLiteral("${links:+--find-links \"$3\"} --index-url \"$7\" --proxy \"$8\" "
                                                   "${9:+--trusted-host \"$9\"} --retries 1 --timeout 30 "
                                                   "--log /tmp/sandpit-pip.log"))
            + QStringLiteral(" && exit 0; status=$?; grep -h 'Could not fetch URL' /tmp/sandpit-pip.log | tail -n 3 >&2; "
                             "exit $status");
    const QString script
        = QStringLiteral("set -e; \"$1\" -m venv --copies --system-site-packages --without-pip \"$2\"; "
                         "rm -f \"$2/bin/python\" \"$2/bin/python3.\"* \"$2/bin/\"[Aa]ctivate*; ")
        + pip;
    QStringList command{QStringLiteral("/bin/sh"),
                        QStringLiteral("-c"),
                        script,
                        QStringLiteral("sandpit-setup"),
                        interpreter,
                        QStringLiteral("/work/") + QLatin1String(kBuildDir),
                        findLinks,
                        QStringLiteral("/work/") + QLatin1String(kRequirementsFile),
                        tools.setuptoolsWheel,
                        tools.pipWheel};
    if (!index.isEmpty())
        command << index << QStringLiteral("http://127.0.0.1:%1").arg(Helper::kProxyForwardPort);
    if (const QString trusted = packageIndexTrustedHost(index); !trusted.isEmpty())
        command << trusted;
    return command;
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
                             {QStringLiteral("index"), index},
                             {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    return QJsonDocument(object).toJson();
}

QString PackagePlan::failureMessage(const QByteArray &pipOutput, const QList<NetworkAttempt> &attempts) const
{
    // The proxy's own record is surer than pip's words, which change between versions.
    QStringList denied;
    for (const NetworkAttempt &attempt : attempts) {
        const QString host = AllowedDestination{attempt.host, attempt.port}.text();
        // Port 0 is the proxy's "N more attempts not listed", not a place.
        if (!attempt.allowed && attempt.port != 0 && !denied.contains(host))
            denied << host;
    }
    if (!denied.isEmpty())
        return QStringLiteral("The install tried to reach %1, which Sandpit's proxy did not allow: only the package "
                              "index %2 and the hosts listed for it are. If the index sends its files from there, add "
                              "it to the index's file hosts in Settings › Packages.")
            .arg(denied.join(QStringLiteral(", ")), index);
    const QString output = QString::fromUtf8(pipOutput);
    if (!index.isEmpty()) {
        // pip's debug log names each page it could not fetch and why (the setup command puts
        // the last of those lines on stderr); its retry warning says less, so it comes second.
        static const QRegularExpression fetch(
            QStringLiteral(R"(Could not fetch URL \S+?: ((?!404 ).+?)(?: - skipping)?$)"),
            QRegularExpression::MultilineOption);
        static const QRegularExpression retried(QStringLiteral(R"(after connection broken by (.+)$)"),
                                                QRegularExpression::MultilineOption);
        QString reason;
        for (auto it = fetch.globalMatch(output); it.hasNext();)
            reason = it.next().captured(1);
        if (reason.isEmpty())
            reason = retried.match(output).captured(1);
        if (!reason.isEmpty())
            return QStringLiteral("The package index %1 could not be reached through Sandpit's proxy: %2")
                .arg(index, reason.trimmed());
    }
    // Only the index's own host is trusted: an http page it links to elsewhere is dropped
    // with this warning, and the install then reads as a package found nowhere.
    static const QRegularExpression untrusted(
        QStringLiteral(R"(The repository located at (\S+) is not a trusted or secure host)"));
    if (const auto refused = untrusted.match(output); refused.hasMatch())
        return QStringLiteral("pip would not use %1: it is reached over plain http and is not the package index's own "
                              "host, the only http host Sandpit tells pip to trust. Serve it over https.")
            .arg(refused.captured(1));
    // pip 20 to 24 say both; the second names the requirement as it was asked.
    static const QRegularExpression missing(QStringLiteral(
        R"((?:No matching distribution found for|Could not find a version that satisfies the requirement) ([^\s(]+))"));
    const auto match = missing.match(output);
    if (!match.hasMatch())
        return {};
    const QString name = RequirementSet::nameOf(match.captured(1));
    if (!index.isEmpty())
        return QStringLiteral("`%1` is in neither the wheelhouse (%2) nor the package index %3.")
            .arg(name, wheelhouse, index);
    return QStringLiteral("`%1` is not in the wheelhouse (%2). Put its wheel there, or run `pip download %1 -d %2` "
                          "on a computer with internet.")
        .arg(name, wheelhouse);
}

} // namespace Sandpit::Core
