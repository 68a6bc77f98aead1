// What `sandpit doctor` tells a user whose kernel refused the sandbox's user namespace: the fix
// must be the one that works on that computer (an AppArmor profile on Ubuntu 23.10 and later,
// a sysctl on older Debian kernels or where namespaces are capped at zero, running on the host
// inside a container), and what the run saw from inside decides each protection.
#include "local/sandboxcheck.h"

#include <QTest>

using namespace Sandpit::Core;

namespace {

// What the probe's shell prints on a host that gave it no namespace at all: this computer's
// identity map, its network devices, its root file system.
const QByteArray kHostView = "Name:\tcat\nNoNewPrivs:\t1\nSeccomp:\t0\nCapEff:\t0000000000000000\n"
                             "CapPrm:\t0000000000000000\nNSpid:\t4242\n"
                             "@@ uid_map\n         0          0 4294967295\n"
                             "@@ net\nInter-|   Receive\n face |bytes\n    lo: 0 0\n  eth0: 1 2\n"
                             "@@ mounts\n22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
                             "@@ init\nsystemd\n";

// The same inside a full sandbox: its own user, one PID level under Sandpit's init, only
// loopback, the helper's tmpfs as the root, the filter loaded.
const QByteArray kSandboxView = "Name:\tcat\nNoNewPrivs:\t1\nSeccomp:\t2\nCapEff:\t0000000000000000\n"
                                "CapPrm:\t0000000000000000\nNSpid:\t3\n"
                                "@@ uid_map\n      1000       1000          1\n"
                                "@@ net\nInter-|   Receive\n face |bytes\n    lo: 0 0\n"
                                "@@ mounts\n500 480 0:60 / / ro,nosuid,nodev - tmpfs tmpfs ro\n"
                                "@@ init\nsandpit-helper\n";

RunResult ranAt(IsolationReport::Level level)
{
    RunResult result;
    result.isolation.level = level;
    return result;
}

Protection find(const LocalSandboxCheck &check, const QString &name)
{
    for (const Protection &p : check.protections) {
        if (p.name == name)
            return p;
    }
    return {};
}

} // namespace

class TestSandboxCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusedNamespaceGetsThisComputersFix_data()
    {
        QTest::addColumn<QString>("appArmor");
        QTest::addColumn<QString>("clone");
        QTest::addColumn<QString>("maxNamespaces");
        QTest::addColumn<QString>("fix");
        QTest::addColumn<bool>("appArmorInTheWay");
        QTest::newRow("Ubuntu's AppArmor restriction")
            << "1" << QString() << "63000"
            << "sudo apparmor_parser -r /etc/apparmor.d/sandpit-helper" << true;
        QTest::newRow("older Debian kernel") << QString() << "0"
                                             << "63000"
                                             << "sudo sysctl -w kernel.unprivileged_userns_clone=1" << false;
        QTest::newRow("namespaces capped at zero") << "0"
                                                   << "1"
                                                   << "0"
                                                   << "sudo sysctl -w user.max_user_namespaces=15000" << false;
        QTest::newRow("inside a container") << QString() << QString() << "63000"
                                            << "run it on the host" << false;
    }
    void refusedNamespaceGetsThisComputersFix()
    {
        QFETCH(QString, appArmor);
        QFETCH(QString, clone);
        QFETCH(QString, maxNamespaces);
        QFETCH(QString, fix);
        QFETCH(bool, appArmorInTheWay);
        const LocalSandboxCheck check
            = readSandboxCheck(ranAt(IsolationReport::Level::None), kHostView, {appArmor, clone, maxNamespaces});
        for (const char *name : {"user-namespace", "pid-namespace", "mount-namespace", "network-namespace"}) {
            const Protection p = find(check, QLatin1String(name));
            QVERIFY2(!p.present, name);
            QVERIFY2(p.fix.contains(fix, Qt::CaseInsensitive), qPrintable(p.fix));
        }
        QVERIFY(find(check, QStringLiteral("network-namespace")).detail.contains(QLatin1String("eth0")));
        QCOMPARE(find(check, QStringLiteral("apparmor-userns")).present, !appArmorInTheWay);
        QVERIFY(find(check, QStringLiteral("no-new-privs")).present);
        QVERIFY(find(check, QStringLiteral("capabilities-dropped")).present);
    }

    void fullSandboxHasEveryProtection()
    {
        RunResult result = ranAt(IsolationReport::Level::Full);
        result.isolation.cgroupKind = QStringLiteral("v2, delegated");
        result.isolation.cgroupControllers = {QStringLiteral("memory"), QStringLiteral("pids")};
        const LocalSandboxCheck check = readSandboxCheck(result, kSandboxView, {QStringLiteral("1"), {}, {}});
        QCOMPARE(check.level, IsolationReport::Level::Full);
        for (const Protection &p : check.protections) {
            QVERIFY2(p.present, qPrintable(p.name));
            QVERIFY(p.fix.isEmpty());
        }
        QVERIFY(find(check, QStringLiteral("memory-limit")).detail.contains(QLatin1String("cgroup v2, delegated")));
        QVERIFY(find(check, QStringLiteral("apparmor-userns")).detail.contains(QLatin1String("profile allows")));
    }

    // A filter seen below full isolation is the container's, not Sandpit's.
    void aHostsOwnFilterIsNotSandpits()
    {
        QByteArray view = kHostView;
        view.replace("Seccomp:\t0", "Seccomp:\t2");
        const LocalSandboxCheck check = readSandboxCheck(ranAt(IsolationReport::Level::None), view, {});
        QVERIFY(!find(check, QStringLiteral("seccomp-filter")).present);
    }

    void memoryWithoutACgroupSaysWhy()
    {
        RunResult result = ranAt(IsolationReport::Level::Full);
        result.isolation.cgroupMissing = QStringLiteral("cgroups need root or a delegated subtree");
        const LocalSandboxCheck check = readSandboxCheck(result, kSandboxView, {});
        const Protection memory = find(check, QStringLiteral("memory-limit"));
        QVERIFY(memory.present);
        QVERIFY2(memory.detail.contains(QLatin1String("no cgroup: cgroups need root")), qPrintable(memory.detail));
    }
};

QTEST_GUILESS_MAIN(TestSandboxCheck)
#include "tst_sandboxcheck.moc"
