#include "packvalidatecommand.h"

#include "commandline.h"
#include "engine/backendfactory.h"
#include "engine/runrequestbuilder.h"
#include "exercises/exercisesettings.h"
#include "exercises/packvalidator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kValid = 0;
constexpr int kInvalid = 1;
constexpr int kCouldNotValidate = 3;

std::optional<int> parse(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.setApplicationDescription(
        QStringLiteral("Validates an exercise pack (a folder or .zip) before learners meet it. For every exercise\n"
                       "and language: the reference solution must pass every test, secret ones included; every\n"
                       "program in wrong/ must fail at least one test, and the way its name promises (\"slow\",\n"
                       "\"timeout\" or \"tle\" on time, \"memory\" on memory, \"crash\" with a runtime error,\n"
                       "\"compile\" to compile, \"flood\" on output); each example test's input and output must be\n"
                       "shown in the statement; every file in tests/ must be used; limits must be sane. Each\n"
                       "exercise's reference-times.toml records the reference's time per test (a folder pack;\n"
                       "--no-record leaves them alone).\n\n"
                       "Exit status: 0 when nothing is wrong (warnings or not), 1 when something is, 2 when the\n"
                       "command line is wrong, 3 when the pack could not be validated."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("validate"), QStringLiteral("The command."),
                                 QStringLiteral("pack validate"));
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The pack: a folder, or a .zip."));
    parser.addOptions({
        {option("exercise"), QStringLiteral("Validate only this exercise (again for more)."), QStringLiteral("ID")},
        {option("backend"), QStringLiteral("local or docker (default: the setting)."), QStringLiteral("B")},
        {option("json"), QStringLiteral("Print the report as one JSON object.")},
        {option("no-record"), QStringLiteral("Do not write reference-times.toml.")},
    });
    return parseCommandLine(
        parser, arguments, 2,
        QStringLiteral("usage: sandpit pack validate DIR [options]; see sandpit pack validate --help"));
}

QString severityWord(const Core::ValidationFinding &finding)
{
    return finding.severity == Core::ValidationFinding::Severity::Error ? QStringLiteral("error")
                                                                        : QStringLiteral("warning");
}

QJsonObject findingJson(const Core::ValidationFinding &f)
{
    return {{QStringLiteral("severity"), severityWord(f)},
            {QStringLiteral("exercise"), f.exerciseId},
            {QStringLiteral("language"), f.languageId},
            {QStringLiteral("subject"), f.subject},
            {QStringLiteral("test"), f.testName},
            {QStringLiteral("message"), f.message},
            {QStringLiteral("file"), f.file},
            {QStringLiteral("line"), f.line}};
}

void printJson(const Core::ValidationReport &report)
{
    QJsonArray problems, findings, times;
    for (const Core::PackProblem &problem : report.loadProblems)
        problems.append(problem.toString());
    for (const Core::ValidationFinding &finding : report.findings)
        findings.append(findingJson(finding));
    for (const Core::ReferenceTime &t : report.referenceTimes)
        times.append(QJsonObject{{QStringLiteral("exercise"), t.exerciseId},
                                 {QStringLiteral("language"), t.languageId},
                                 {QStringLiteral("test"), t.testName},
                                 {QStringLiteral("wall_ms"), t.wallMs},
                                 {QStringLiteral("cpu_ms"), t.cpuMs}});
    const QJsonObject object{
        {QStringLiteral("pack"), report.packPath},       {QStringLiteral("passed"), report.passed()},
        {QStringLiteral("exercises"), report.exercises}, {QStringLiteral("runs"), report.runs},
        {QStringLiteral("load_problems"), problems},     {QStringLiteral("findings"), findings},
        {QStringLiteral("reference_times"), times}};
    std::fputs(QJsonDocument(object).toJson(QJsonDocument::Indented).constData(), stdout);
}

void printText(const Core::ValidationReport &report)
{
    int errors = int(report.loadProblems.size()), warnings = 0;
    for (const Core::PackProblem &problem : report.loadProblems)
        std::printf("error   %s\n", qUtf8Printable(problem.toString(QFileInfo(report.packPath).absoluteFilePath())));
    for (const Core::ValidationFinding &f : report.findings) {
        const bool error = f.severity == Core::ValidationFinding::Severity::Error;
        errors += error;
        warnings += !error;
        QString where = f.exerciseId;
        for (const QString &part : {f.languageId, f.subject})
            if (!part.isEmpty())
                where += QLatin1Char(' ') + part;
        if (!f.testName.isEmpty())
            where += QStringLiteral(" “%1”").arg(f.testName);
        std::printf("%-7s %s\n        %s\n", qUtf8Printable(severityWord(f)), qUtf8Printable(where),
                    qUtf8Printable(f.message));
    }
    if (!report.referenceTimes.isEmpty())
        std::printf("\nThe reference's times (wall / CPU):\n");
    for (const Core::ReferenceTime &t : report.referenceTimes)
        std::printf("  %-24s %-10s %-28s %6lld ms / %6lld ms\n", qUtf8Printable(t.exerciseId),
                    qUtf8Printable(t.languageId), qUtf8Printable(t.testName), static_cast<long long>(t.wallMs),
                    static_cast<long long>(t.cpuMs));
    std::printf("\n%d exercise(s), %d Check(s): %d error(s), %d warning(s). %s\n", report.exercises, report.runs,
                errors, warnings, report.passed() ? "The pack is valid." : "The pack is not valid.");
}
} // namespace

int runPackValidate(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, arguments))
        return *done;
    const auto engine = loadEngineSettings();
    if (!engine)
        return kExitUsage;
    Core::RunRequestBuilder builder(*engine);
    if (parser.isSet(option("backend")))
        builder.backend(parser.value(option("backend")), Core::RunRequestBuilder::Chosen::ByCaller);
    const auto choices = builder.build();
    if (!choices) {
        printErr(choices.error().error.message);
        return kExitUsage;
    }
    const bool json = parser.isSet(option("json"));
    Core::ValidationRequest request;
    request.packPath = parser.positionalArguments().at(1);
    request.exerciseIds = parser.values(option("exercise"));
    request.engine = *choices;
    request.unpackRoot = Core::ExerciseSettings::load().unpackFolder;
    request.recordReferenceTimes = !parser.isSet(option("no-record"));
    Core::PackValidator validator(Core::makeBackends(loadLanguages(), *engine, Core::RunsExpected::Series));
    QObject::connect(&validator, &Core::PackValidator::progress, &validator,
                     [json](int done, int total, const QString &what) {
                         if (!json && !what.isEmpty())
                             std::fprintf(stderr, "[%d/%d] %s\n", done + 1, total, qUtf8Printable(what));
                     });
    QObject::connect(&validator, &Core::PackValidator::finished, &validator,
                     [json](const Core::ValidationReport &report) {
                         json ? printJson(report) : printText(report);
                         QCoreApplication::exit(report.passed() ? kValid : kInvalid);
                     });
    QObject::connect(&validator, &Core::PackValidator::failed, &validator, [](const Core::RunError &error) {
        printErr(QStringLiteral("the pack could not be validated: %1").arg(error.message));
        QCoreApplication::exit(kCouldNotValidate);
    });
    validator.start(request);
    return QCoreApplication::exec();
}

} // namespace Sandpit::App
