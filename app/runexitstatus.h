#pragma once

#include "model/runresult.h"

namespace Sandpit::App {

/// What `sandpit run` exits with. Without --json it is the program's own status, as
/// `docker run` and timeout(1) give it: the shell and `make` see the program's success or
/// failure, and Sandpit's own failures (a usage error included, as with `docker run`) are the
/// one number a program is unlikely to use. With --json a script reads the outcome from the
/// JSON, and the status only says whether there is a result to read.
class RunExitStatus final
{
public:
    static constexpr int kTimedOut = 124;      ///< timeout(1)'s: the time limit stopped it
    static constexpr int kSandpitFailed = 125; ///< docker run's and timeout(1)'s own errors
    static constexpr int kSignalBase = 128;    ///< 128+N: signal N ended it, as in a shell
    static constexpr int kJsonRan = 0;         ///< --json: the object describes a run
    static constexpr int kJsonUsage = 2;       ///< --json: the command line was wrong
    static constexpr int kJsonCouldNotRun = 3; ///< --json: the object is {"error": …}

    explicit RunExitStatus(bool json);

    /// A run that took place: its program's status, or (with --json) kJsonRan. A compiled
    /// program that did not compile gives its compiler's status, as `gcc x.c && ./a.out`
    /// would; a compiler a limit stopped counts as the program would.
    int ran(const Core::RunResult &result) const;
    /// A command line Sandpit did not accept.
    int usage() const;
    /// A run that could not take place: a file that cannot be run, a missing toolchain, a
    /// sandbox that cannot be built (fail closed), no Docker.
    int couldNotRun() const;

private:
    bool m_json = false;
};

} // namespace Sandpit::App
