// The lines a container's init writes on its stderr when the program begins or stops waiting
// for typed input: taken out of the program's output wherever the stream splits them, and
// only with the run's token.
#include "docker/dockerinputwaitlines.h"

#include <QTest>

using namespace Sandpit::Core;

namespace {
QByteArray line(const QByteArray &token, bool waiting)
{
    return "\x1esandpit-input-wait " + token + (waiting ? " 1\n" : " 0\n");
}
} // namespace

class TestDockerInputWaitLines : public QObject
{
    Q_OBJECT

private:
    static QByteArray feedInPieces(DockerInputWaitLines &lines, const QByteArray &stream, int pieceSize,
                                   QList<bool> &waits)
    {
        QByteArray program;
        for (qsizetype i = 0; i < stream.size(); i += pieceSize)
            program += lines.feed(QByteArrayView(stream).sliced(i, std::min<qsizetype>(pieceSize, stream.size() - i)),
                                  waits);
        return program + lines.takeHeld();
    }

private Q_SLOTS:
    void linesAreTakenOutWhereverTheyAreSplit_data()
    {
        QTest::addColumn<int>("pieceSize");
        for (int size : {1, 2, 5, 13, 1000})
            QTest::addRow("%d bytes a piece", size) << size;
    }
    void linesAreTakenOutWhereverTheyAreSplit()
    {
        QFETCH(int, pieceSize);
        DockerInputWaitLines lines("t0k3n");
        const QByteArray stream
            = "Traceback?\x1e" + line("t0k3n", true) + "warning: x\n" + line("t0k3n", false) + "done\n";
        QList<bool> waits;
        QCOMPARE(feedInPieces(lines, stream, pieceSize, waits), QByteArray("Traceback?\x1ewarning: x\ndone\n"));
        QCOMPARE(waits, (QList<bool>{true, false}));
    }

    void aForgedTokenIsJustOutput()
    {
        // A program that printed a line of its own would pause its own time limit.
        DockerInputWaitLines lines("secret");
        const QByteArray forged = line("guess", true);
        QList<bool> waits;
        QCOMPARE(feedInPieces(lines, forged + "more", 4, waits), forged + "more");
        QVERIFY(waits.isEmpty());
    }

    void aPossibleStartIsHeldOnlyUntilItIsDecided()
    {
        DockerInputWaitLines lines("tok");
        QList<bool> waits;
        QCOMPARE(lines.feed("progress\x1esandpit-in", waits), QByteArray("progress"));
        QCOMPARE(lines.feed("k", waits), QByteArray("\x1esandpit-ink"));
        QCOMPARE(lines.feed("\x1esandpit-input-wait to", waits), QByteArray());
        QCOMPARE(lines.takeHeld(), QByteArray("\x1esandpit-input-wait to")); // the stream ended
        QVERIFY(waits.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDockerInputWaitLines)
#include "tst_dockerinputwaitlines.moc"
