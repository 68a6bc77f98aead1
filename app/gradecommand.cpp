#include "gradecommand.h"

#include "commandline.h"
#include "gradeprogress.h"
#include "grading/enginelist.h"
#include "grading/gradebatch.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace Sandpit::App {

namespace {

constexpr int kUsage = 2;
constexpr int kNothingGraded = 3;
constexpr int kInterrupted = 130;

int g_signalSocket = -1;

void onSigint(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(g_signalSocket, &byte, 1);
}

std::optional<int> parse(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.setApplicationDescription(
        QStringLiteral("Grades every submission in SUBMISSIONS (one folder or .zip per student) against an\n"
                       "exercise of PACK, each run in Sandpit's sandbox, and writes under --out a results.json\n"
                       "per student (Gradescope's format), summary.csv and junit.xml. Students with complete\n"
                       "results are not graded again unless --force, so a stopped batch resumes where it was.\n\n"
                       "Exit status: 0 when grading ran, whatever the scores; 2 when the command line is wrong;\n"
                       "3 when nothing could be graded (a broken pack, no such exercise, no engine); 130 when\n"
                       "stopped with Ctrl+C (the students that finished are written)."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("grade"), QStringLiteral("The command."), QStringLiteral("grade"));
    parser.addPositionalArgument(QStringLiteral("PACK"), QStringLiteral("The pack: a folder or .zip."));
    parser.addPositionalArgument(QStringLiteral("EXERCISE"), QStringLiteral("The exercise's id."));
    parser.addPositionalArgument(QStringLiteral("SUBMISSIONS"), QStringLiteral("A folder of students."));
    parser.addOptions({
        {option("out"), QStringLiteral("Where results go (default: grades)."), QStringLiteral("DIR")},
        {option("jobs"), QStringLiteral("Students graded at once, per engine (default: 1)."), QStringLiteral("N")},
        {option("engine"), QStringLiteral("A Docker engine (unix://… or tcp://…); repeat for several."),
         QStringLiteral("URL")},
        {option("engines"), QStringLiteral("A file of Docker engines, one per line (# comments)."),
         QStringLiteral("FILE")},
        {option("cert-path"),
         QStringLiteral("TLS for tcp:// engines: a folder with ca.pem, cert.pem and key.pem, the engine's certificate "
                        "checked (as DOCKER_TLS_VERIFY=1 DOCKER_CERT_PATH=DIR; default: those variables)."),
         QStringLiteral("DIR")},
        {option("backend"), QStringLiteral("Without engines: local or docker (default: the setting)."),
         QStringLiteral("B")},
        {option("lang"), QStringLiteral("The language (default: found per student)."), QStringLiteral("L")},
        {option("include-secret"), QStringLiteral("Also run the pack's secret tests.")},
        {option("force"), QStringLiteral("Grade again students that already have results.")},
        {option("format"), QStringLiteral("gradescope, junit, csv; comma-separated (default: all)."),
         QStringLiteral("LIST")},
    });
    return parseCommandLine(parser, arguments, 4,
                            QStringLiteral("usage: sandpit grade PACK EXERCISE SUBMISSIONS [options]; see "
                                           "sandpit grade --help"));
}

std::optional<QStringList> enginesFrom(const QCommandLineParser &parser)
{
    QList<Core::EngineLine> lines;
    for (const QString &engine : parser.values(option("engine")))
        lines << Core::EngineLine{engine, QStringLiteral("--engine")};
    if (parser.isSet(option("engines"))) {
        QFile file(parser.value(option("engines")));
        if (!file.open(QIODevice::ReadOnly)) {
            printErr(QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
            return std::nullopt;
        }
        lines << Core::engineLines(QString::fromUtf8(file.readAll()), file.fileName());
    }
    const auto engines = Core::parseEngines(lines);
    if (!engines) {
        printErr(engines.error());
        return std::nullopt;
    }
    return *engines;
}

std::optional<Core::GradeRequest> requestFrom(const QCommandLineParser &parser, const Core::EngineSettings &engine)
{
    const QStringList positionals = parser.positionalArguments();
    Core::GradeRequest request;
    request.packPath = positionals.at(1);
    request.exerciseId = positionals.at(2);
    request.submissionsPath = positionals.at(3);
    request.outDir = parser.isSet(option("out")) ? parser.value(option("out")) : QStringLiteral("grades");
    bool ok = true;
    request.jobs = parser.isSet(option("jobs")) ? parser.value(option("jobs")).toInt(&ok) : 1;
    if (!ok || request.jobs < 1) {
        printErr(QStringLiteral("--jobs wants a whole number of at least 1"));
        return std::nullopt;
    }
    const auto engines = enginesFrom(parser);
    if (!engines)
        return std::nullopt;
    request.engines = *engines;
    request.tlsCertFolder = parser.value(option("cert-path"));
    if (!request.tlsCertFolder.isEmpty() && request.engines.isEmpty()) {
        printErr(
            QStringLiteral("--cert-path is the TLS folder of tcp:// engines: give them with --engine or --engines"));
        return std::nullopt;
    }
    request.backend = parser.value(option("backend"));
    request.languageId = parser.value(option("lang"));
    request.includeSecret = parser.isSet(option("include-secret"));
    request.force = parser.isSet(option("force"));
    if (parser.isSet(option("format"))) {
        request.formats = parser.value(option("format")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &format : request.formats) {
            if (format != QStringLiteral("gradescope") && format != QStringLiteral("junit")
                && format != QStringLiteral("csv")) {
                printErr(QStringLiteral("--format: unknown format %1 (gradescope, junit, csv)").arg(format));
                return std::nullopt;
            }
        }
    }
    request.baseLimits = engine.limits;
    return request;
}

/// Ctrl+C stops the batch (its running tests' process trees) instead of killing Sandpit, so
/// the students that finished are written: the signal only writes a byte the loop reads.
std::unique_ptr<QSocketNotifier> stopOnSigint(Core::GradeBatch &batch, bool &interrupted)
{
    int sockets[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
        return nullptr;
    g_signalSocket = sockets[0];
    auto notifier = std::make_unique<QSocketNotifier>(sockets[1], QSocketNotifier::Read);
    QObject::connect(notifier.get(), &QSocketNotifier::activated, &batch, [&batch, &interrupted, fd = sockets[1]] {
        char byte = 0;
        [[maybe_unused]] const auto got = ::read(fd, &byte, 1);
        interrupted = true;
        batch.cancel();
    });
    std::signal(SIGINT, onSigint);
    return notifier;
}

int grade(const Core::GradeRequest &request)
{
    GradeProgress progress(::isatty(STDOUT_FILENO) == 1);
    Core::GradeBatch batch;
    bool interrupted = false;
    const auto sigint = stopOnSigint(batch, interrupted);
    QObject::connect(&batch, &Core::GradeBatch::batchStarted, &batch,
                     [&progress](int students, const QStringList &) { progress.batchStarted(students); });
    QObject::connect(&batch, &Core::GradeBatch::studentStarted, &batch,
                     [&progress](const QString &student, const QString &) { progress.studentStarted(student); });
    QObject::connect(&batch, &Core::GradeBatch::studentFinished, &batch,
                     [&progress](const Core::StudentGrade &grade) { progress.studentFinished(grade); });
    QObject::connect(
        &batch, &Core::GradeBatch::engineDropped, &batch,
        [&progress](const QString &engine, const QString &reason) { progress.engineDropped(engine, reason); });
    QObject::connect(&batch, &Core::GradeBatch::batchFinished, &batch,
                     [&progress, &interrupted](const Core::GradeSummary &summary) {
                         progress.batchFinished(summary);
                         const int status = interrupted ? kInterrupted : summary.left.isEmpty() ? 0 : kNothingGraded;
                         QCoreApplication::exit(status);
                     });
    QObject::connect(&batch, &Core::GradeBatch::batchFailed, &batch, [](const Core::RunError &error) {
        printErr(error.message);
        QCoreApplication::exit(kNothingGraded);
    });
    batch.start(request);
    const int status = QCoreApplication::exec();
    std::signal(SIGINT, SIG_DFL);
    return status;
}

} // namespace

int runGradeCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, arguments))
        return *done;
    const auto engine = loadEngineSettings();
    if (!engine)
        return kUsage;
    const auto request = requestFrom(parser, *engine);
    if (!request)
        return kUsage;
    return grade(*request);
}

} // namespace Sandpit::App
