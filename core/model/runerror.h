#pragma once

#include <QMetaType>
#include <QString>

#include <expected>

namespace Sandpit::Core {

/// Why a run could not take place at all (as opposed to a run that was stopped).
struct RunError {
    enum class Code {
        BadRequest,       ///< nothing to run, an unreadable input file, ...
        MissingInputFile, ///< an attached input file or folder is not there
        UnknownLanguage,
        MissingToolchain,   ///< e.g. no python3 on this machine
        BackendUnavailable, ///< e.g. no Docker daemon, helper missing
        /// Docker lacks the run's image: `image` names it. Only the user can fix this (a pull),
        /// so no other backend is tried in its place.
        MissingImage,
        SetupFailed, ///< the sandbox could not be built
        /// No isolation the user allows can be built on this host (no user namespaces, a
        /// masked /proc): nothing ran. The message says what is missing and the fix.
        SandboxUnavailable,
        Internal,
    };
    Code code = Code::Internal;
    QString message; ///< a complete sentence for people, with the fix where there is one
    /// With MissingImage: the image reference, so a front end can offer to pull it
    /// (ImagePullController). Empty with any other code.
    QString image = {};
};

/// Whether the engine itself is gone (its daemon stopped answering, the helper is missing), not
/// this run: the same request may do fine on another engine. Grading then hands the student to
/// another engine, and a Check says its engine failed rather than judge the test. Every other
/// code is the run's own (its program, its image, its sandbox) and would fail the same way on any
/// engine with the same settings. A Docker run that fails in some other way asks the daemon
/// (GET /_ping) and reports BackendUnavailable when it no longer answers (DockerRun).
inline bool isEngineFailure(const RunError &error)
{
    return error.code == RunError::Code::BackendUnavailable;
}

template<typename T>
using Expected = std::expected<T, RunError>;

inline std::unexpected<RunError> makeError(RunError::Code code, QString message)
{
    return std::unexpected(RunError{code, std::move(message)});
}

} // namespace Sandpit::Core

Q_DECLARE_METATYPE(Sandpit::Core::RunError)
