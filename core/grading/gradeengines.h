#pragma once

#include "engine/backend.h"
#include "languages/languageregistry.h"
#include "model/runerror.h"
#include "settings/enginesettings.h"

#include <memory>
#include <vector>

namespace Sandpit::Core {

/// One engine a batch grades on: this machine's chosen backend, or a Docker daemon.
struct GradeEngine {
    QString name;       ///< "local", "docker", or the endpoint ("tcp://host:2376")
    QString backendId;  ///< what its Check requests name
    QString endpoint;   ///< DOCKER_HOST; empty: this machine's backend as the settings say
    QString certFolder; ///< DOCKER_CERT_PATH with DOCKER_TLS_VERIFY; empty: the caller's variables

    /// Its backends, kept warm across a series of students. A Docker endpoint gets a Docker
    /// backend of its own whose environment names it (DOCKER_HOST; the TLS variables are the
    /// caller's unless certFolder names the certificates), so engines never share a daemon
    /// connection.
    std::vector<std::unique_ptr<Backend>> makeBackends(const LanguageRegistry &languages,
                                                       const EngineSettings &settings) const;
};

/// The engines of a request: one per endpoint (TLS from `certFolder` when given), else this
/// machine's backend (`backend`, or the settings' when empty).
QList<GradeEngine> gradeEngines(const QStringList &endpoints, const QString &backend, const EngineSettings &settings,
                                const QString &certFolder = {});

/// Whether grading drops the engine a student's Check failed on and hands the student to another:
/// the engine is lost (isEngineFailure), or it cannot grade anyone (no image, no toolchain, no
/// sandbox): another engine may have what it lacks, and the student is not to blame. Every
/// other failure is the student's own result.
bool engineCannotGrade(const RunError &error);

} // namespace Sandpit::Core
