// The batching every backend's job hands a program's output through: what the output pane
// receives must be every byte, in the order written, in few signals.
#include "engine/outputbatcher.h"

#include <QSignalSpy>
#include <QTest>

#include <thread>

using namespace Sandpit::Core;

namespace {
using Batch = std::pair<OutputStream, QByteArray>;

QList<Batch> batchesIn(const QSignalSpy &spy)
{
    QList<Batch> batches;
    for (const QList<QVariant> &signal : spy)
        batches.append({signal.at(0).value<OutputStream>(), signal.at(1).toByteArray()});
    return batches;
}
} // namespace

Q_DECLARE_METATYPE(QList<Batch>)

class TestOutputBatcher : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<OutputBatcher> m_batcher;
    std::unique_ptr<QSignalSpy> m_spy; // its batchReady

private Q_SLOTS:
    void init()
    {
        m_batcher = std::make_unique<OutputBatcher>();
        m_spy = std::make_unique<QSignalSpy>(m_batcher.get(), &OutputBatcher::batchReady);
    }

    void cleanup()
    {
        m_spy.reset();
        m_batcher.reset();
    }

    void handsOnWhatWasWritten_data()
    {
        QTest::addColumn<QList<Batch>>("written");
        QTest::addColumn<QList<Batch>>("handedOn");
        const OutputStream out = OutputStream::Stdout;
        const OutputStream err = OutputStream::Stderr;
        QTest::newRow("chunks of one stream merge")
            << QList<Batch>{{out, "one "}, {out, "two "}, {out, "three\n"}} << QList<Batch>{{out, "one two three\n"}};
        QTest::newRow("the order across streams is kept")
            << QList<Batch>{{out, "prompt: "}, {err, "warning\n"}, {err, "more\n"}, {out, "answer\n"}}
            << QList<Batch>{{out, "prompt: "}, {err, "warning\nmore\n"}, {out, "answer\n"}};
        QTest::newRow("streams in turn are never merged")
            << QList<Batch>{{err, "a"}, {out, "b"}, {err, "c"}} << QList<Batch>{{err, "a"}, {out, "b"}, {err, "c"}};
    }

    void handsOnWhatWasWritten()
    {
        QFETCH(QList<Batch>, written);
        QFETCH(QList<Batch>, handedOn);
        for (const auto &[stream, data] : written)
            m_batcher->add(stream, data);
        QTRY_COMPARE(m_spy->count(), handedOn.size());
        QCOMPARE(batchesIn(*m_spy), handedOn);
    }

    void aFloodArrivesAsOneSignalAnInterval()
    {
        OutputBatcher &batcher = *m_batcher;
        QSignalSpy &spy = *m_spy;
        QByteArray written;
        for (int line = 0; line < 10'000; ++line) {
            const QByteArray text = QByteArray::number(line) + '\n';
            batcher.add(OutputStream::Stdout, text);
            written += text;
        }
        QTRY_COMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(1).toByteArray(), written);
    }

    void flushHandsOnEverythingAtOnce()
    {
        OutputBatcher &batcher = *m_batcher;
        QSignalSpy &spy = *m_spy;
        batcher.add(OutputStream::Stdout, "last words");
        batcher.add(OutputStream::Stderr, "and an error");
        batcher.flush();
        QCOMPARE(batchesIn(spy),
                 (QList<Batch>{{OutputStream::Stdout, "last words"}, {OutputStream::Stderr, "and an error"}}));
        // What comes after goes on its own: the flushed batch is not handed on twice.
        batcher.add(OutputStream::Stdout, "later");
        QTRY_COMPARE(spy.count(), 3);
        QCOMPARE(batchesIn(spy).last(), (Batch{OutputStream::Stdout, "later"}));
    }

    void flushWithNothingQueuedSaysNothing()
    {
        OutputBatcher &batcher = *m_batcher;
        QSignalSpy &spy = *m_spy;
        batcher.flush();
        QCOMPARE(spy.count(), 0);
    }

    void nothingIsLostFromAnotherThread()
    {
        // As a Docker run's attach stream does: chunks from a thread of its own, while the
        // batches go out on this one.
        OutputBatcher &batcher = *m_batcher;
        QSignalSpy &spy = *m_spy;
        QByteArray written;
        for (int i = 0; i < 20'000; ++i)
            written += (i % 3 == 0 ? "e" : "o") + QByteArray::number(i) + '\n';
        std::thread writer([&batcher] {
            for (int i = 0; i < 20'000; ++i) {
                const bool isStderr = i % 3 == 0;
                batcher.add(isStderr ? OutputStream::Stderr : OutputStream::Stdout,
                            (isStderr ? "e" : "o") + QByteArray::number(i) + '\n');
            }
        });
        const auto received = [&spy] {
            QByteArray all;
            for (const Batch &batch : batchesIn(spy))
                all += batch.second;
            return all;
        };
        QTRY_COMPARE_WITH_TIMEOUT(received().size(), written.size(), 10'000);
        writer.join();
        batcher.flush();
        QCOMPARE(received(), written);
        // Each batch holds one stream only, and says which.
        for (const Batch &batch : batchesIn(spy)) {
            const char mark = batch.first == OutputStream::Stderr ? 'e' : 'o';
            for (const QByteArray &line : batch.second.split('\n')) {
                if (!line.isEmpty())
                    QCOMPARE(line.front(), mark);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestOutputBatcher)
#include "tst_outputbatcher.moc"
