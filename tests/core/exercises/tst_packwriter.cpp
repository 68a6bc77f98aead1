// PackWriter: input sets become a pack that loads; a run's output becomes a test's expected
// output with the smallest edit of the author's exercise.toml.
#include "exercises/packloader.h"
#include "exercises/packwriter.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using SandpitTest::readFile;
using SandpitTest::writeFile;

class TestPackWriter : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    std::expected<Course, PackProblem> load(const QString &folder) const
    {
        return PackLoader(m_dir->filePath(QStringLiteral("unpacked"))).load(folder);
    }
    QString recordPack() const { return m_dir->filePath(QStringLiteral("record")); }
    Exercise recordExercise(const QString &id) const
    {
        const auto course = load(recordPack());
        if (!course || !course->exercise(id))
            qFatal("the record fixture does not load");
        return *course->exercise(id);
    }
    QString programPath() const { return m_dir->filePath(QStringLiteral("add.py")); }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(SandpitTest::copyFolder(SandpitTest::loaderPack(QStringLiteral("record")), recordPack()));
        QVERIFY(writeFile(programPath(), "print(int(input()) + int(input()))\n"));
    }

    void turnsInputSetsIntoAPack()
    {
        const InputSets sets{{QStringLiteral("small"), "2\n3\n", QByteArray("5\n")},
                             {QStringLiteral("small"), QByteArray("1\r\n\0\n", 5), QByteArray("no newline")},
                             {QString(), "7\n", std::nullopt}};
        const QString folder = m_dir->filePath(QStringLiteral("new/pack"));
        const auto written = PackWriter::writeInputSetsPack(folder, QStringLiteral("Add \"two\" numbers"),
                                                            QStringLiteral("python"), programPath(), sets);
        QVERIFY(written.has_value());
        QCOMPARE(*written, folder);
        const auto course = load(folder);
        QVERIFY(course.has_value());
        QVERIFY(course->problems.isEmpty());
        QCOMPARE(course->id, QStringLiteral("pack"));
        QCOMPARE(course->exercises.size(), 1);
        const Exercise &exercise = course->exercises.first();
        QCOMPARE(exercise.id, QStringLiteral("add-two-numbers"));
        QCOMPARE(exercise.title, QStringLiteral("Add \"two\" numbers"));
        QVERIFY(exercise.statementMarkdown.startsWith(QStringLiteral("# Add \"two\" numbers\n")));
        const ExerciseLanguage &python = exercise.languages.at(0);
        QCOMPARE(python.languageId, QStringLiteral("python"));
        QCOMPARE(python.entryFile, QStringLiteral("add.py"));
        QCOMPARE(readFile(python.starterPath), readFile(programPath()));
        QCOMPARE(readFile(python.solutionPath), readFile(programPath()));
        QCOMPARE(exercise.tests.size(), 3);
        QCOMPARE(exercise.tests[0].name, QStringLiteral("small"));
        QCOMPARE(exercise.tests[1].name, QStringLiteral("small (2)"));
        QCOMPARE(exercise.tests[2].name, QStringLiteral("input 3"));
        QCOMPARE(exercise.tests[1].stdinData, QByteArray("1\r\n\0\n", 5)); // bytes kept as they were
        QCOMPARE(exercise.tests[0].expectedStdout, std::optional(QByteArray("5\n")));
        QCOMPARE(exercise.tests[1].expectedStdout, std::optional(QByteArray("no newline")));
        QVERIFY(!exercise.tests[2].expectedStdout);
    }

    void refusesAFolderInUseOrNoInputSets()
    {
        const QString folder = m_dir->filePath(QStringLiteral("used"));
        QVERIFY(writeFile(folder + QStringLiteral("/mine.txt"), "keep"));
        const InputSets sets{{QStringLiteral("a"), "1\n", std::nullopt}};
        const auto used = PackWriter::writeInputSetsPack(folder, QStringLiteral("T"), QStringLiteral("python"),
                                                         programPath(), sets);
        QVERIFY(!used.has_value());
        QVERIFY2(used.error().contains(QStringLiteral("is not empty")), qPrintable(used.error()));
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("mine.txt")});
        const auto none = PackWriter::writeInputSetsPack(m_dir->filePath(QStringLiteral("none")), QStringLiteral("T"),
                                                         QStringLiteral("python"), programPath(), {});
        QVERIFY(!none.has_value());
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("none"))));
    }

    // Each row: the test recorded, and the exact edit of exercise.toml (old text -> new text).
    void recordsWithTheSmallestEdit_data()
    {
        QTest::addColumn<QString>("exercise");
        QTest::addColumn<QString>("test");
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        QTest::addColumn<QString>("file");
        QTest::newRow("inline stdout") << QStringLiteral("echo") << QStringLiteral("inline")
                                       << QByteArray("stdout = \"old\\n\"     # and replaced")
                                       << QByteArray("stdout_file = \"tests/inline.out\"     # and replaced")
                                       << QStringLiteral("tests/inline.out");
        QTest::newRow("multi-line stdout")
            << QStringLiteral("echo") << QStringLiteral("multi line")
            << QByteArray("stdout = \"\"\"\none\ntwo\n\"\"\"\n")
            << QByteArray("stdout_file = \"tests/multi-line.out\"\n") << QStringLiteral("tests/multi-line.out");
        QTest::newRow("no stdout") << QStringLiteral("echo") << QStringLiteral("Not checked yet!")
                                   << QByteArray("name = \"Not checked yet!\"\n")
                                   << QByteArray(
                                          "name = \"Not checked yet!\"\nstdout_file = \"tests/not-checked-yet.out\"\n")
                                   << QStringLiteral("tests/not-checked-yet.out");
        QTest::newRow("inline table") << QStringLiteral("inline") << QStringLiteral("first")
                                      << QByteArray("{ name = \"first\", stdin")
                                      << QByteArray("{ name = \"first\", stdout_file = \"tests/first.out\", stdin")
                                      << QStringLiteral("tests/first.out");
        QTest::newRow("inline table's stdout")
            << QStringLiteral("inline") << QStringLiteral("second") << QByteArray("stdout = \"b\\n\" }")
            << QByteArray("stdout_file = \"tests/second.out\" }") << QStringLiteral("tests/second.out");
    }

    void recordsWithTheSmallestEdit()
    {
        QFETCH(QString, exercise);
        QFETCH(QString, test);
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        QFETCH(QString, file);
        const Exercise loaded = recordExercise(exercise);
        const QString toml = loaded.folder + QStringLiteral("/exercise.toml");
        QByteArray expected = readFile(toml);
        QCOMPARE(expected.count(before), 1);
        expected.replace(before, after);

        const QByteArray actual("the actual output\n\twith a tab, and no final newline");
        const auto recorded = PackWriter::recordExpected(loaded, test, actual);
        QVERIFY2(recorded.has_value(), recorded ? "" : qPrintable(recorded.error()));
        QCOMPARE(readFile(toml), expected); // comments, order and spacing kept
        QCOMPARE(readFile(loaded.folder + QLatin1Char('/') + file), actual);
        const Exercise reloaded = recordExercise(exercise);
        for (const ExerciseTest &t : reloaded.tests)
            if (t.name == test)
                QCOMPARE(t.expectedStdout, std::optional(actual));
    }

    void overwritesAnExistingStdoutFile()
    {
        const Exercise echo = recordExercise(QStringLiteral("echo"));
        const QByteArray toml = readFile(echo.folder + QStringLiteral("/exercise.toml"));
        QVERIFY(PackWriter::recordExpected(echo, QStringLiteral("from a file"), "new file\n").has_value());
        QCOMPARE(readFile(echo.folder + QStringLiteral("/tests/file.out")), QByteArray("new file\n"));
        QCOMPARE(readFile(echo.folder + QStringLiteral("/exercise.toml")), toml);
    }

    // A name whose file is taken gets a file of its own; the taken one is not overwritten.
    void neverOverwritesAnotherFile()
    {
        const Exercise echo = recordExercise(QStringLiteral("echo"));
        QVERIFY(writeFile(echo.folder + QStringLiteral("/tests/inline.out"), "someone else's"));
        QVERIFY(PackWriter::recordExpected(echo, QStringLiteral("inline"), "mine\n").has_value());
        QCOMPARE(readFile(echo.folder + QStringLiteral("/tests/inline.out")), QByteArray("someone else's"));
        QCOMPARE(readFile(echo.folder + QStringLiteral("/tests/inline-2.out")), QByteArray("mine\n"));
    }

    void saysWhenThereIsNoSuchTest()
    {
        const Exercise echo = recordExercise(QStringLiteral("echo"));
        const auto recorded = PackWriter::recordExpected(echo, QStringLiteral("nope"), "x");
        QVERIFY(!recorded.has_value());
        QCOMPARE(recorded.error(), QStringLiteral("The exercise \"echo\" has no test named \"nope\"."));
    }
};

QTEST_GUILESS_MAIN(TestPackWriter)
#include "tst_packwriter.moc"
