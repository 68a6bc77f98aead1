#pragma once

#include <ctime>
#include <optional>

namespace Sandpit::Helper {

/// Whether a run changed its working folder, so that the host can skip copying it back when
/// nothing of the program's is there (a GET of /work through the archive API costs tens of
/// milliseconds, most of a short run's time).
///
/// The evidence is the inode change time, which the kernel sets on every write, chmod,
/// rename, link or new entry, and which no process can set back. takeWorkStamp() returns a
/// time that every entry already there is not later than and every entry changed afterwards is
/// later than: it reads the fine clock, then waits until the coarse clock the kernel stamps
/// inodes with (CLOCK_REALTIME_COARSE; a fine one on multigrain file systems, never earlier)
/// has passed it, at most a tick. Without that wait, a file written in the same tick as the
/// last copied one would carry the same time and be missed, or every copied file would count.
///
/// Known limit: a write through a shared mapping of a file on tmpfs changes no time; a program
/// that only does that to a file it did not create is not seen (its file is not listed).
std::optional<timespec> takeWorkStamp();

/// Whether an entry under the folder `dir` (not the folder itself) changed after `stamp`,
/// among those the host would list as the program's (ArtifactCollector::isTheProgramsPlace:
/// anything in output/, elsewhere no dot-name or __pycache__). Any doubt (a folder it cannot
/// open, one nested too deep) counts as a change: the host then copies back as it always did.
bool workChangedSince(const char *dir, const timespec &stamp);

} // namespace Sandpit::Helper
