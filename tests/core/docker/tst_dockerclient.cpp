// The Docker Engine API client against the real daemon, and the stream demultiplexer on
// crafted bytes.
#include "docker/dockerclient.h"
#include "docker/dockerstream.h"

#include <QTest>

using namespace Sandpit::Core;
using Piece = DockerStreamDemuxer::Piece;
using Stream = DockerStreamDemuxer::Stream;

namespace {
QByteArray frame(Stream stream, const QByteArray &payload)
{
    const quint32 n = quint32(payload.size());
    QByteArray header(8, '\0');
    header[0] = char(stream);
    header[4] = char(n >> 24);
    header[5] = char(n >> 16);
    header[6] = char(n >> 8);
    header[7] = char(n);
    return header + payload;
}

/// Feeds `bytes` in the given pieces and returns what each stream received, in order.
QList<Piece> demux(const QByteArray &bytes, const QList<qsizetype> &cuts)
{
    DockerStreamDemuxer demuxer;
    QList<Piece> all;
    qsizetype from = 0;
    for (qsizetype cut : cuts) {
        all += demuxer.feed(QByteArrayView(bytes).sliced(from, cut - from));
        from = cut;
    }
    all += demuxer.feed(QByteArrayView(bytes).sliced(from));
    // Pieces may be split differently by different cuts; merge neighbours of one stream.
    QList<Piece> merged;
    for (const Piece &p : all) {
        if (!merged.isEmpty() && merged.last().stream == p.stream)
            merged.last().data += p.data;
        else
            merged.append(p);
    }
    return merged;
}
} // namespace

class TestDockerClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void negotiatesTheApiVersion()
    {
        auto endpoint = DockerEndpoint::fromDockerHost(QString());
        QVERIFY(endpoint);
        QCOMPARE(endpoint->unixSocket, QStringLiteral("/var/run/docker.sock"));
        auto client = DockerClient::connect(*endpoint);
        QVERIFY2(client, client ? "" : qPrintable(client.error().message));
        const QStringList parts = client->apiVersion().split(QLatin1Char('.'));
        QCOMPARE(parts.size(), 2);
        QVERIFY(parts.at(1).toInt() >= DockerClient::kMinApiMinor);
        QVERIFY(parts.at(1).toInt() <= DockerClient::kMaxApiMinor);
        auto ping = client->call("GET", QStringLiteral("/_ping"));
        QVERIFY(ping);
        QCOMPARE(ping->status, 200L);
        QCOMPARE(ping->body, QByteArray("OK"));
        auto missing = client->call("GET", QStringLiteral("/containers/sandpit-no-such-container/json"));
        QVERIFY(missing);
        QCOMPARE(missing->status, 404L);
        QVERIFY(missing->message().contains(QStringLiteral("sandpit-no-such-container")));
    }

    void readsDockerHost()
    {
        auto socket = DockerEndpoint::fromDockerHost(QStringLiteral("unix:///run/user/1000/docker.sock"));
        QVERIFY(socket);
        QCOMPARE(socket->unixSocket, QStringLiteral("/run/user/1000/docker.sock"));
        auto tcp = DockerEndpoint::fromDockerHost(QStringLiteral("tcp://10.0.0.5:2375"));
        QVERIFY(tcp);
        QVERIFY(tcp->unixSocket.isEmpty());
        QCOMPARE(tcp->baseUrl, QStringLiteral("http://10.0.0.5:2375"));
        auto ssh = DockerEndpoint::fromDockerHost(QStringLiteral("ssh://me@host"));
        QVERIFY(!ssh);
        QVERIFY(ssh.error().message.contains(QStringLiteral("ssh://me@host")));
    }

    void aDeadDaemonIsAClearError_data()
    {
        QTest::addColumn<QString>("dockerHost");
        QTest::addColumn<QString>("shown");
        QTest::newRow("missing socket") << QStringLiteral("unix:///nonexistent.sock")
                                        << QStringLiteral("/nonexistent.sock");
        QTest::newRow("closed port") << QStringLiteral("tcp://127.0.0.1:1") << QStringLiteral("tcp://127.0.0.1:1");
    }
    void aDeadDaemonIsAClearError()
    {
        QFETCH(QString, dockerHost);
        QFETCH(QString, shown);
        auto endpoint = DockerEndpoint::fromDockerHost(dockerHost);
        QVERIFY(endpoint);
        auto client = DockerClient::connect(*endpoint);
        QVERIFY(!client);
        QCOMPARE(client.error().code, RunError::Code::BackendUnavailable);
        QVERIFY2(client.error().message.startsWith(
                     QStringLiteral("Docker is not running (could not connect to %1)").arg(shown)),
                 qPrintable(client.error().message));
        QVERIFY(client.error().message.contains(QStringLiteral("sudo systemctl start docker")));
    }

    void demultiplexesAcrossEveryBoundary()
    {
        QByteArray big(300, 'b');
        for (int i = 0; i < big.size(); ++i)
            big[i] = char('a' + i % 26);
        const QByteArray bytes = frame(Stream::Stdout, "hello\n") + frame(Stream::Stderr, "err")
            + frame(Stream::Stdout, QByteArray()) + frame(Stream::Stdout, big) + frame(Stream::Stderr, "\0x\n"_qba);
        const QList<Piece> expected{
            {Stream::Stdout, "hello\n"}, {Stream::Stderr, "err"}, {Stream::Stdout, big}, {Stream::Stderr, "\0x\n"_qba}};
        QCOMPARE(demux(bytes, {}), expected);
        for (qsizetype cut = 1; cut < bytes.size(); ++cut)
            QCOMPARE(demux(bytes, {cut}), expected);
        for (qsizetype a = 1; a < 40; ++a) {
            for (qsizetype b = a + 1; b < bytes.size(); b += 7)
                QCOMPARE(demux(bytes, {a, b}), expected);
        }
        QList<qsizetype> everyByte;
        for (qsizetype cut = 1; cut < bytes.size(); ++cut)
            everyByte.append(cut);
        QCOMPARE(demux(bytes, everyByte), expected);
    }

    void handsOnPartialPayloadsAtOnce()
    {
        DockerStreamDemuxer demuxer;
        const QByteArray bytes = frame(Stream::Stdout, "0123456789");
        QCOMPARE(demuxer.feed(QByteArrayView(bytes).first(11)), (QList<Piece>{{Stream::Stdout, "012"}}));
        QVERIFY(!demuxer.atFrameBoundary());
        QCOMPARE(demuxer.feed(QByteArrayView(bytes).sliced(11)), (QList<Piece>{{Stream::Stdout, "3456789"}}));
        QVERIFY(demuxer.atFrameBoundary());
    }

    void rejectsAMalformedHeader()
    {
        DockerStreamDemuxer demuxer;
        QVERIFY(demuxer.feed("Hello, this is not a frame").isEmpty());
        QVERIFY(!demuxer.isValid());
    }
};

QTEST_GUILESS_MAIN(TestDockerClient)
#include "tst_dockerclient.moc"
