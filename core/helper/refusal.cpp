#include "refusal.h"

#include <algorithm>
#include <cstring>

namespace Sandpit::Helper {

namespace {

bool isNamespaceStep(const std::string &step)
{
    return step == "clone" || step == "uid_map" || step == "gid_map" || step == "setgroups";
}

} // namespace

Isolation weakestAllowed(const std::string &allowWeaker)
{
    if (allowWeaker == "none")
        return Isolation::None;
    if (allowWeaker == "partial")
        return Isolation::Processes;
    return Isolation::Full;
}

std::string describeRefusal(const Refusal &r)
{
    const std::string why = std::string(r.step) + ": " + std::strerror(r.error);
    const char *what = r.level == Isolation::Full ? "Full isolation" : "Partial isolation";
    if (r.step == "clone") {
        return std::string(what) + " was refused: the kernel would not create a user namespace (" + why
            + "), so unprivileged user namespaces are turned off or restricted here.";
    }
    if (isNamespaceStep(r.step))
        return std::string(what) + " was refused: the kernel would not map the user namespace's identity (" + why
            + ").";
    if (r.step == "mount-proc") {
        // The kernel refuses a new proc mount where the existing one has paths masked over it
        // (mount_too_revealing): what Docker, Podman and LXC do to their containers' /proc.
        return std::string(what) + " was refused: the kernel would not mount a private /proc (" + why
            + "). /proc is masked here, as container runtimes mask it: Sandpit seems to run inside a container.";
    }
    return std::string(what) + " was refused: the private file system could not be built (" + why + ").";
}

std::string fixFor(const std::vector<Refusal> &refusals)
{
    const auto any = [&](auto predicate) { return std::any_of(refusals.begin(), refusals.end(), predicate); };
    std::string fix;
    if (any([](const Refusal &r) { return isNamespaceStep(r.step); })) {
        fix = "To fix it: on Ubuntu 23.10 and later, load Sandpit's AppArmor profile for sandpit-helper (the Debian "
              "package installs it; from a build, sudo apparmor_parser -r packaging/apparmor/sandpit-helper after "
              "adding the build's helper to it); elsewhere, allow unprivileged user namespaces (sudo sysctl -w "
              "kernel.unprivileged_userns_clone=1 on older Debian kernels, or user.max_user_namespaces above 0); "
              "inside a container, run Sandpit on the host. Or use the Docker backend (Run in: Docker).";
    } else if (any([](const Refusal &r) { return r.step == "mount-proc"; })) {
        fix = "To fix it: run Sandpit on the host rather than inside a container, or use the Docker backend (Run in: "
              "Docker).";
    } else {
        fix = "To fix it: check that nothing (a security module such as AppArmor or SELinux, a container runtime) "
              "forbids mounts in user namespaces, or use the Docker backend (Run in: Docker).";
    }
    return fix
        + " Or allow a weaker sandbox (Settings › Running, or --allow-weaker on the command line), knowing "
          "what the program can then reach.";
}

} // namespace Sandpit::Helper
