// The Docker isolation report, read from the create body: `full` only while no known gap
// holds, and every gap named.
#include "dockercontainer.h"
#include "dockerisolation.h"

#include <QJsonArray>
#include <QTest>

using namespace Sandpit::Core;

namespace {
const QString kFilter = QStringLiteral("/usr/libexec/sandpit/sandpit-seccomp");

DockerContainerKey key(const QString &filter = kFilter)
{
    return DockerContainerKey::from(QStringLiteral("sandpit-offline/python:3.11"), Limits{}, filter);
}

QString details(const IsolationReport &report)
{
    return report.details.join(QLatin1Char(' '));
}

QJsonObject withHost(QJsonObject body, const QString &name, const QJsonValue &value)
{
    QJsonObject host = body.value(QLatin1String("HostConfig")).toObject();
    if (value.isUndefined())
        host.remove(name);
    else
        host.insert(name, value);
    body.insert(QStringLiteral("HostConfig"), host);
    return body;
}
} // namespace

class TestDockerIsolation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theContainerSandpitMakesIsFull_data()
    {
        QTest::addColumn<bool>("remote");
        QTest::newRow("local engine") << false;
        QTest::newRow("remote engine") << true;
    }
    void theContainerSandpitMakesIsFull()
    {
        QFETCH(bool, remote);
        DockerContainerKey k = key();
        k.remote = remote;
        const QJsonObject body = DockerContainer::createBody(k, QStringLiteral("/tmp/control"), QStringLiteral("/tmp/work"));
        const IsolationReport report = DockerIsolation::report(body, k, Limits{});
        QCOMPARE(report.level, IsolationReport::Level::Full);
        QVERIFY2(details(report).contains(QStringLiteral("/work, /tmp and /dev/shm: each a tmpfs in memory of at most 64 MB "
                                                         "and 8192 files")),
                 qPrintable(details(report)));
        // Nothing of this computer is writable inside.
        for (const QJsonValue &mount : body.value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Mounts")).toArray()) {
            if (mount.toObject().value(QLatin1String("Type")).toString() == QLatin1String("bind"))
                QVERIFY(mount.toObject().value(QLatin1String("ReadOnly")).toBool());
        }
    }

    void aWritableHostFolderIsPartial()
    {
        // What every run had before: the workspace bound from the host, with no size limit.
        const QJsonObject body = withHost(DockerContainer::createBody(key(), QStringLiteral("/tmp/control"), QStringLiteral("/tmp/work")),
                                          QStringLiteral("Mounts"),
                                          QJsonArray{QJsonObject{{QStringLiteral("Type"), QStringLiteral("bind")},
                                                                 {QStringLiteral("Source"), QStringLiteral("/tmp/sandpit-run-x/work")},
                                                                 {QStringLiteral("Target"), QStringLiteral("/work")},
                                                                 {QStringLiteral("ReadOnly"), false}}});
        const IsolationReport report = DockerIsolation::report(body, key(), Limits{});
        QCOMPARE(report.level, IsolationReport::Level::Partial);
        QVERIFY2(details(report).contains(QStringLiteral("Its folder /work was a folder of this computer "
                                                         "(/tmp/sandpit-run-x/work) bound writable, with no size limit")),
                 qPrintable(details(report)));
    }

    void anUnsizedPlaceIsPartial_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unsized /tmp") << QStringLiteral("Tmpfs")
                                      << QJsonValue(QJsonObject{{QStringLiteral("/tmp"), QStringLiteral("rw,nosuid")}})
                                      << QStringLiteral("Its /tmp was a tmpfs with no size limit.");
        QTest::newRow("writable root") << QStringLiteral("ReadonlyRootfs") << QJsonValue(false)
                                       << QStringLiteral("Its root file system was writable");
        QTest::newRow("network") << QStringLiteral("NetworkMode") << QJsonValue(QStringLiteral("bridge"))
                                 << QStringLiteral("It had a network.");
    }
    void anUnsizedPlaceIsPartial()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, reason);
        const QJsonObject body = withHost(DockerContainer::createBody(key(), QStringLiteral("/c"), QStringLiteral("/w")), field, value);
        const IsolationReport report = DockerIsolation::report(body, key(), Limits{});
        QCOMPARE(report.level, IsolationReport::Level::Partial);
        QVERIFY2(details(report).contains(reason), qPrintable(details(report)));
    }
};

QTEST_GUILESS_MAIN(TestDockerIsolation)
#include "tst_dockerisolation.moc"
