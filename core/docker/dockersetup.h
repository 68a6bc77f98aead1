#pragma once

#include "docker/dockerrun.h"
#include "packages/packageplan.h"

namespace Sandpit::Core {

/// A Docker run's packages. The environment is built in a container of the run's own image
/// (whose Python it is for: the image is the hash's interpreter tag), from the wheelhouse and
/// pip's wheels sent into /work like any attached folder (tar through the archive API to a
/// remote engine), brought back as a compiler's build folder is, and cached on this computer
/// beside the local sandbox's environments. A run with it runs from the environment's own
/// image (DockerEnvImage), made once per engine.
namespace DockerSetup {

/// Where the program finds its environment in the container.
QString environmentInContainer();
/// `setup` (a plan for the run's image, with the setup request) made into the setup step:
/// pip's wheels and the wheelhouse as input files, the command, the stage, the folder kept.
Expected<DockerRun::Plan> setupPlan(const PackagePlan &packages, DockerRun::Plan setup, const QString &keepIn);

} // namespace DockerSetup

} // namespace Sandpit::Core
