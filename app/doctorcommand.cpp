#include "doctorcommand.h"

#include "commandline.h"
#include "doctortext.h"
#include "engine/doctor.h"
#include "engine/doctorjson.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kExitFull = 0;
constexpr int kExitBelowFull = 1;

int exitFor(const Core::DoctorReport &report)
{
    return report.local.error.isEmpty() && report.local.level == Core::IsolationReport::Level::Full ? kExitFull
                                                                                                    : kExitBelowFull;
}
} // namespace

int runDoctorCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Says what a run would get on this computer now: each protection of the local sandbox "
                       "(and the fix for a missing one), Docker and its images, and each language's toolchain.\n"
                       "Exit status: 0 when the local sandbox gives full isolation, 1 when it gives less or could "
                       "not be checked, 2 for a wrong option."));
    addHelpOption(parser);
    parser.addPositionalArgument(QStringLiteral("doctor"), QStringLiteral("The command."), QStringLiteral("doctor"));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object instead (see the README).")});
    if (const auto done = parseCommandLine(parser, arguments, 1, QStringLiteral("usage: sandpit doctor [--json]")))
        return *done;

    const auto engine = loadEngineSettings();
    if (!engine)
        return kExitUsage;

    const bool json = parser.isSet(QStringLiteral("json"));
    Core::Doctor doctor(loadLanguages(), *engine);
    QObject::connect(&doctor, &Core::Doctor::checked, &doctor, [json](const Core::DoctorReport &report) {
        const QByteArray out = json ? QJsonDocument(Core::doctorJson(report)).toJson(QJsonDocument::Indented)
                                    : doctorText(report).toUtf8();
        std::fwrite(out.constData(), 1, size_t(out.size()), stdout);
        QCoreApplication::exit(exitFor(report));
    });
    doctor.checkAll();
    return QCoreApplication::exec();
}

} // namespace Sandpit::App
