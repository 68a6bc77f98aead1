#pragma once

#include <cerrno>

namespace Sandpit::Helper {

/// The outcome of one sandbox set-up step, nsjail-style: on failure the step's name and the
/// errno at the point of failure, so the report can say exactly what the kernel refused.
struct Step {
    const char *failed = nullptr; ///< nullptr: the step succeeded
    int error = 0;

    explicit operator bool() const { return failed == nullptr; }
    static Step ok() { return {}; }
    /// Captures errno now, before anything else can change it.
    static Step fail(const char *step) { return {step, errno}; }
};

/// Runs `expr`; if it returns a failed Step, returns it from the enclosing function.
#define SANDPIT_TRY_STEP(expr)                                                                                         \
    do {                                                                                                               \
        if (const ::Sandpit::Helper::Step sandpitStep_ = (expr); !sandpitStep_)                                        \
            return sandpitStep_;                                                                                       \
    } while (false)

} // namespace Sandpit::Helper
