// PackLoader on a well-formed pack: every key of the format reaches the model as an author
// wrote it, with the defaults documented in docs/EXERCISES.md where a key is left out.
#include "exercises/checkrequests.h"
#include "exercises/packloader.h"
#include "languages/languageregistry.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {

using SandpitTest::loaderPack;
QString fixturePack(const QString &name)
{
    return loaderPack(name);
}

Course loadTwo()
{
    PackLoader loader(QDir::tempPath());
    loader.setLanguageIds({QStringLiteral("python"), QStringLiteral("c")});
    auto course = loader.load(fixturePack(QStringLiteral("two")));
    if (!course)
        qFatal("the fixture pack does not load: %s", qPrintable(course.error().toString()));
    return *course;
}

} // namespace

class TestPackLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheCourse()
    {
        const Course course = loadTwo();
        QCOMPARE(course.id, QStringLiteral("two"));
        QCOMPARE(course.title, QStringLiteral("Two exercises"));
        QCOMPARE(course.description, QStringLiteral("Say hello, then *add*."));
        QCOMPARE(course.folder, QDir(fixturePack(QStringLiteral("two"))).absolutePath());
        QCOMPARE(course.source, fixturePack(QStringLiteral("two")));
        QVERIFY2(course.problems.isEmpty(), qPrintable(course.problems.value(0).toString()));
        QCOMPARE(course.exercises.size(), 2);
        QCOMPARE(course.exercises[0].id, QStringLiteral("hello"));
        QCOMPARE(course.exercises[1].id, QStringLiteral("sum"));
    }

    void appliesTheDefaults()
    {
        const Exercise hello = *loadTwo().exercise(QStringLiteral("hello"));
        QCOMPARE(hello.title, QStringLiteral("Hello"));
        QCOMPARE(hello.statementMarkdown, QStringLiteral("# Hello\n\nPrint `Hello, world!`.\n"));
        QCOMPARE(hello.checker, CheckerSpec{});
        QCOMPARE(hello.checker.kind, CheckerKind::Lines);
        QCOMPARE(hello.limits, LimitOverrides{});
        const ExerciseLanguage &python = hello.languages.at(0);
        QCOMPARE(python.entryFile, QStringLiteral("hello.py"));
        QCOMPARE(python.starterPath, hello.folder + QStringLiteral("/starter/hello.py"));
        QCOMPARE(python.solutionPath, hello.folder + QStringLiteral("/solution/hello.py"));
        QVERIFY(python.harnessPath.isEmpty());
        const ExerciseTest &test = hello.tests.at(0);
        QCOMPARE(test.expectedStdout, std::optional(QByteArray("Hello, world!\n")));
        QCOMPARE(test.expectedExitCode, 0);
        QCOMPARE(test.points, 1);
        QCOMPARE(test.visibility, Visibility::Example);
        QVERIFY(!test.checker);
    }

    void readsLanguagesLimitsAndHints()
    {
        const Exercise sum = *loadTwo().exercise(QStringLiteral("sum"));
        QCOMPARE(sum.statementMarkdown, QStringLiteral("# Add\n\nRead two numbers, print their sum: ½ + ½.\n"));
        QCOMPARE(sum.checker.kind, CheckerKind::Tokens);
        QCOMPARE(sum.languages.size(), 2);
        QCOMPARE(sum.language(QStringLiteral("python"))->wrongPaths,
                 QStringList{sum.folder + QStringLiteral("/wrong/subtracts.py")});
        QVERIFY(sum.language(QStringLiteral("c"))->wrongPaths.isEmpty());
        QCOMPARE(sum.language(QStringLiteral("c"))->solutionPath, sum.folder + QStringLiteral("/solution/sum.c"));
        QCOMPARE(sum.limits.wallTimeMs, std::optional<qint64>(2500));
        QCOMPARE(sum.limits.cpuTimeMs, std::optional<qint64>(1000));
        QCOMPARE(sum.limits.memoryBytes, std::optional<qint64>(64LL * 1024 * 1024));
        QCOMPARE(sum.limits.outputBytes, std::optional<qint64>(16 * 1024));
        QCOMPARE(sum.limits.processes, std::optional<int>(4));
        QCOMPARE(sum.hints, (QList<Hint>{{2, QStringLiteral("Read both numbers with input().")}}));
        QCOMPARE(sum.maxPoints(), 4);
    }

    // -- issue 22: network --
    void networkIsOffUnlessThePackAllowsHosts()
    {
        QVERIFY(loadTwo().exercise(QStringLiteral("sum"))->network.isEmpty());
        QTemporaryDir dir;
        const QString pack = dir.filePath(QStringLiteral("pack"));
        QVERIFY(SandpitTest::copyFolder(fixturePack(QStringLiteral("two")), pack));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/hello/exercise.toml"),
                                       "title = \"Hello\"\n[languages.python]\nentry = \"hello.py\"\n"
                                       "[network]\nallow = [\"PyPI.org:443\", \"*.example.org:80\", \"[::1]:8080\"]\n"
                                       "[[tests]]\nname = \"greets\"\nstdout = \"Hello, world!\\n\"\n"));
        PackLoader loader(dir.filePath(QStringLiteral("unpacked")));
        loader.setLanguageIds({QStringLiteral("python"), QStringLiteral("c")});
        const auto course = loader.load(pack);
        QVERIFY(course);
        QVERIFY2(course->problems.isEmpty(), qPrintable(course->problems.value(0).toString()));
        const Exercise hello = *course->exercise(QStringLiteral("hello"));
        QCOMPARE(allowListText(hello.network), (QStringList{QStringLiteral("pypi.org:443"),
                                                            QStringLiteral("*.example.org:80"),
                                                            QStringLiteral("[::1]:8080")}));
        // Check's run of each test carries the list; a checker program never has network.
        CheckRequest check;
        check.exercise = hello;
        check.languageId = QStringLiteral("python");
        QCOMPARE(testRunRequest(check, CheckProgram{}, hello.tests.at(0), {}).network, hello.network);
        CheckerSpec checker;
        checker.programPath = hello.folder + QStringLiteral("/starter/hello.py");
        checker.programLanguage = QStringLiteral("python");
        const auto checkerRun = checkerRunRequest(check, checker, {}, {}, {});
        QVERIFY(checkerRun);
        QVERIFY(checkerRun->network.isEmpty());
    }

    void readsEveryKeyOfATest()
    {
        const Exercise sum = *loadTwo().exercise(QStringLiteral("sum"));
        const ExerciseTest &test = sum.tests.at(1);
        QCOMPARE(test.name, QStringLiteral("from files"));
        QCOMPARE(test.stdinData, QByteArray("10\r\n20\r\n")); // bytes, as the file has them
        QCOMPARE(test.expectedStdout, std::optional(QByteArray("30")));
        QCOMPARE(test.expectedStdoutFile, QStringLiteral("tests/01.out"));
        QCOMPARE(test.arguments, QStringList{QStringLiteral("--verbose")});
        QCOMPARE(test.inputFiles.size(), 2);
        QCOMPARE(test.inputFiles[0].hostPath, sum.folder + QStringLiteral("/tests/data.csv"));
        QCOMPARE(test.inputFiles[0].name, QStringLiteral("data.csv"));
        QCOMPARE(test.inputFiles[1].name, QStringLiteral("copy.csv"));
        QCOMPARE(test.expectedExitCode, 3);
        QCOMPARE(test.points, 2);
        QCOMPARE(test.visibility, Visibility::Hidden);
        QCOMPARE(test.checker->kind, CheckerKind::Float);
        QCOMPARE(test.checker->absoluteTolerance, 0.01);
        QCOMPARE(test.checker->relativeTolerance, 0.0);
        QCOMPARE(test.limits.wallTimeMs, std::optional<qint64>(5000));
        QCOMPARE(sum.limitsFor(test, Limits{}, QStringLiteral("python")).memoryBytes, 64LL * 1024 * 1024);
        QCOMPARE(
            test.expectedFiles,
            (QList<ExpectedFile>{{QStringLiteral("result.txt"), sum.folder + QStringLiteral("/tests/result.txt"), 0},
                                 {QStringLiteral("plot.png"), QString(), 100}}));
    }

    void readsAProgramChecker()
    {
        const Exercise sum = *loadTwo().exercise(QStringLiteral("sum"));
        const ExerciseTest &test = sum.tests.at(2);
        QVERIFY(!test.expectedStdout); // neither stdout nor stdout_file: not checked
        QCOMPARE(test.checker->kind, CheckerKind::Program);
        QCOMPARE(test.checker->programPath, sum.folder + QStringLiteral("/checker/check.py"));
        QCOMPARE(test.checker->programLanguage, QStringLiteral("python")); // from the extension
        QCOMPARE(test.checker->limits.wallTimeMs, std::optional<qint64>(10000));
    }

    // With no `exercises` list, every folder holding exercise.toml, sorted by name; a folder
    // without one is not an exercise.
    void findsExercisesByFolderWithoutAList()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(QStringLiteral("pack"));
        QVERIFY(SandpitTest::copyFolder(fixturePack(QStringLiteral("two")), pack));
        QVERIFY(QDir(pack).mkpath(QStringLiteral("aaa-notes")));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/course.toml"), "id = \"c\"\ntitle = \"C\"\n"));
        QVERIFY(QDir(pack).rename(QStringLiteral("sum"), QStringLiteral("a-sum")));
        const auto loaded = PackLoader(dir.filePath(QStringLiteral("unpacked"))).load(pack);
        QVERIFY(loaded);
        QVERIFY(loaded->problems.isEmpty());
        QCOMPARE(loaded->exercises.size(), 2);
        QCOMPARE(loaded->exercises[0].id, QStringLiteral("a-sum"));
        QCOMPARE(loaded->exercises[1].id, QStringLiteral("hello"));
    }

    void readsASecretTest()
    {
        QTemporaryDir dir;
        const QString pack = dir.filePath(QStringLiteral("pack"));
        QVERIFY(SandpitTest::copyFolder(fixturePack(QStringLiteral("two")), pack));
        QFile toml(pack + QStringLiteral("/sum/exercise.toml"));
        QVERIFY(toml.open(QIODevice::Append));
        toml.write("\n[[tests]]\nname = \"for grading\"\nstdin = \"1\\n2\\n\"\nstdout = \"3\\n\"\n"
                   "visibility = \"secret\"\n");
        toml.close();
        const auto loaded = PackLoader(dir.filePath(QStringLiteral("unpacked"))).load(pack);
        QVERIFY(loaded);
        QVERIFY(loaded->problems.isEmpty());
        const Exercise &sum = *loaded->exercise(QStringLiteral("sum"));
        QCOMPARE(sum.tests.last().name, QStringLiteral("for grading"));
        QCOMPARE(sum.tests.last().visibility, Visibility::Secret);
        QCOMPARE(sum.maxPoints(), sum.maxPoints(true) - 1); // a learner's score leaves it out
    }

    // The window and the CLI pass their registry: its ids are the ones a pack may name, and its
    // extensions say a checker program's language.
    void takesTheIdsAndExtensionsOfARegistry()
    {
        PackLoader loader(QDir::tempPath());
        loader.setLanguages(LanguageRegistry::builtIn());
        const auto course = loader.load(fixturePack(QStringLiteral("two")));
        QVERIFY(course.has_value());
        QVERIFY(course->problems.isEmpty());
        QCOMPARE(course->exercise(QStringLiteral("sum"))->tests[2].checker->programLanguage, QStringLiteral("python"));

        QTemporaryDir dir;
        const QString pack = dir.filePath(QStringLiteral("pack"));
        QVERIFY(SandpitTest::copyFolder(fixturePack(QStringLiteral("two")), pack));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/hello/exercise.toml"),
                                       "title = \"Hello\"\n[languages.cobol]\nentry = \"hello.cob\"\n"
                                       "[[tests]]\nname = \"a\"\n"));
        const auto withCobol = loader.load(pack);
        QCOMPARE(withCobol->problems.size(), 1);
        QVERIFY2(
            withCobol->problems[0].message.startsWith(QStringLiteral("unknown language \"cobol\" (Sandpit knows: "))
                && withCobol->problems[0].message.contains(QStringLiteral("javascript")),
            qPrintable(withCobol->problems[0].message));
    }

    // A zipped pack needs a folder to be unpacked in; the working folder is never used.
    void refusesAZipWithoutAnUnpackFolder()
    {
        QTemporaryDir dir;
        QVERIFY(SandpitTest::writeFile(dir.filePath(QStringLiteral("c.zip")), "PK"));
        const auto course = PackLoader(QString()).load(dir.filePath(QStringLiteral("c.zip")));
        QVERIFY(!course.has_value());
        QCOMPARE(course.error().message, QStringLiteral("no folder to unpack zipped packs in was given"));
    }

    // Without a registry any language id is taken; with one, only its languages.
    void takesTheLanguagesOfTheRegistry()
    {
        const auto loaded = PackLoader(QDir::tempPath()).load(fixturePack(QStringLiteral("two")));
        QVERIFY(loaded);
        QCOMPARE(loaded->exercises.size(), 2);
        PackLoader onlyPython(QDir::tempPath());
        onlyPython.setLanguageIds({QStringLiteral("python")});
        const auto withoutC = onlyPython.load(fixturePack(QStringLiteral("two")));
        QCOMPARE(withoutC->exercises.size(), 1);
        QCOMPARE(withoutC->problems.size(), 1);
        QCOMPARE(withoutC->problems[0].exerciseId, QStringLiteral("sum"));
        QCOMPARE(withoutC->problems[0].line, 8); // [languages.c]
        QCOMPARE(withoutC->problems[0].column, 12);
        QVERIFY2(withoutC->problems[0].message.contains(QStringLiteral("unknown language \"c\"")),
                 qPrintable(withoutC->problems[0].message));
    }
};

QTEST_GUILESS_MAIN(TestPackLoader)
#include "tst_packloader.moc"
