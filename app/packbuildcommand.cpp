#include "packbuildcommand.h"

#include "commandline.h"
#include "exercises/exercisesettings.h"
#include "exercises/packbuilder.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QLocale>

#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kBuilt = 0;
constexpr int kNotBuilt = 3;

std::optional<int> parse(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.setApplicationDescription(
        QStringLiteral("Builds an exercise pack (a folder or .zip) into a zip (FILE ends in .zip) or a folder.\n\n"
                       "--learner leaves out every exercise's solution/ and wrong/ programs and its secret tests,\n"
                       "with the files only those tests use. Hidden tests stay: a learner build is files on the\n"
                       "learner's disk, and whoever looks can read them; only secret tests are not there.\n"
                       "--instructor keeps everything, for grading.\n\n"
                       "The pack is read first, and a pack with problems is not built. The build is written whole\n"
                       "or not at all, with its entries sorted and one fixed time, so two builds of the same pack\n"
                       "are the same bytes; it is read back before it counts as built.\n\n"
                       "Exit status: 0 built, 2 when the command line is wrong, 3 when nothing was built."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("build"), QStringLiteral("The command."), QStringLiteral("pack build"));
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The pack: a folder, or a .zip."));
    parser.addOptions({
        {option("learner"), QStringLiteral("Build for learners.")},
        {option("instructor"), QStringLiteral("Build for grading: everything.")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("Where to write: FILE.zip, or a folder."),
         QStringLiteral("FILE")},
        {option("force"), QStringLiteral("Replace FILE if it exists.")},
    });
    const QString usage
        = QStringLiteral("usage: sandpit pack build DIR --learner|--instructor -o FILE; see sandpit pack build --help");
    if (const auto done = parseCommandLine(parser, arguments, 2, usage))
        return done;
    if (parser.isSet(option("learner")) == parser.isSet(option("instructor"))) {
        printErr(QStringLiteral("say who the build is for: --learner or --instructor"));
        printErr(usage);
        return kExitUsage;
    }
    if (parser.value(QStringLiteral("output")).isEmpty()) {
        printErr(QStringLiteral("say where to write the build: -o FILE"));
        printErr(usage);
        return kExitUsage;
    }
    return std::nullopt;
}

void printLeftOut(const Core::PackBuildResult &result)
{
    int solutions = 0, wrong = 0, secret = 0;
    for (const Core::PackLeftOut &left : result.leftOut) {
        if (left.secretTests)
            std::printf("  %s: %d secret test(s) left out, with %d file(s) only they use\n",
                        qUtf8Printable(left.exerciseId), left.secretTests, left.secretFiles);
        solutions += left.solutions;
        wrong += left.wrongPrograms;
        secret += left.secretTests;
    }
    std::printf("Left out: %d solution file(s), %d wrong program(s), %d secret test(s).\n", solutions, wrong, secret);
}
} // namespace

int runPackBuild(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const auto done = parse(parser, arguments))
        return *done;
    Core::PackBuildRequest request;
    request.packPath = parser.positionalArguments().at(1);
    request.audience = parser.isSet(option("learner")) ? Core::PackAudience::Learner : Core::PackAudience::Instructor;
    request.output = parser.value(QStringLiteral("output"));
    request.replace = parser.isSet(option("force"));
    request.unpackRoot = Core::ExerciseSettings::load().unpackFolder;
    const auto built = Core::buildPack(request);
    if (!built) {
        printErr(QStringLiteral("%1 was not built: %2").arg(request.packPath, built.error().message));
        const QString base = QFileInfo(request.packPath).absoluteFilePath();
        for (const Core::PackProblem &problem : built.error().problems)
            std::fprintf(stderr, "  %s\n", qUtf8Printable(problem.toString(base)));
        return kNotBuilt;
    }
    const bool learner = request.audience == Core::PackAudience::Learner;
    std::printf("%s build of \"%s\" (%d exercises): %s, %d files, %s\n", learner ? "Learner" : "Instructor",
                qUtf8Printable(built->courseTitle), built->exercises, qUtf8Printable(built->output), built->files,
                qUtf8Printable(QLocale::c().formattedDataSize(built->bytes, 1, QLocale::DataSizeSIFormat)));
    if (learner)
        printLeftOut(*built);
    return kBuilt;
}

} // namespace Sandpit::App
