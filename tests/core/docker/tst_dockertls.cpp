// DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_TLS and DOCKER_CERT_PATH read as the Docker CLI reads
// them, and every certificate missing or unusable named before anything is sent.

#include "docker/dockerclient.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {
void write(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write("-----BEGIN CERTIFICATE-----\n") < 0)
        qFatal("cannot write %s", qPrintable(path));
}

QProcessEnvironment environmentWith(std::initializer_list<std::pair<const char *, QString>> variables)
{
    QProcessEnvironment environment;
    for (const auto &[name, value] : variables)
        environment.insert(QString::fromLatin1(name), value);
    return environment;
}
} // namespace

class TestDockerTls : public QObject
{
    Q_OBJECT

    QTemporaryDir m_certs;

private Q_SLOTS:
    void initTestCase()
    {
        for (const char *name : {"ca.pem", "cert.pem", "key.pem"})
            write(m_certs.filePath(QString::fromLatin1(name)));
    }

    void plainTcpUsesHttpAndPort2375()
    {
        auto endpoint = DockerEndpoint::fromDockerHost(QStringLiteral("tcp://build.school.example"), {});
        QVERIFY(endpoint);
        QVERIFY(!endpoint->tls.enabled);
        QCOMPARE(endpoint->baseUrl, QStringLiteral("http://build.school.example:2375"));
        QCOMPARE(endpoint->description, QStringLiteral("tcp://build.school.example:2375"));
    }

    void tlsVerifyUsesHttpsPort2376AndTheCertificateFolder_data()
    {
        QTest::addColumn<QString>("verify");
        QTest::newRow("1") << QStringLiteral("1");
        // The CLI tests for a value, not its meaning: "0" turns verification on too.
        QTest::newRow("0, as the CLI reads it") << QStringLiteral("0");
    }
    void tlsVerifyUsesHttpsPort2376AndTheCertificateFolder()
    {
        QFETCH(QString, verify);
        auto endpoint = DockerEndpoint::fromDockerHost(
            QStringLiteral("tcp://10.0.0.5/"),
            environmentWith({{"DOCKER_TLS_VERIFY", verify}, {"DOCKER_CERT_PATH", m_certs.path()}}));
        QVERIFY2(endpoint, endpoint ? "" : qPrintable(endpoint.error().message));
        QVERIFY(endpoint->tls.enabled);
        QVERIFY(endpoint->tls.verifyPeer);
        QCOMPARE(endpoint->baseUrl, QStringLiteral("https://10.0.0.5:2376"));
        QCOMPARE(endpoint->tls.caFile, m_certs.filePath(QStringLiteral("ca.pem")));
        QCOMPARE(endpoint->tls.certFile, m_certs.filePath(QStringLiteral("cert.pem")));
        QCOMPARE(endpoint->tls.keyFile, m_certs.filePath(QStringLiteral("key.pem")));
    }

    void theCertificateFolderDefaultsToDotDocker()
    {
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkdir(QStringLiteral(".docker")));
        for (const char *name : {"ca.pem", "cert.pem", "key.pem"})
            write(home.filePath(QStringLiteral(".docker/") + QString::fromLatin1(name)));
        auto endpoint = DockerEndpoint::fromDockerHost(
            QStringLiteral("tcp://10.0.0.5:2376"),
            environmentWith({{"DOCKER_TLS_VERIFY", QStringLiteral("1")}, {"HOME", home.path()}}));
        QVERIFY2(endpoint, endpoint ? "" : qPrintable(endpoint.error().message));
        QCOMPARE(endpoint->tls.caFile, home.filePath(QStringLiteral(".docker/ca.pem")));
    }

    void dockerTlsAloneEncryptsWithoutCheckingTheDaemon()
    {
        QTemporaryDir empty;
        auto endpoint = DockerEndpoint::fromDockerHost(
            QStringLiteral("tcp://10.0.0.5"),
            environmentWith({{"DOCKER_TLS", QStringLiteral("1")}, {"DOCKER_CERT_PATH", empty.path()}}));
        QVERIFY2(endpoint, endpoint ? "" : qPrintable(endpoint.error().message));
        QVERIFY(endpoint->tls.enabled);
        QVERIFY(!endpoint->tls.verifyPeer);
        QVERIFY(endpoint->tls.certFile.isEmpty());
        QCOMPARE(endpoint->baseUrl, QStringLiteral("https://10.0.0.5:2376"));
    }

    void aMissingOrUnreadableCertificateIsNamed_data()
    {
        QTest::addColumn<QString>("broken");
        QTest::addColumn<bool>("asFolder");
        QTest::addColumn<QString>("why");
        QTest::newRow("no ca.pem") << QStringLiteral("ca.pem") << false << QStringLiteral("does not exist");
        QTest::newRow("no key.pem") << QStringLiteral("key.pem") << false << QStringLiteral("does not exist");
        // A folder where the file should be cannot be read, even by root.
        QTest::newRow("cert.pem unreadable") << QStringLiteral("cert.pem") << true << QStringLiteral("cannot be read");
    }
    void aMissingOrUnreadableCertificateIsNamed()
    {
        QFETCH(QString, broken);
        QFETCH(bool, asFolder);
        QFETCH(QString, why);
        QTemporaryDir certs;
        for (const char *name : {"ca.pem", "cert.pem", "key.pem"}) {
            const QString file = QString::fromLatin1(name);
            if (file != broken)
                write(certs.filePath(file));
            else if (asFolder)
                QVERIFY(QDir(certs.path()).mkdir(file));
        }
        auto endpoint = DockerEndpoint::fromDockerHost(
            QStringLiteral("tcp://10.0.0.5:2376"),
            environmentWith({{"DOCKER_TLS_VERIFY", QStringLiteral("1")}, {"DOCKER_CERT_PATH", certs.path()}}));
        QVERIFY(!endpoint);
        QCOMPARE(endpoint.error().code, RunError::Code::BackendUnavailable);
        QCOMPARE(endpoint.error().message,
                 QStringLiteral("Docker over TLS needs its certificates, but %1 %2. Put ca.pem, cert.pem and key.pem "
                                "for this engine in %3, or point DOCKER_CERT_PATH at the folder that has them.")
                     .arg(certs.filePath(broken), why, certs.path()));
    }

    void aUnixSocketIgnoresTheTlsVariables()
    {
        auto endpoint = DockerEndpoint::fromDockerHost(QStringLiteral("unix:///run/docker.sock"),
                                                       environmentWith({{"DOCKER_TLS_VERIFY", QStringLiteral("1")}}));
        QVERIFY(endpoint);
        QVERIFY(!endpoint->tls.enabled);
        QCOMPARE(endpoint->baseUrl, QStringLiteral("http://localhost"));
    }

    void sshIsSaidToBeUnsupported()
    {
        auto endpoint = DockerEndpoint::fromDockerHost(QStringLiteral("ssh://me@build.school.example"), {});
        QVERIFY(!endpoint);
        QVERIFY2(endpoint.error().message.startsWith(QStringLiteral(
                     "DOCKER_HOST is \"ssh://me@build.school.example\", but Sandpit does not support ssh:// engines.")),
                 qPrintable(endpoint.error().message));
    }
};

QTEST_GUILESS_MAIN(TestDockerTls)
#include "tst_dockertls.moc"
