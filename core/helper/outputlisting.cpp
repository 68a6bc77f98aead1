#include "outputlisting.h"

#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandpit::Helper {

namespace {

constexpr int kMaxDepth = 8;
constexpr int kMaxEntriesRead = 4096; // a folder of a million files costs no more than this

struct Lister {
    std::size_t maxBytes;
    std::string out;
    bool full = false;
    int entriesRead = 0;

    void add(const std::string &path, long long size)
    {
        std::string line = std::to_string(size) + '\t' + path + '\n';
        if (out.size() + line.size() + 2 > maxBytes) { // room for "+\n"
            full = true;
            return;
        }
        out += line;
    }

    void walk(int dirFd, const std::string &prefix, int depth)
    {
        // fdopendir takes the descriptor; dup it so the caller's stays open.
        const int own = dup(dirFd);
        DIR *dir = own >= 0 ? fdopendir(own) : nullptr;
        if (!dir) {
            if (own >= 0)
                close(own);
            return;
        }
        rewinddir(dir); // the duplicate shares its offset with dirFd
        while (!full) {
            const dirent *entry = readdir(dir);
            if (!entry)
                break;
            if (++entriesRead > kMaxEntriesRead) {
                full = true;
                break;
            }
            const char *name = entry->d_name;
            if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0 || std::strpbrk(name, "\t\n"))
                continue;
            struct stat st { };
            if (fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            const std::string path = prefix + name;
            if (S_ISREG(st.st_mode) && st.st_nlink == 1) {
                add(path, static_cast<long long>(st.st_size));
            } else if (S_ISDIR(st.st_mode) && depth < kMaxDepth) {
                const int sub = openat(dirfd(dir), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (sub >= 0) {
                    walk(sub, path + '/', depth + 1);
                    close(sub);
                }
            }
        }
        closedir(dir);
    }
};

} // namespace

std::string listOutput(int dirFd, std::size_t maxBytes)
{
    Lister lister{maxBytes, {}, false, 0};
    lister.walk(dirFd, std::string(), 0);
    if (lister.full)
        lister.out += "+\n";
    return lister.out;
}

} // namespace Sandpit::Helper
