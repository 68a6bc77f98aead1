// Input sets beside a program: a round trip, no file meaning no sets, and a file Sandpit
// cannot parse left exactly as it was.
#include "history/inputsetstore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

class TestInputSetStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }

    void pathIsBesideTheProgram()
    {
        QCOMPARE(InputSetStore::pathFor(QStringLiteral("/p/prog.py")),
                 QStringLiteral("/p/prog.py.sandpit-inputs.json"));
    }

    void missingFileIsNoSets()
    {
        const auto sets = InputSetStore::load(m_dir.filePath(QStringLiteral("nothing.py")));
        QVERIFY(sets.has_value());
        QVERIFY(sets->isEmpty());
    }

    void roundTrip()
    {
        const QString program = m_dir.filePath(QStringLiteral("prog.py"));
        const InputSets sets{{QStringLiteral("sample 1"), "3\n1 2 3\n", QByteArray("6\n")},
                             {QStringLiteral("ünïcode, no check"), "héllo\n", std::nullopt},
                             {QStringLiteral("empty"), "", QByteArray()}};
        QVERIFY(InputSetStore::save(program, sets).has_value());
        QVERIFY(QFile::exists(InputSetStore::pathFor(program)));
        const auto loaded = InputSetStore::load(program);
        QVERIFY2(loaded.has_value(), qPrintable(loaded ? QString() : loaded.error().message));
        QCOMPARE(*loaded, sets);
    }

    void readsHandWrittenFile()
    {
        const QString program = m_dir.filePath(QStringLiteral("hand.py"));
        write(InputSetStore::pathFor(program),
              R"([{"name": "a", "stdin": "1\n"}, {"name": "b", "stdin": "2\n", "expected_stdout": "4\n"}])");
        const auto loaded = InputSetStore::load(program);
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->size(), 2);
        QVERIFY(!loaded->at(0).expectedStdout);
        QCOMPARE(loaded->at(1).expectedStdout.value(), QByteArray("4\n"));
    }

    void malformedFileIsAnErrorAndStaysUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not json") << QByteArray("[{\"name\": \"a\", ") << QStringLiteral("at byte");
        QTest::newRow("not an array") << QByteArray("{\"name\": \"a\"}") << QStringLiteral("JSON array");
        QTest::newRow("no stdin") << QByteArray("[{\"name\": \"a\"}]") << QStringLiteral("entry 1");
        QTest::newRow("bad expected") << QByteArray("[{\"name\": \"a\", \"stdin\": \"\", \"expected_stdout\": 4}]")
                                      << QStringLiteral("expected_stdout");
    }

    void malformedFileIsAnErrorAndStaysUntouched()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, problem);
        const QString program = m_dir.filePath(QStringLiteral("broken.py"));
        const QString path = InputSetStore::pathFor(program);
        write(path, content);
        const auto loaded = InputSetStore::load(program);
        QVERIFY(!loaded.has_value());
        QVERIFY2(loaded.error().message.contains(path), qPrintable(loaded.error().message));
        QVERIFY2(loaded.error().message.contains(problem), qPrintable(loaded.error().message));

        const auto saved = InputSetStore::save(program, {{QStringLiteral("new"), "x\n", std::nullopt}});
        QVERIFY(!saved.has_value());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), content);
    }

private:
    static void write(const QString &path, const QByteArray &content)
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
            qFatal("cannot write %s", qPrintable(path));
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestInputSetStore)
#include "tst_inputsetstore.moc"
