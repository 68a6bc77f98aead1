#include "outputwatch.h"

#include "initrecord.h"
#include "outputlisting.h"

#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {
// How often, in init's watch ticks (20 ms), the output folder is listed: twice a second.
constexpr int kListingTicks = 25;
} // namespace

OutputWatch::OutputWatch(const InitContext &ctx, const Options &run)
    : m_ctx(ctx)
    , m_path(run.collectChanges ? std::string("/work") : std::string("/work/") + run.collectDir)
{
}

void OutputWatch::tick()
{
    if (++m_ticks % kListingTicks != 0)
        return;
    InitRecord record;
    record.kind = InitRecord::Listing;
    const int dir = open(m_path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const std::string listing = dir >= 0 ? listOutput(dir, sizeof record.listing) : std::string();
    if (dir >= 0)
        close(dir);
    if (listing == m_last)
        return;
    m_last = listing;
    record.listingLength = static_cast<std::uint32_t>(listing.size());
    std::memcpy(record.listing, listing.data(), listing.size());
    sendRecord(m_ctx.statusFd, record);
}

} // namespace Sandpit::Helper
