#pragma once

#include "model/runresult.h"

#include <QByteArray>
#include <QString>

namespace Sandpit::Core {

/// The sentence for a program that failed because it has no network, which a beginner reads
/// as a bug in their code or in Sandpit: "It tried to reach the network, which …". Empty
/// unless the run ended with an error of its own (no limit, no stop) in a sandbox with no
/// network at all (full isolation, no allow-list, nothing shared) and what it printed last
/// (`stderrTail`) is a failed name lookup or an unreachable network, in the words of glibc,
/// Python, Node, Java, Rust or curl.
QString noNetworkHint(const RunResult &result, const QByteArray &stderrTail);

} // namespace Sandpit::Core
