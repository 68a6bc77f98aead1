#pragma once

#include "languages/languagefwd.h"
#include "model/runrequest.h"
#include "packages/envcache.h"
#include "packages/piptools.h"
#include "packages/requirementset.h"

#include <optional>

namespace Sandpit::Core {

/// A run's packages as both backends need them: what was declared, the environment it maps
/// to, and, when that environment is not built yet, the setup step that builds it. Made once
/// per run by plan(), on the engine's thread (it reads the disk).
struct PackagePlan {
    /// The folder the setup step builds the environment in, inside the sandbox's /work; the
    /// backend brings it back out.
    static constexpr const char *kBuildDir = ".sandpit-env";
    /// The requirement list as the setup step finds it in /work.
    static constexpr const char *kRequirementsFile = ".sandpit-requirements.txt";

    RequirementSet requirements;
    QString hash;
    QString interpreterTag; ///< which Python the environment is for, in the hash and the marker
    QString envPath;        ///< on the host, in the cache
    QString python;         ///< the environment's interpreter, on the host
    bool ready = false;     ///< cached: the run needs no setup step
    QString wheelhouse;
    /// The package index the setup step may also install from; empty: the wheelhouse alone.
    QString index;
    /// Where the setup step may go (packageInstallNetwork()): the setup request's `network`.
    QList<AllowedDestination> installNetwork;
    Limits setupLimits;

    /// Nothing when the run declares no packages (or is not Python). A declaration that
    /// cannot be read, or an index or file host that is no address, is an error. With an
    /// index, the hash names it too: unpinned requirements resolve to other files from an
    /// index than from the wheelhouse, so a set installed from each is another environment.
    /// `interpreter` is the toolchain the environment is made from.
    /// `interpreterTag` names the Python the environment is made from (localInterpreterTag(),
    /// or the Docker image), for the hash.
    static Expected<std::optional<PackagePlan>> make(const Language &language, const RunRequest &request,
                                                     const QString &interpreterTag, const EnvCache &cache);

    /// What the setup step is asked: the requirement list alone, under the setup limits, with
    /// no input or arguments, and the install's network (not the program's) as its list.
    RunRequest setupRequest(const RunRequest &request) const;
    /// The setup step's command: make a venv of `interpreter` (with the system's packages, so
    /// Debian's python3-* count) in /work/kBuildDir, then run pip from `tools` into it, from
    /// `findLinks` only, or with an index from `findLinks` and the index, through the sandbox's
    /// proxy. Every path is as the sandbox sees it.
    QStringList setupCommand(const QString &interpreter, const QString &findLinks, const PipTools &tools) const;
    /// The marker kept in the environment: what it holds and what made it.
    QByteArray marker() const;
    /// The cache the environment belongs in.
    EnvCache cache() const;
    /// The one sentence for a failed install, from pip's output and the proxy's `attempts`:
    /// a host the proxy denied, an index that could not be reached, a package found nowhere;
    /// empty when pip said something else.
    QString failureMessage(const QByteArray &pipOutput, const QList<NetworkAttempt> &attempts = {}) const;
};

/// Which Python on this computer an environment belongs to, without starting it: its real
/// file, size and time. A Python upgrade changes them, and so the hash.
QString localInterpreterTag(const QString &interpreter);

/// The requirements `request` declares: its entry file's PEP 723 block, else a
/// requirements.txt among its sources or attached files. Empty when it declares none.
Expected<RequirementSet> declaredRequirements(const RunRequest &request);

} // namespace Sandpit::Core
