#include "packimportcommand.h"

#include "exercises/import/classroomimporter.h"
#include "exercises/import/cphimporter.h"
#include "exercises/import/kattisimporter.h"
#include "exercises/import/packdraftwriter.h"
#include "exercises/tomltext.h"

#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kWritten = 0;
constexpr int kUsage = 2;
constexpr int kCannotConvert = 3;

const char kUsageText[] = "usage: sandpit pack import kattis|classroom|cph PATH -o DIR [--id ID] [--force]\n";

struct ImportOptions {
    QString kind;
    QString path;
    QString output;
    QString id;
    bool force = false;
};

std::optional<ImportOptions> parse(const QStringList &arguments)
{
    ImportOptions options;
    QStringList positional;
    // The command line with `pack` taken out (runPackCommand): the program, then "import".
    const qsizetype first = 2;
    for (qsizetype i = first; i < arguments.size(); ++i) {
        const QString &word = arguments.at(i);
        if ((word == QLatin1String("-o") || word == QLatin1String("--output")) && i + 1 < arguments.size())
            options.output = arguments.at(++i);
        else if (word == QLatin1String("--id") && i + 1 < arguments.size())
            options.id = arguments.at(++i);
        else if (word == QLatin1String("--force"))
            options.force = true;
        else if (word.startsWith(QLatin1Char('-')))
            return std::nullopt;
        else
            positional << word;
    }
    if (positional.size() != 2 || options.output.isEmpty())
        return std::nullopt;
    options.kind = positional.at(0);
    options.path = positional.at(1);
    return options;
}

std::expected<Core::PackDraft, QString> readDraft(const ImportOptions &options)
{
    if (!QFileInfo::exists(options.path))
        return std::unexpected(QStringLiteral("%1: no such file or folder").arg(options.path));
    if (options.kind == QLatin1String("kattis"))
        return Core::KattisImporter::read(options.path);
    if (options.kind == QLatin1String("classroom"))
        return Core::ClassroomImporter::read(options.path);
    return Core::CphImporter::read(options.path);
}

} // namespace

int runPackImport(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const auto options = parse(arguments);
    static const QStringList kKinds = {QStringLiteral("kattis"), QStringLiteral("classroom"), QStringLiteral("cph")};
    if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
        out << kUsageText;
        return kWritten;
    }
    if (!options || !kKinds.contains(options->kind)) {
        err << kUsageText;
        return kUsage;
    }
    auto draft = readDraft(*options);
    if (!draft) {
        err << "error: " << draft.error() << '\n';
        return kCannotConvert;
    }
    if (!options->id.isEmpty())
        draft->id = Core::slugOf(options->id, draft->id);
    for (const QString &warning : draft->warnings)
        err << "warning: " << warning << '\n';
    err.flush();
    const auto written = Core::PackDraftWriter::write(*draft, options->output, options->force);
    if (!written) {
        err << "error: " << written.error() << '\n';
        return kCannotConvert;
    }
    for (const QString &file : *written)
        out << "wrote " << options->output << '/' << file << '\n';
    out << "imported " << draft->tests.size() << " tests into " << options->output << " with " << draft->warnings.size()
        << " warnings\n";
    return kWritten;
}

} // namespace Sandpit::App
