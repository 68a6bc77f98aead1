#pragma once

#include "init.h"

#include <string>
#include <vector>

namespace Sandpit::Helper {

class Cgroup;
class Report;
struct Options;

/// The plain sentences that say which protections a run had, and why one was missing.
std::vector<std::string> describeIsolation(const Options &options, Isolation level, const Cgroup &cgroup, unsigned uid,
                                           const std::vector<std::string> &downgrades);

const char *isolationLevelName(Isolation level);

/// The cgroup facts of the run as report keys (Protocol::kCgroupKind and the rest), so the
/// engine need not read them out of the sentences.
void addCgroupFacts(Report &report, const Cgroup &cgroup);

} // namespace Sandpit::Helper
