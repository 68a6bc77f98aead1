#pragma once
// A temporary wheelhouse and environment cache for the packages tests: the test package's
// wheel (and the setup bomb's sdist) built by tests/fixtures/packages/make_wheel.py with the
// system's Python, by hand per the wheel spec, so nothing needs the network.

#include "support/runharness.h"

#include <QProcess>
#include <QTemporaryDir>

namespace SandpitTest {

class Wheelhouse
{
public:
    // Under /var/tmp, not /tmp: the helper's staged root covers the host's /tmp, so nothing
    // under it can be shown in a sandbox (PackagePlan::make refuses such a folder).
    Wheelhouse()
        : m_dir(QStringLiteral("/var/tmp/sandpit-wheelhouse-XXXXXX"))
    {
        // World-readable: the sandbox shows the wheelhouse to a user namespace's learner.
        QFile::setPermissions(m_dir.path(), QFile::permissions(m_dir.path()) | QFile::ReadOther | QFile::ExeOther);
    }

    QString folder() const { return m_dir.filePath(QStringLiteral("wheelhouse")); }
    QString envs() const { return m_dir.filePath(QStringLiteral("envs")); }

    /// Builds one package into the wheelhouse: "wheel" of a folder under packages/src, or
    /// "sdist" of a setup.py under packages/. False (with pip's words logged) if it failed.
    bool add(const QString &kind, const QString &source, const QString &name) const
    {
        const QString packages = fixturesDir() + QStringLiteral("/packages/");
        QProcess maker;
        maker.setProcessChannelMode(QProcess::MergedChannels);
        maker.start(QStringLiteral("/usr/bin/python3"),
                    {packages + QStringLiteral("make_wheel.py"), kind, packages + source, name, QStringLiteral("1.0"),
                     folder()});
        const bool ok
            = maker.waitForFinished(60000) && maker.exitStatus() == QProcess::NormalExit && maker.exitCode() == 0;
        if (!ok)
            qWarning("make_wheel.py failed: %s", maker.readAll().constData());
        return ok;
    }
    bool addFixturePackage() const
    {
        return add(QStringLiteral("wheel"), QStringLiteral("src/sandpit_fixture_pkg"),
                   QStringLiteral("sandpit-fixture-pkg"));
    }

    /// `request` installing from this wheelhouse into this cache.
    RunRequest use(RunRequest request) const
    {
        request.packages.wheelhouse = folder();
        request.packages.envs = envs();
        return request;
    }

    /// The environments in the cache, by hash (the temporary folders of a build are hidden).
    QStringList environments() const { return QDir(envs()).entryList(QDir::Dirs | QDir::NoDotAndDotDot); }

private:
    QTemporaryDir m_dir;
};

} // namespace SandpitTest
