#pragma once
// A PEP 503 "simple" package index on the host's 127.0.0.1 for the package index tests:
// tests/fixtures/packages/serve_index.py serving a temporary folder, with a page per package
// linking a wheel that make_wheel.py built, kept here or on another index's server.

#include "support/runharness.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>

namespace SandpitTest {

class PackageIndex
{
public:
    PackageIndex()
    {
        m_server.setProgram(QStringLiteral("/usr/bin/python3"));
        m_server.setArguments({fixturesDir() + QStringLiteral("/packages/serve_index.py"), m_root.path()});
        m_server.start();
        if (!m_server.waitForReadyRead(20000))
            qFatal("serve_index.py did not start: %s", m_server.readAllStandardError().constData());
        m_port = quint16(m_server.readLine().trimmed().toUInt());
    }
    ~PackageIndex()
    {
        m_server.kill();
        m_server.waitForFinished(5000);
    }
    PackageIndex(const PackageIndex &) = delete;
    PackageIndex &operator=(const PackageIndex &) = delete;

    quint16 port() const { return m_port; }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/simple/").arg(m_port); }

    /// The test package's wheel, built into `filesFrom`'s folder, on this index's page for it.
    bool addFixturePackage(const PackageIndex &filesFrom)
    {
        QProcess maker;
        maker.setProcessChannelMode(QProcess::MergedChannels);
        const QString packages = fixturesDir() + QStringLiteral("/packages/");
        maker.start(QStringLiteral("/usr/bin/python3"),
                    {packages + QStringLiteral("make_wheel.py"), QStringLiteral("wheel"),
                     packages + QStringLiteral("src/sandpit_fixture_pkg"), QStringLiteral("sandpit-fixture-pkg"),
                     QStringLiteral("1.0"), filesFrom.m_root.filePath(QStringLiteral("files"))});
        if (!maker.waitForFinished(60000) || maker.exitCode() != 0) {
            qWarning("make_wheel.py failed: %s", maker.readAll().constData());
            return false;
        }
        const QString wheel = QFileInfo(QString::fromUtf8(maker.readAll().trimmed())).fileName();
        const QString page = m_root.filePath(QStringLiteral("simple/sandpit-fixture-pkg"));
        QFile html(page + QStringLiteral("/index.html"));
        if (!QDir().mkpath(page) || !html.open(QIODevice::WriteOnly))
            return false;
        html.write(QStringLiteral("<!DOCTYPE html><html><body><a href=\"http://127.0.0.1:%1/files/%2\">%2</a>"
                                  "</body></html>\n")
                       .arg(filesFrom.port())
                       .arg(wheel)
                       .toUtf8());
        return true;
    }
    bool addFixturePackage() { return addFixturePackage(*this); }

private:
    QTemporaryDir m_root;
    QProcess m_server;
    quint16 m_port = 0;
};

} // namespace SandpitTest
