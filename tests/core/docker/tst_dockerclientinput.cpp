// DockerClient's streamed request body as an exec's stdin (POST /exec/{id}/start hijacked), its
// end half-closing the connection (StreamHandlers::halfCloseAtEnd), on this computer's daemon
// (a unix socket) and on the TLS engine of scripts/start-tls-dockerd.sh: the command reads its
// input to the end-of-file, and its output after that still arrives.
#include "docker/dockerclient.h"
#include "docker/dockerstream.h"

#include "../../support/tlsengine.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
const QString kImage = QStringLiteral("sandpit-offline/bash:5");

/// What a command printed on stdout and stderr, and how it ended.
struct Ran {
    QByteArray out;
    QByteArray err;
    int exitCode = -1;
    QString problem; ///< set when the daemon could not run it
};

// Printed after the command: the daemon keeps the hijacked stream open after the command ends
// (DockerExec asks the exec's state instead), so the test stops reading at this line.
constexpr QByteArrayView kEndLine = "[ended]\n";

/// `script` run by sh with `input` on its stdin, half-closed after it.
Ran execWithInput(const DockerClient &client, const QString &container, const QString &script, const QByteArray &input)
{
    Ran ran;
    const QJsonArray command{QStringLiteral("sh"), QStringLiteral("-c"),
                             script + QStringLiteral("; s=$?; echo '[ended]'; exit $s")};
    const QJsonObject body{{QStringLiteral("AttachStdin"), true},
                           {QStringLiteral("AttachStdout"), true},
                           {QStringLiteral("AttachStderr"), true},
                           {QStringLiteral("Cmd"), command}};
    auto created = client.call("POST", QStringLiteral("/containers/%1/exec").arg(container),
                               QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (!created || !created->ok()) {
        ran.problem = created ? created->message() : created.error().message;
        return ran;
    }
    const QString id = created->object().value(QLatin1String("Id")).toString();
    DockerStreamDemuxer demuxer;
    std::atomic_bool abort{false};
    bool given = false;
    DockerClient::StreamHandlers handlers;
    handlers.leadingBody = QByteArrayLiteral(R"({"Detach":false,"Tty":false})");
    handlers.abort = &abort;
    handlers.halfCloseAtEnd = true;
    handlers.takeInput = [&](bool &ended) {
        ended = true;
        return std::exchange(given, true) ? QByteArray() : input;
    };
    handlers.onData = [&](QByteArrayView bytes) {
        for (const DockerStreamDemuxer::Piece &piece : demuxer.feed(bytes))
            (piece.stream == DockerStreamDemuxer::Stream::Stderr ? ran.err : ran.out) += piece.data;
        return !ran.out.endsWith(kEndLine);
    };
    auto streamed = client.stream("POST", QStringLiteral("/exec/%1/start").arg(id), handlers);
    if (!streamed || !streamed->ok()) {
        ran.problem = streamed ? streamed->message() : streamed.error().message;
        return ran;
    }
    ran.out.chop(kEndLine.size());
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        auto state = client.call("GET", QStringLiteral("/exec/%1/json").arg(id));
        if (state && state->ok() && !state->object().value(QLatin1String("Running")).toBool()) {
            ran.exitCode = state->object().value(QLatin1String("ExitCode")).toInt();
            break;
        }
    }
    return ran;
}
} // namespace

class TestDockerClientInput : public QObject
{
    Q_OBJECT

private:
    std::optional<DockerClient> m_client;
    QString m_container;

private Q_SLOTS:
    void init()
    {
        const QString engine = QString::fromLatin1(QTest::currentDataTag());
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        if (engine == QLatin1String("tls")) {
            const auto tls = tlsEngineEnvironment();
            QVERIFY2(tls,
                     qPrintable(QStringLiteral("No TLS engine: %1 is missing. Start it with sudo "
                                               "scripts/start-tls-dockerd.sh.")
                                    .arg(tlsEngineEnvFile())));
            environment = *tls;
        } else {
            environment.remove(QStringLiteral("DOCKER_HOST"));
        }
        auto endpoint = DockerEndpoint::fromDockerHost(environment.value(QStringLiteral("DOCKER_HOST")), environment);
        QVERIFY2(endpoint, qPrintable(endpoint ? QString() : endpoint.error().message));
        auto client = DockerClient::connect(*endpoint);
        QVERIFY2(client, qPrintable(client ? QString() : client.error().message));
        m_client.emplace(*client);
        const QJsonObject body{
            {QStringLiteral("Image"), kImage},
            {QStringLiteral("Cmd"), QJsonArray{QStringLiteral("sleep"), QStringLiteral("600")}},
            {QStringLiteral("HostConfig"), QJsonObject{{QStringLiteral("NetworkMode"), QStringLiteral("none")}}}};
        auto created = m_client->call("POST", QStringLiteral("/containers/create"),
                                      QJsonDocument(body).toJson(QJsonDocument::Compact));
        QVERIFY2(created && created->ok(), created ? created->body.constData() : "no daemon");
        m_container = created->object().value(QLatin1String("Id")).toString();
        auto started = m_client->call("POST", QStringLiteral("/containers/%1/start").arg(m_container));
        QVERIFY2(started && started->ok(), started ? started->body.constData() : "no daemon");
    }

    void cleanup()
    {
        if (m_client && !m_container.isEmpty())
            m_client->call("DELETE", QStringLiteral("/containers/%1?force=1").arg(m_container));
        m_container.clear();
        m_client.reset();
    }

    void pipedInputReachesItsEnd_data()
    {
        // init() makes the container on the engine the row names.
        QTest::addColumn<bool>("unused");
        QTest::newRow("socket") << false;
        QTest::newRow("tls") << true;
    }

    void pipedInputReachesItsEnd()
    {
        // cat ends only at end-of-file; what it prints after is still read.
        const Ran cat = execWithInput(*m_client, m_container, QStringLiteral("cat; echo end"), "a\nb\n");
        QVERIFY2(cat.problem.isEmpty(), qPrintable(cat.problem));
        QCOMPARE(cat.out, QByteArray("a\nb\nend\n"));
        QCOMPARE(cat.exitCode, 0);

        QByteArray large(3 * 1024 * 1024 + 7, '\0');
        for (qsizetype i = 0; i < large.size(); ++i)
            large[i] = char((i * 7919) % 251);
        const Ran counted = execWithInput(*m_client, m_container, QStringLiteral("wc -c"), large);
        QVERIFY2(counted.problem.isEmpty(), qPrintable(counted.problem));
        QCOMPARE(counted.out.trimmed(), QByteArray::number(large.size()));

        const QByteArray binary("a\0b\0\xff\x01"
                                "end\0",
                                10);
        const Ran echoed = execWithInput(*m_client, m_container, QStringLiteral("cat"), binary);
        QCOMPARE(echoed.out, binary);

        const Ran empty = execWithInput(*m_client, m_container, QStringLiteral("cat"), QByteArray());
        QCOMPARE(empty.out, QByteArray());
        QCOMPARE(empty.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestDockerClientInput)
#include "tst_dockerclientinput.moc"
