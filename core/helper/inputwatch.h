#pragma once

#include <sys/stat.h>
#include <sys/types.h>

namespace Sandpit::Helper {

/// Tells, from init's view of /proc, whether the run is waiting for the person at the
/// keyboard: a time the wall-clock limit does not count (see kInputWaitUs in protocol.h).
///
/// The run waits for input when, over one watch interval, all three hold:
/// - one of its threads sleeps in read() or readv() on the run's stdin pipe (the pipe the
///   engine writes what the user types into). A read on a pipe sleeps only while the pipe is
///   empty and a writer still holds it open, so this is "the user has not typed yet": input fed
///   up front and then closed never makes it sleep;
/// - the run used no CPU time at all (a process forked to sit on stdin cannot buy wall time
///   for a sibling that computes);
/// - none of its threads sleeps on a timer (nanosleep, clock_nanosleep): a program that
///   sleeps expects to wake by itself, and a reader child must not let a sleeping sibling
///   outlast the limit.
/// On a terminal (--pty) the input is the pty's slave instead of the pipe, and a thread also
/// reads it while it waits with no timeout in select, poll or epoll in a process whose stdin
/// is the terminal: line editors wait so before each read. Such a wait with a timeout counts
/// as a sleep on a timer.
/// A run that only waits costs nothing but memory, which has its own limit, and the user sees
/// it ask and can stop it; that is why such a wait may last as long as the user takes.
class InputWatch
{
public:
    /// `privateProc`: as for sampleUsage. The stdin pipe is init's own stdin, which the
    /// program inherits; when it is no pipe (a file, /dev/null) the run never waits for input.
    explicit InputWatch(bool privateProc);
    /// The same for a run whose stdin is `stdinPipe` (as stat gives it): Docker's init does not
    /// hold the named pipe its program reads, so that the program sees the end of the input
    /// when Sandpit closes its end; a run on a terminal reads the pty's slave.
    InputWatch(bool privateProc, const struct stat &stdinPipe);

    /// A process of init's own beside the run (Docker's open-files watch), which neither waits
    /// nor computes for the program: its CPU time and its timer sleeps do not count.
    void ignore(long pid) { m_ignored = pid; }

    /// Looks at the run now (once per watch interval); true when waiting() changed.
    bool update();
    /// True while the run waits for input, as described above.
    bool waiting() const { return m_waiting; }

private:
    bool m_privateProc = false;
    bool m_terminal = false; ///< the input is a pty's slave, not a pipe
    dev_t m_pipeDev = 0;
    ino_t m_pipeIno = 0;
    long m_ignored = 0;
    long long m_lastCpu = -1;
    bool m_waiting = false;
};

} // namespace Sandpit::Helper
