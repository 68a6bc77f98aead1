// Bad input to PackLoader: every mistake an author can make in exercise.toml or course.toml is
// reported at its file, line and column, the broken exercise is left out, and the rest of the
// course stays usable. Each row breaks the "hello" exercise of a copy of the fixture pack "two";
// "sum" must still load.
#include "exercises/packloader.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;
using SandpitTest::writeFile;

namespace {

const QByteArray kHead = "title = \"Hello\"\n[languages.python]\nentry = \"hello.py\"\n";
const QByteArray kTest = "[[tests]]\nname = \"greets\"\nstdout = \"Hello, world!\\n\"\n";

} // namespace

class TestPackLoaderProblems : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_pack;

    std::expected<Course, PackProblem> loadWithHello(const QByteArray &exerciseToml)
    {
        if (!writeFile(m_pack + QStringLiteral("/hello/exercise.toml"), exerciseToml))
            qFatal("cannot write the exercise");
        PackLoader loader(m_dir->filePath(QStringLiteral("unpacked")));
        loader.setLanguageIds({QStringLiteral("python"), QStringLiteral("c")});
        return loader.load(m_pack);
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_pack = m_dir->filePath(QStringLiteral("pack"));
        QVERIFY(SandpitTest::copyFolder(SandpitTest::loaderPack(QStringLiteral("two")), m_pack));
    }

    void reportsWhereAndLeavesTheExerciseOut_data()
    {
        QTest::addColumn<QByteArray>("toml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        const auto row = [](const char *name, const QByteArray &toml, int line, int column, const char *says) {
            QTest::newRow(name) << toml << line << column << QString::fromUtf8(says);
        };
        row("syntax error", "title = \"Hello\n" + kTest, 1, 15,
            "Error while parsing string: unescaped control characters");
        row("wrong type", "title = 3\n[languages.python]\nentry = \"hello.py\"\n" + kTest, 1, 9,
            "'title' in exercise.toml must be a string, not an integer");
        row("missing title", "[languages.python]\nentry = \"hello.py\"\n" + kTest, 0, 0,
            "exercise.toml lacks the required key 'title'");
        row("typo in a key", "titel = \"x\"\n" + kHead + kTest, 1, 1, "unknown key 'titel' in exercise.toml");
        row("typo in a test", kHead + "[[tests]]\nname = \"a\"\nstdot = \"x\"\n", 6, 1,
            "unknown key 'stdot' in [[tests]]");
        row("typo in a checker's limits",
            kHead + kTest
                + "[tests.checker]\nkind = \"program\"\nprogram = \"README.md\"\nlanguage = "
                  "\"python\"\n[tests.checker.limits]\nmemry = 1\n",
            12, 1, "unknown key 'memry' in [tests.checker.limits]");
        row("typo in limits", kHead + "[limits]\ntme = 2\n" + kTest, 5, 1, "unknown key 'tme' in [limits]");
        row("negative limit", kHead + "[limits]\nmemory = -5\n" + kTest, 5, 10,
            "'memory' must be a whole number of megabytes");
        row("zero time", kHead + "[limits]\ntime = 0\n" + kTest, 5, 8, "'time' must be a number of seconds above 0");
        row("limit of the wrong type", kHead + "[limits]\ntime = \"2s\"\n" + kTest, 5, 8,
            "'time' in [limits] must be a number, not a string");
        row("unknown visibility", kHead + kTest + "visibility = \"private\"\n", 7, 14,
            "'visibility' must be \"example\", \"visible\", \"hidden\" or \"secret\"");
        row("unknown checker", "checker = \"fuzzy\"\n" + kHead + kTest, 1, 11, "'checker' names no checker");
        row("unknown checker kind", kHead + kTest + "[tests.checker]\nkind = \"fuzzy\"\n", 8, 8,
            "'kind' names no checker");
        row("regex without pattern", "checker = \"regex\"\n" + kHead + kTest, 1, 11, "needs settings");
        row("bad regex", kHead + kTest + "checker = { kind = \"regex\", pattern = \"(\" }\n", 7, 39,
            "'pattern' is not a valid regular expression");
        row("unknown language", "title = \"Hello\"\n[languages.cobol]\nentry = \"hello.cob\"\n" + kTest, 2, 12,
            "unknown language \"cobol\" (Sandpit knows: python, c)");
        row("no language", "title = \"Hello\"\n" + kTest, 0, 0, "the exercise names no language");
        row("entry with a folder", "title = \"Hello\"\n[languages.python]\nentry = \"src/hello.py\"\n" + kTest, 3, 9,
            "'entry' must be a plain file name");
        row("missing statement", "statement = \"nope.md\"\n" + kHead + kTest, 1, 13, "the file \"nope.md\" is missing");
        row("missing starter", "title = \"Hello\"\n[languages.python]\nentry = \"other.py\"\n" + kTest, 2, 1,
            "the file \"starter/other.py\" is missing");
        row("missing solution", kHead + "solution = \"solution/gone.py\"\n" + kTest, 4, 12,
            "the file \"solution/gone.py\" is missing");
        row("missing harness", kHead + "harness = \"harness/driver.py\"\n" + kTest, 4, 11,
            "the file \"harness/driver.py\" is missing");
        row("missing stdin_file", kHead + kTest + "stdin_file = \"tests/01.in\"\n", 7, 14,
            "the file \"tests/01.in\" is missing");
        row("missing stdout_file", kHead + "[[tests]]\nname = \"a\"\nstdout_file = \"tests/01.out\"\n", 6, 15,
            "the file \"tests/01.out\" is missing");
        row("missing input file", kHead + kTest + "files = [\"data.csv\"]\n", 7, 10,
            "the file \"data.csv\" is missing");
        row("missing output file", kHead + kTest + "[[tests.output_files]]\nname = \"r.txt\"\nfile = \"tests/r.txt\"\n",
            9, 8, "the file \"tests/r.txt\" is missing");
        row("missing checker program", kHead + kTest + "[tests.checker]\nkind = \"program\"\nprogram = \"check.py\"\n",
            9, 11, "the file \"check.py\" is missing");
        row("path out of the pack", kHead + kTest + "stdin_file = \"../../../../etc/passwd\"\n", 7, 14,
            "must be a path below the exercise's folder");
        row("absolute path", kHead + kTest + "stdin_file = \"/etc/passwd\"\n", 7, 14,
            "must be a path below the exercise's folder");
        row("stdin twice", kHead + kTest + "stdin = \"1\"\nstdin_file = \"README.md\"\n", 8, 14,
            "'stdin_file' and 'stdin' are both given");
        row("duplicate test names", kHead + kTest + kTest, 8, 8, "\"greets\" names another test too");
        row("no tests", kHead, 0, 0, "the exercise has no [[tests]]");
        row("exit code out of range", kHead + kTest + "exit_code = 300\n", 7, 13, "'exit_code' must be an exit code");
        row("hint without text", kHead + "[[hints]]\nafter = 2\n" + kTest, 4, 1,
            "[[hints]] lacks the required key 'text'");
        row("policy of the wrong type", kHead + "[policy]\nblock = \"os\"\n" + kTest, 5, 9,
            "'block' in [policy] must be an array");
        row("policy with a bad name", kHead + "[policy]\nwarn = [\"socket\", \"sub-process\"]\n" + kTest, 5, 8,
            "\"sub-process\" is not a module name");
        row("typo in policy", kHead + "[policy]\nblocks = [\"os\"]\n" + kTest, 5, 1,
            "unknown key 'blocks' in [policy]");
        row("network entry without a port", kHead + kTest + "[network]\nallow = [\"pypi.org:443\", \"pypi.org\"]\n", 8, 26,
            "The allowed network destination \"pypi.org\" has no port");
        row("network entry not a string", kHead + kTest + "[network]\nallow = [443]\n", 8, 10,
            "each of 'allow' in [network] must be a string");
        row("typo in [network]", kHead + kTest + "[network]\nallowed = []\n", 8, 1, "unknown key 'allowed' in [network]");
        row("empty file", "", 0, 0, "exercise.toml lacks the required key 'title'");
        row("NUL byte", QByteArray("title = \"He\0llo\"\n", 17) + kHead.mid(16) + kTest, 1, 12, "a NUL byte");
        row("invalid UTF-8", "title = \"H\xff\xfe\"\n" + kHead.mid(16) + kTest, 1, 11, "not valid UTF-8");
        row("ten-megabyte line", "title = \"" + QByteArray(10 * 1024 * 1024, 'x') + "\"\n" + kHead.mid(16) + kTest, 0,
            0, "a pack's TOML file may have at most");
    }

    void policyIsRead()
    {
        const auto course
            = loadWithHello(kHead + "[policy]\nwarn = [\"socket\"]\nblock = [\"os\", \"subprocess\"]\n" + kTest);
        QVERIFY(course.has_value());
        QVERIFY2(course->problems.isEmpty(), qPrintable(course->problems.value(0).toString()));
        const Exercise *hello = course->exercise(QStringLiteral("hello"));
        QVERIFY(hello && hello->importPolicy);
        QCOMPARE(hello->importPolicy->warn, QStringList{QStringLiteral("socket")});
        QCOMPARE(hello->importPolicy->block, QStringList({QStringLiteral("os"), QStringLiteral("subprocess")}));
        QVERIFY(!course->exercise(QStringLiteral("sum"))->importPolicy); // no table: the settings' policy
    }

    void reportsWhereAndLeavesTheExerciseOut()
    {
        QFETCH(QByteArray, toml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, says);
        const auto course = loadWithHello(toml);
        QVERIFY(course.has_value());
        QVERIFY(!course->exercise(QStringLiteral("hello")));
        QVERIFY(course->exercise(QStringLiteral("sum"))); // the rest stays usable
        QVERIFY(!course->problems.isEmpty());
        const PackProblem &problem = course->problems.first();
        QVERIFY2(problem.message.contains(says), qPrintable(problem.toString()));
        QCOMPARE(problem.file, m_pack + QStringLiteral("/hello/exercise.toml"));
        QCOMPARE(problem.exerciseId, QStringLiteral("hello"));
        QCOMPARE(problem.line, line);
        QCOMPARE(problem.column, column);
    }

    // Every problem of a broken exercise is listed at once, not only the first.
    void anExerciseFolderNameMustBeAnId()
    {
        QVERIFY(QDir(m_pack).rename(QStringLiteral("hello"), QStringLiteral("hello world")));
        QVERIFY(writeFile(m_pack + QStringLiteral("/course.toml"), "id = \"two\"\ntitle = \"T\"\n"));
        const auto course = PackLoader(m_dir->filePath(QStringLiteral("u"))).load(m_pack);
        QVERIFY(course.has_value());
        QCOMPARE(course->exercises.size(), 1);
        QCOMPARE(course->problems.value(0).toString(m_pack),
                 QStringLiteral("hello world: \"hello world\" cannot be an exercise id: use letters, digits, '.', '_' "
                                "and '-'"));
    }

    void listsEveryProblemOfAnExercise()
    {
        const auto course = loadWithHello("titel = 1\n" + kHead + "[limits]\ntime = -1\n" + kTest + "points = -2\n");
        QVERIFY(course);
        QCOMPARE(course->problems.size(), 3);
        QCOMPARE(course->problems[0].toString(m_pack),
                 QStringLiteral("hello/exercise.toml:1:1: unknown key 'titel' in "
                                "exercise.toml (it may have: title, statement, "
                                "checker, languages, limits, policy, hints, tests, wrong, network)"));
    }

    // A link inside the pack that leads out of it is refused like "..".
    void refusesALinkOutOfThePack()
    {
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), m_pack + QStringLiteral("/hello/secret.in")));
        const auto course = loadWithHello(kHead + kTest + "stdin_file = \"secret.in\"\n");
        QVERIFY(course);
        QVERIFY(!course->exercise(QStringLiteral("hello")));
        QVERIFY2(course->problems.value(0).message.contains(QStringLiteral("leads outside the pack")),
                 qPrintable(course->problems.value(0).toString()));
    }

    void courseProblemsKeepTheCourse()
    {
        QVERIFY(
            writeFile(m_pack + QStringLiteral("/course.toml"),
                      "id = \"two\"\ntitle = \"T\"\nexercices = []\nexercises = [\"hello\", \"gone\", \"hello\"]\n"));
        const auto course = loadWithHello(kHead + kTest);
        QVERIFY(course);
        QCOMPARE(course->exercises.size(), 1);
        QStringList said;
        for (const PackProblem &problem : course->problems)
            said.append(problem.toString(m_pack));
        QCOMPARE(said,
                 (QStringList{QStringLiteral("course.toml:3:1: unknown key 'exercices' in course.toml (it may "
                                             "have: id, title, description, exercises)"),
                              QStringLiteral("course.toml:4:23: \"gone\" is listed, but there is no "
                                             "gone/exercise.toml"),
                              QStringLiteral("course.toml:4:31: \"hello\" is listed twice"),
                              QStringLiteral("course.toml:4:13: 'exercises' does not list \"sum\", which has an "
                                             "exercise.toml: add it, or learners never see it")}));
    }

    void aBrokenCourseFileIsNoCourse_data()
    {
        QTest::addColumn<QByteArray>("toml");
        QTest::addColumn<QString>("says");
        QTest::newRow("syntax") << QByteArray("id = \"two\"\ntitle = [\n")
                                << QStringLiteral(
                                       "course.toml:2:11: Error while parsing array: encountered end-of-file");
        QTest::newRow("no id") << QByteArray("title = \"T\"\n")
                               << QStringLiteral("course.toml: course.toml lacks the required key 'id'");
        QTest::newRow("empty id") << QByteArray("id = \"\"\ntitle = \"T\"\n")
                                  << QStringLiteral("course.toml:1:6: 'id' must not be empty");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("lacks the required key 'id'");
        QTest::newRow("id that leaves a folder")
            << QByteArray("id = \"../x\"\ntitle = \"T\"\n")
            << QStringLiteral("course.toml:1:6: 'id' \"../x\" cannot be a course id: use letters, digits");
    }

    void aBrokenCourseFileIsNoCourse()
    {
        QFETCH(QByteArray, toml);
        QFETCH(QString, says);
        QVERIFY(writeFile(m_pack + QStringLiteral("/course.toml"), toml));
        const auto course = PackLoader(m_dir->filePath(QStringLiteral("u"))).load(m_pack);
        QVERIFY(!course);
        QVERIFY2(course.error().toString(m_pack).contains(says), qPrintable(course.error().toString(m_pack)));
    }

    void aFolderWithoutCourseFileIsNoPack()
    {
        const auto course = PackLoader(m_dir->filePath(QStringLiteral("u"))).load(m_pack + QStringLiteral("/hello"));
        QVERIFY(!course);
        QVERIFY(course.error().message.contains(QStringLiteral("there is no course.toml")));
    }
};

QTEST_GUILESS_MAIN(TestPackLoaderProblems)
#include "tst_packloader_problems.moc"
