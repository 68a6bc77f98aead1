#include "docker/dockersetup.h"

#include <QFileInfo>

namespace Sandpit::Core::DockerSetup {

namespace {
const auto kWheelhouse = QStringLiteral(".sandpit-wheelhouse");
const auto kPipWheel = QStringLiteral(".sandpit-pip.whl");
const auto kSetuptoolsWheel = QStringLiteral(".sandpit-setuptools.whl");

QString inWork(const QString &name)
{
    return QStringLiteral("/work/") + name;
}
} // namespace

QString environmentInContainer()
{
    return inWork(QLatin1String(PackagePlan::kBuildDir));
}

Expected<DockerRun::Plan> setupPlan(const PackagePlan &packages, DockerRun::Plan setup, const QString &keepIn)
{
    const auto tools = PipTools::find();
    if (!tools)
        return std::unexpected(tools.error());
    PipTools inContainer{inWork(kPipWheel), QString()};
    setup.request.inputFiles << InputFile{tools->pipWheel, kPipWheel};
    if (!tools->setuptoolsWheel.isEmpty()) {
        setup.request.inputFiles << InputFile{tools->setuptoolsWheel, kSetuptoolsWheel};
        inContainer.setuptoolsWheel = inWork(kSetuptoolsWheel);
    }
    // A missing wheelhouse is pip's "no matching distribution", which becomes the sentence
    // that names it, as on the local sandbox; not a missing input file.
    if (QFileInfo(packages.wheelhouse).isDir())
        setup.request.inputFiles << InputFile{packages.wheelhouse, kWheelhouse};
    // The image's own Python, found on its PATH, as the program's is.
    setup.command = packages.setupCommand(QStringLiteral("python3"), inWork(kWheelhouse), inContainer);
    setup.stage = RunStage::Setup;
    setup.keepBuildIn = keepIn;
    setup.buildDir = QLatin1String(PackagePlan::kBuildDir);
    return setup;
}

} // namespace Sandpit::Core::DockerSetup
