#pragma once

#include "engine/runjob.h"
#include "engine/stagedjob.h"
#include "local/localjob.h"
#include "local/preparedsandbox.h"
#include "packages/packageplan.h"

#include <memory>

namespace Sandpit::Core {

/// The setup step of a local run whose packages are not installed yet: pip in a sandbox of
/// its own, under the setup limits, with the wheelhouse shown read-only and a larger /work
/// (the environment is built there, then copied back and kept by SetupJob). The program's
/// sandbox never has the environment writable: it gets the cached folder read-only.
/// `config` is the program's sandbox's; `environment` the program's variables.
Expected<std::unique_ptr<RunJob>> makeLocalSetupJob(const PackagePlan &plan, const RunRequest &request,
                                                    const QString &interpreter, PreparedSandbox::Config config,
                                                    const QStringList &environment);

/// The program's step after a setup step: its sandbox is built once the environment is in
/// place, since the helper shows only folders that exist when it builds the root.
StagedJob::MakeJob runAfterSetup(const PreparedSandbox::Config &config, const RunRequest &request,
                                 const LocalJob::Plan &plan);

/// The local sandbox builds its root on a tmpfs over /tmp (core/helper/mounts.cpp), so a
/// wheelhouse or an environment there could never be shown to pip or the program: refused
/// with a sentence that says so.
Expected<void> checkShownFolders(const PackagePlan &plan);

} // namespace Sandpit::Core
