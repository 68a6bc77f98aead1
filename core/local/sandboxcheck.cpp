#include "local/sandboxcheck.h"

#include <QFile>
#include <QHash>
#include <QSet>

namespace Sandpit::Core {

namespace {

using Level = IsolationReport::Level;

// The probe program prints /proc/self/status first, then each further file after a line
// "@@ NAME" (see IsolationProbe).
QHash<QString, QString> sections(const QByteArray &inside)
{
    QHash<QString, QString> out;
    QString name = QStringLiteral("status");
    for (const QString &line : QString::fromUtf8(inside).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("@@ ")))
            name = line.mid(3).trimmed();
        else
            out[name] += line + QLatin1Char('\n');
    }
    return out;
}

QString statusField(const QString &status, const QString &key)
{
    for (const QString &line : status.split(QLatin1Char('\n'))) {
        if (line.startsWith(key + QLatin1Char(':')))
            return line.mid(key.size() + 1).trimmed();
    }
    return {};
}

// What the program saw from inside, each fact read the way the kernel shows it.
struct InsideView {
    bool userNamespace = false; // uid_map is not the host's identity map
    bool pidNamespace = false;  // more than one pid level, or Sandpit's init is PID 1
    bool privateRoot = false;   // "/" is the helper's own tmpfs, not this computer's root
    QStringList interfaces;     // network devices the program can see
    bool seccomp = false;       // Seccomp: 2, a filter
    bool noNewPrivs = false;
    QString capEff;
    QString capPrm;
};

QString rootFileSystem(const QString &mountinfo)
{
    QString type;
    for (const QString &line : mountinfo.split(QLatin1Char('\n'))) {
        const QStringList fields = line.split(QLatin1Char(' '));
        const qsizetype dash = fields.indexOf(QStringLiteral("-"));
        if (fields.size() > 4 && fields.at(4) == QLatin1String("/") && dash > 0 && dash + 1 < fields.size())
            type = fields.at(dash + 1); // the last mount over "/" is the one in force
    }
    return type;
}

InsideView readInside(const QByteArray &inside)
{
    const auto s = sections(inside);
    const QString status = s.value(QStringLiteral("status"));
    InsideView v;
    const QStringList map = s.value(QStringLiteral("uid_map")).simplified().split(QLatin1Char(' '));
    v.userNamespace
        = map.size() >= 3 && map != QStringList{QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("4294967295")};
    v.pidNamespace
        = statusField(status, QStringLiteral("NSpid")).split(QLatin1Char('\t'), Qt::SkipEmptyParts).size() > 1
        || s.value(QStringLiteral("init")).trimmed() == QLatin1String("sandpit-helper");
    v.privateRoot = rootFileSystem(s.value(QStringLiteral("mounts"))) == QLatin1String("tmpfs");
    const QStringList net = s.value(QStringLiteral("net")).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : net.mid(2))
        v.interfaces << line.section(QLatin1Char(':'), 0, 0).trimmed();
    v.seccomp = statusField(status, QStringLiteral("Seccomp")) == QLatin1String("2");
    v.noNewPrivs = statusField(status, QStringLiteral("NoNewPrivs")) == QLatin1String("1");
    v.capEff = statusField(status, QStringLiteral("CapEff"));
    v.capPrm = statusField(status, QStringLiteral("CapPrm"));
    return v;
}

QString readSysctl(const char *path)
{
    QFile file(QString::fromLatin1(path));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed() : QString();
}

// The one true fix for a refused user namespace on this computer.
QString namespaceFix(const UsernsPolicy &policy)
{
    if (policy.appArmorRestrict == QLatin1String("1")) {
        // The package writes the profile's userns rule only where its AppArmor parser knows the
        // rule; after an upgrade to AppArmor 4 the file still says it does not, and reloading
        // the profile alone changes nothing.
        QFile rule(QStringLiteral("/var/lib/sandpit/apparmor/userns"));
        if (rule.open(QIODevice::ReadOnly) && !rule.readAll().contains("\nuserns,")) {
            return QStringLiteral("AppArmor restricts user namespaces here, and Sandpit's profile was written for an "
                                  "AppArmor without the userns rule (AppArmor was upgraded since): run "
                                  "`sudo dpkg-reconfigure sandpit` to write the rule and load the profile again.");
        }
        return QStringLiteral("AppArmor restricts user namespaces here: load Sandpit's profile with "
                              "`sudo apparmor_parser -r /etc/apparmor.d/sandpit-helper` (the Debian package installs "
                              "it); for a build outside the package, `sudo sysctl -w "
                              "kernel.apparmor_restrict_unprivileged_userns=0`.");
    }
    if (policy.unprivilegedClone == QLatin1String("0"))
        return QStringLiteral("`sudo sysctl -w kernel.unprivileged_userns_clone=1`.");
    if (policy.maxUserNamespaces == QLatin1String("0"))
        return QStringLiteral("`sudo sysctl -w user.max_user_namespaces=15000`.");
    return QStringLiteral("This computer allows user namespaces, yet the kernel refused one: Sandpit seems to run "
                          "inside a container. Run it on the host, or use the Docker backend.");
}

// Why a namespace that needs full isolation is missing although the user namespace is there.
QString fullIsolationFix(const QStringList &refusals)
{
    if (refusals.join(QLatin1Char(' ')).contains(QLatin1String("/proc is masked"))) {
        return QStringLiteral("/proc is masked as container runtimes mask it: run Sandpit on the host rather than "
                              "inside a container, or use the Docker backend.");
    }
    return QStringLiteral("Check that no security module (AppArmor, SELinux) forbids mounts in user namespaces, "
                          "or use the Docker backend.");
}

} // namespace

