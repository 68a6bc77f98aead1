// The pull's progress stream, parsed without a daemon: the recorded stream of a real pull
// fed line by line, byte by byte, and the messages that end or bend it.

#include "docker/dockerpullprogress.h"
#include "support/recordedpull.h"

#include <QTest>

using namespace Sandpit::Core;

class TestDockerPullProgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRealPullRisesToOne();
    void linesMaySplitAnywhere();
    void indeterminateUntilASizeIsKnown();
    void aLargerLateLayerNeverMovesTheBarBack();
    void layersThatExistAreNotWork();
    void anUpToDateImageIsDone();
    void theDaemonsErrorIsKept();
    void aLastLineWithoutNewlineIsRead();
    void garbageIsSkipped();
};

namespace {
QList<QByteArray> recordedLines()
{
    QList<QByteArray> lines = recordedPull();
    for (QByteArray &line : lines)
        line += '\n';
    return lines;
}

QByteArray message(const char *status, const char *id, qint64 current = -1, qint64 total = -1)
{
    const QByteArray detail = current < 0 ? QByteArray("{}")
                                          : QByteArray("{\"current\":%1,\"total\":%2}")
                                                .replace("%1", QByteArray::number(current))
                                                .replace("%2", QByteArray::number(total));
    return QByteArray("{\"status\":\"") + status + "\",\"progressDetail\":" + detail + ",\"id\":\"" + id + "\"}\n";
}
} // namespace

void TestDockerPullProgress::aRealPullRisesToOne()
{
    DockerPullProgress progress;
    QList<double> fractions;
    QStringList statuses;
    for (const QByteArray &line : recordedLines()) {
        progress.feed(line);
        fractions << progress.fraction();
        statuses << progress.status();
    }
    QCOMPARE(fractions.first(), -1.0);
    QCOMPARE(statuses.first(), QStringLiteral("Pulling from library/python"));
    for (qsizetype i = 1; i < fractions.size(); ++i)
        QVERIFY2(fractions.at(i) >= fractions.at(i - 1), qPrintable(QStringLiteral("line %1").arg(i + 1)));
    QCOMPARE(fractions.last(), 1.0);
    QVERIFY(!progress.hasError());

    // Halfway through the downloads, before any extraction: well inside the bar.
    const double middle = fractions.at(13);
    QVERIFY2(middle > 0.1 && middle < 0.5, qPrintable(QString::number(middle)));
    QCOMPARE(statuses.at(5), QStringLiteral("Waiting for layers (0 of 3 layers done)"));
    QCOMPARE(statuses.at(13), QStringLiteral("Downloading 19.9 MB of 39.6 MB (0 of 3 layers done)"));
    QCOMPARE(statuses.at(20), QStringLiteral("Extracting (0 of 3 layers done)"));
    QCOMPARE(statuses.at(25), QStringLiteral("Extracting (2 of 3 layers done)"));
    QCOMPARE(statuses.last(), QStringLiteral("Downloaded newer image for python:3.12-slim"));
}

void TestDockerPullProgress::linesMaySplitAnywhere()
{
    DockerPullProgress byLine;
    DockerPullProgress byByte;
    for (const QByteArray &line : recordedLines()) {
        byLine.feed(line);
        for (char c : line)
            byByte.feed(QByteArrayView(&c, 1));
        QCOMPARE(byByte.fraction(), byLine.fraction());
        QCOMPARE(byByte.status(), byLine.status());
    }
}

void TestDockerPullProgress::indeterminateUntilASizeIsKnown()
{
    DockerPullProgress progress;
    progress.feed(message("Pulling fs layer", "aaa"));
    progress.feed(message("Pulling fs layer", "bbb"));
    progress.feed(message("Waiting", "bbb"));
    QVERIFY(progress.fraction() < 0);
    QCOMPARE(progress.status(), QStringLiteral("Waiting for layers (0 of 2 layers done)"));
    progress.feed(message("Downloading", "aaa", 500, 1000));
    // Half of one layer's download, with the other layer weighed as one of the same size.
    QCOMPARE(progress.fraction(), 500.0 / 4000.0);
}

void TestDockerPullProgress::aLargerLateLayerNeverMovesTheBarBack()
{
    DockerPullProgress progress;
    progress.feed(message("Pulling fs layer", "small"));
    progress.feed(message("Pulling fs layer", "huge"));
    progress.feed(message("Downloading", "small", 1000, 1000));
    const double before = progress.fraction();
    QCOMPARE(before, 0.25);
    progress.feed(message("Downloading", "huge", 1, 1'000'000));
    QCOMPARE(progress.fraction(), before);
    progress.feed(message("Downloading", "huge", 900'000, 1'000'000));
    QVERIFY(progress.fraction() > before);
}

void TestDockerPullProgress::layersThatExistAreNotWork()
{
    DockerPullProgress progress;
    progress.feed(message("Already exists", "old1"));
    progress.feed(message("Already exists", "old2"));
    progress.feed(message("Pulling fs layer", "new"));
    progress.feed(message("Downloading", "new", 100, 100));
    progress.feed(message("Download complete", "new"));
    QCOMPARE(progress.fraction(), 0.5);
    QCOMPARE(progress.status(), QStringLiteral("Extracting (0 of 1 layers done)"));
    progress.feed(message("Pull complete", "new"));
    QCOMPARE(progress.fraction(), 1.0);
}

void TestDockerPullProgress::anUpToDateImageIsDone()
{
    DockerPullProgress progress;
    progress.feed(R"({"status":"Pulling from library/python","id":"3.12-slim"})"
                  "\n"
                  R"({"status":"Digest: sha256:2f9c"})"
                  "\n"
                  R"({"status":"Status: Image is up to date for python:3.12-slim"})"
                  "\n");
    QCOMPARE(progress.fraction(), 1.0);
    QCOMPARE(progress.status(), QStringLiteral("Image is up to date for python:3.12-slim"));
}

void TestDockerPullProgress::theDaemonsErrorIsKept()
{
    DockerPullProgress progress;
    progress.feed(
        R"({"status":"Pulling from library/python","id":"nope"})"
        "\n"
        R"({"errorDetail":{"message":"manifest for python:nope not found: manifest unknown"},"error":"short"})"
        "\n");
    QVERIFY(progress.hasError());
    QCOMPARE(progress.error(), QStringLiteral("manifest for python:nope not found: manifest unknown"));

    DockerPullProgress bare;
    bare.feed(R"({"error":"only this"})"
              "\n");
    QCOMPARE(bare.error(), QStringLiteral("only this"));
}

void TestDockerPullProgress::aLastLineWithoutNewlineIsRead()
{
    DockerPullProgress progress;
    progress.feed(R"({"status":"Status: Downloaded newer image for bash:5"})");
    QCOMPARE(progress.fraction(), -1.0);
    progress.finish();
    QCOMPARE(progress.fraction(), 1.0);
}

void TestDockerPullProgress::garbageIsSkipped()
{
    DockerPullProgress progress;
    progress.feed("not json\n\n[1,2]\n");
    progress.feed(message("Pulling fs layer", "aaa"));
    progress.feed(message("Downloading", "aaa", 10, 100));
    QCOMPARE(progress.fraction(), 0.05);
    QVERIFY(!progress.hasError());
}

QTEST_GUILESS_MAIN(TestDockerPullProgress)
#include "tst_dockerpullprogress.moc"
