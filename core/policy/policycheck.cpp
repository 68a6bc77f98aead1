#include "policy/policycheck.h"

#include "languages/language.h"
#include "policy/importreport.h"

#include <QFile>

namespace Sandpit::Core::PolicyCheck {

namespace {
QByteArray checkerScript()
{
    // A resource of this binary. Were it missing, the checker would print no report, and the
    // run would end at the check saying so: failing closed.
    QFile file(QStringLiteral(":/sandpit/policy/import_check.py"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

bool applies(const Language &language, const RunRequest &request)
{
    return language.id == QLatin1String("python") && !request.importPolicy.isEmpty() && request.command.isEmpty()
        && request.sandbox.isEmpty() && !request.terminal;
}

Limits limits()
{
    return Limits{.wallTimeMs = 20'000,
                  .cpuTimeMs = 10'000,
                  .memoryBytes = 256LL * 1024 * 1024,
                  .outputBytes = ImportReport::kMaxBytes,
                  .processes = 8,
                  .fileSizeBytes = 1024 * 1024,
                  .openFiles = 64};
}

RunRequest request(const RunRequest &run)
{
    RunRequest check = run;
    static const QByteArray script = checkerScript();
    check.sources << SourceFile{QLatin1String(kCheckerFile), script};
    check.arguments.clear();
    check.stdinData.clear();
    check.keepStdinOpen = false;
    check.keepOutputInResult = true;
    check.keptWorkspace.clear();
    check.keepArtifacts = {};
    check.terminal.reset();
    check.network.clear();
    check.limits = limits();
    // The checker writes nothing of its own, but the learner's attached files are copied into
    // its sandbox as into the program's (in Docker, under the container's file-size limit): a
    // data file the program may have must not stop the check that comes before it.
    if (run.limits.fileSizeBytes <= 0 || run.limits.fileSizeBytes > check.limits.fileSizeBytes)
        check.limits.fileSizeBytes = run.limits.fileSizeBytes;
    return check;
}

QStringList command(const QString &python, const RunRequest &run)
{
    return {python, QStringLiteral("-I"), QStringLiteral("-S"), QStringLiteral("/work/") + QLatin1String(kCheckerFile),
            run.entryFile};
}

} // namespace Sandpit::Core::PolicyCheck