UsernsPolicy UsernsPolicy::read()
{
    return {readSysctl("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"),
            readSysctl("/proc/sys/kernel/unprivileged_userns_clone"), readSysctl("/proc/sys/user/max_user_namespaces")};
}

namespace {

Protection make(const char *name, const char *label, bool present, const QString &detail, const QString &fix)
{
    return {QString::fromLatin1(name), QString::fromLatin1(label), present, detail, present ? QString() : fix};
}

QList<Protection> namespaces(const InsideView &v, const QString &userFix, const QString &fullFix)
{
    // Without a user namespace nothing below it can be made: its fix is theirs too.
    const QString needsFull = v.userNamespace ? fullFix : userFix;
    const bool onlyLoopback = v.interfaces == QStringList{QStringLiteral("lo")};
    return {
        make("user-namespace", "User namespace", v.userNamespace,
             v.userNamespace ? QStringLiteral("the run has its own user namespace")
                             : QStringLiteral("the kernel refused one; the run had this computer's users"),
             userFix),
        make("pid-namespace", "PID namespace", v.pidNamespace,
             v.pidNamespace ? QStringLiteral("its own processes under Sandpit's init")
                            : QStringLiteral("it sees and may signal your other programs"),
             userFix),
        make("mount-namespace", "Private file system", v.privateRoot,
             v.privateRoot ? QStringLiteral("read-only system folders and its own workspace only")
                           : QStringLiteral("it can read and write what your user can"),
             needsFull),
        make("network-namespace", "Network namespace", onlyLoopback,
             onlyLoopback
                 ? QStringLiteral("no network, only its own loopback device")
                 : QStringLiteral("it can reach the network (%1)").arg(v.interfaces.join(QStringLiteral(", "))),
             needsFull),
        make("seccomp-filter", "Seccomp filter", v.seccomp,
             v.seccomp ? QStringLiteral("an allow-list of system calls")
                       : QStringLiteral("Sandpit's filter comes only with full isolation"),
             needsFull),
    };
}

QList<Protection> privileges(const InsideView &v)
{
    const QString report = QStringLiteral("this is a bug in Sandpit: please report it.");
    const bool dropped
        = !v.capEff.isEmpty() && v.capEff.toULongLong(nullptr, 16) == 0 && v.capPrm.toULongLong(nullptr, 16) == 0;
    return {
        make("no-new-privs", "No new privileges", v.noNewPrivs,
             v.noNewPrivs ? QStringLiteral("setuid programs cannot raise privileges")
                          : QStringLiteral("no_new_privs was not set"),
             report),
        make("capabilities-dropped", "Capabilities dropped", dropped,
             dropped ? QStringLiteral("none left") : QStringLiteral("effective capabilities %1").arg(v.capEff), report),
    };
}

QList<Protection> limits(const IsolationReport &isolation, Level level, const QString &userFix)
{
    const QStringList &held = isolation.cgroupControllers;
    const QString cgroup = QStringLiteral("cgroup ") + isolation.cgroupKind;
    const bool memoryCgroup = held.contains(QLatin1String("memory"));
    // The helper's reason names the fix: root, or a subtree delegated as systemd delegates one.
    const QString memory = memoryCgroup ? QStringLiteral("enforced by the kernel (%1)").arg(cgroup)
        : level == Level::None          ? QStringLiteral("RLIMIT_DATA per process only")
                               : QStringLiteral("Sandpit's 20 ms watch, RLIMIT_DATA as a backstop; no cgroup: %1")
                                     .arg(isolation.cgroupMissing);
    const bool pidsCgroup = held.contains(QLatin1String("pids"));
    return {
        make("memory-limit", "Memory limit", memoryCgroup || level != Level::None, memory, userFix),
        make("process-limit", "Process limit", true,
             pidsCgroup ? QStringLiteral("pids %1 and init's watch").arg(cgroup)
                        : QStringLiteral("RLIMIT_NPROC and init's watch"),
             {}),
    };
}

Protection appArmor(const UsernsPolicy &policy, bool userNamespace, const QString &userFix)
{
    const QString restrict = policy.appArmorRestrict;
    const bool inTheWay = restrict == QLatin1String("1") && !userNamespace;
    const QString detail = restrict.isEmpty() ? QStringLiteral("no such restriction in this kernel")
        : restrict != QLatin1String("1")      ? QStringLiteral("restriction off")
        : inTheWay                            ? QStringLiteral("on: it refuses the helper a user namespace")
                                              : QStringLiteral("on, and the helper's profile allows it");
    return make("apparmor-userns", "AppArmor allows userns", !inTheWay, detail, userFix);
}

} // namespace

LocalSandboxCheck readSandboxCheck(const RunResult &result, const QByteArray &inside, const UsernsPolicy &policy)
{
    LocalSandboxCheck check;
    check.level = result.isolation.level;
    for (const QString &line : result.isolation.details) {
        if (line.contains(QLatin1String(" was refused: ")))
            check.refusals << line;
    }
    InsideView view = readInside(inside);
    // The helper loads its filter only at full isolation; a filter seen below that is the
    // host's own (a container's), which Sandpit did not choose.
    view.seccomp = view.seccomp && check.level == Level::Full;
    const QString userFix = namespaceFix(policy);
    check.protections << namespaces(view, userFix, fullIsolationFix(check.refusals)) << privileges(view)
                      << limits(result.isolation, check.level, userFix)
                      << appArmor(policy, view.userNamespace, userFix);
    return check;
}

} // namespace Sandpit::Core
