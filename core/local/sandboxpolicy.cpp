#include "local/sandboxpolicy.h"

namespace Sandpit::Core {

QStringList sandboxReadOnlyPaths()
{
    return {
        // Programs and libraries (on merged-/usr systems the top-level ones are links).
        QStringLiteral("/usr"),
        QStringLiteral("/bin"),
        QStringLiteral("/sbin"),
        QStringLiteral("/lib"),
        QStringLiteral("/lib32"),
        QStringLiteral("/lib64"),
        QStringLiteral("/libx32"),
        // What the dynamic linker, Python, Java, fontconfig (for matplotlib) and TLS read.
        QStringLiteral("/etc/alternatives"),
        QStringLiteral("/etc/ld.so.cache"),
        QStringLiteral("/etc/ld.so.conf"),
        QStringLiteral("/etc/ld.so.conf.d"),
        QStringLiteral("/etc/localtime"),
        QStringLiteral("/etc/timezone"),
        QStringLiteral("/etc/mime.types"),
        QStringLiteral("/etc/nsswitch.conf"),
        QStringLiteral("/etc/protocols"),
        QStringLiteral("/etc/services"),
        QStringLiteral("/etc/os-release"),
        QStringLiteral("/etc/debian_version"),
        QStringLiteral("/etc/python3"),
        QStringLiteral("/etc/python3.11"),
        QStringLiteral("/etc/matplotlibrc"),
        QStringLiteral("/etc/fonts"),
        QStringLiteral("/var/cache/fontconfig"),
        QStringLiteral("/etc/ca-certificates"),
        // The public certificates only: /etc/ssl/private holds the machine's TLS keys.
        QStringLiteral("/etc/ssl/certs"),
        QStringLiteral("/etc/ssl/openssl.cnf"),
        QStringLiteral("/etc/java-17-openjdk"),
        QStringLiteral("/etc/gcc"),
        QStringLiteral("/etc/perl"),
    };
}

} // namespace Sandpit::Core
