#pragma once

#include "docker/dockerrun.h"
#include "packages/packageplan.h"

namespace Sandpit::Core {

/// A Docker run's packages. The environment is built in a container of the run's own image
/// (whose Python it is for: the image is the hash's interpreter tag), from the wheelhouse and
/// pip's wheels sent into /work like any attached folder (tar through the archive API to a
/// remote engine), brought back as a compiler's build folder is, and cached on this computer
/// beside the local sandbox's environments. Each run gets it in /work again: a copy per run
/// costs what sending its files does, where a per-hash volume would outlive Sandpit's
/// clean-up and need the daemon to keep what only this computer should decide to keep.
namespace DockerSetup {

/// Where the program finds its environment in the container.
QString environmentInContainer();
/// `setup` (a plan for the run's image, with the setup request) made into the setup step:
/// pip's wheels and the wheelhouse as input files, the command, the stage, the folder kept.
Expected<DockerRun::Plan> setupPlan(const PackagePlan &packages, DockerRun::Plan setup, const QString &keepIn);
/// The program's request with the cached environment as an input folder.
RunRequest withEnvironment(RunRequest run, const PackagePlan &packages);

} // namespace DockerSetup

} // namespace Sandpit::Core
