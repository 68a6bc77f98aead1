#include "socketmemory.h"

#include <cerrno>
#include <cstring>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

// Adds up one reply's sockets; false at the end of the dump (or on an error).
bool addReply(const char *data, ssize_t received, long long &total)
{
    int size = static_cast<int>(received);
    for (auto *header = reinterpret_cast<const nlmsghdr *>(data); NLMSG_OK(header, size);
         header = NLMSG_NEXT(header, size)) {
        if (header->nlmsg_type == NLMSG_DONE || header->nlmsg_type == NLMSG_ERROR)
            return false;
        const auto *message = static_cast<const unix_diag_msg *>(NLMSG_DATA(header));
        int length = static_cast<int>(header->nlmsg_len - NLMSG_LENGTH(sizeof *message));
        for (auto *attribute = reinterpret_cast<const rtattr *>(message + 1); RTA_OK(attribute, length);
             attribute = RTA_NEXT(attribute, length)) {
            if (attribute->rta_type != UNIX_DIAG_MEMINFO || RTA_PAYLOAD(attribute) < SK_MEMINFO_VARS * sizeof(__u32))
                continue;
            const auto *memory = static_cast<const __u32 *>(RTA_DATA(attribute));
            // A unix socket charges what it sends to its own write allocation until the peer
            // reads it; what waits in a receive queue shows there.
            total += static_cast<long long>(memory[SK_MEMINFO_WMEM_ALLOC]) + memory[SK_MEMINFO_RMEM_ALLOC];
        }
    }
    return true;
}

} // namespace

long long unixSocketQueuedBytes()
{
    const int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0)
        return -1;
    struct {
        nlmsghdr header;
        unix_diag_req request;
    } query{};
    query.header.nlmsg_len = sizeof query;
    query.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    query.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    query.request.sdiag_family = AF_UNIX;
    query.request.udiag_states = ~0U;
    query.request.udiag_show = UDIAG_SHOW_MEMINFO;
    long long total = -1;
    if (send(fd, &query, sizeof query, 0) == static_cast<ssize_t>(sizeof query)) {
        total = 0;
        alignas(nlmsghdr) char buffer[16384];
        for (;;) {
            const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0 || !addReply(buffer, n, total))
                break;
        }
    }
    close(fd);
    return total;
}

} // namespace Sandpit::Helper
