// `sandpit pack build`'s core: what a learner build leaves out, what it keeps, and that a build
// is whole, the same bytes twice, and readable, or is not made at all.

#include "exercises/packbuilder.h"
#include "exercises/packloader.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {
const QString kFixture = QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/build");

QStringList testNames(const Exercise &exercise)
{
    QStringList names;
    for (const ExerciseTest &test : exercise.tests)
        names << test.name;
    return names;
}
} // namespace

class TestPackBuilder : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    PackBuildRequest request(const QString &output, PackAudience audience = PackAudience::Learner,
                             const QString &pack = kFixture) const
    {
        return PackBuildRequest{pack, audience, m_dir.filePath(output), false,
                                m_dir.filePath(QStringLiteral("unpack"))};
    }
    Course loaded(const QString &path) const
    {
        const auto course = PackLoader(m_dir.filePath(QStringLiteral("unpack-check"))).load(path);
        if (!course)
            qFatal("the build does not load: %s", qPrintable(course.error().toString()));
        return *course;
    }

private Q_SLOTS:
    void aLearnerBuildLeavesOutSolutionsWrongProgramsAndSecretTests()
    {
        const auto built = buildPack(request(QStringLiteral("learner")));
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        const QDir out(built->output);
        QVERIFY(!out.exists(QStringLiteral("lists/solution")));
        QVERIFY(!out.exists(QStringLiteral("lists/wrong")));
        QVERIFY(!out.exists(QStringLiteral("hello/solution")));
        // Files only secret tests use are gone; one a hidden test shares with a secret one stays.
        QVERIFY(!out.exists(QStringLiteral("lists/tests/secret.in")));
        QVERIFY(!out.exists(QStringLiteral("lists/tests/secret.out")));
        QVERIFY(!out.exists(QStringLiteral("lists/tests/secret-data.txt")));
        QVERIFY(out.exists(QStringLiteral("lists/tests/shared.in")));

        const Course course = loaded(built->output);
        QVERIFY(course.problems.isEmpty());
        QCOMPARE(course.exercises.size(), 2);
        const Exercise &lists = *course.exercise(QStringLiteral("lists"));
        QCOMPARE(testNames(lists),
                 (QStringList{QStringLiteral("one number"), QStringLiteral("shared input"),
                              QStringLiteral("after the secrets")}));
        QCOMPARE(lists.tests.first().expectedStdout, std::optional(QByteArray("[1]\n")));
        QVERIFY(lists.languages.first().solutionPath.isEmpty());
        QVERIFY(lists.languages.first().wrongPaths.isEmpty());
        // The author's comments stay with the text around them.
        QVERIFY(SandpitTest::readFile(built->output + QStringLiteral("/lists/exercise.toml"))
                    .startsWith("# Secret tests with subtables"));

        QCOMPARE(built->leftOut.size(), 2);
        const PackLeftOut &left = built->leftOut.first();
        QCOMPARE(left.exerciseId, QStringLiteral("lists"));
        QCOMPARE(left.solutions, 1);
        QCOMPARE(left.wrongPrograms, 1);
        QCOMPARE(left.secretTests, 2);
        QCOMPARE(left.secretFiles, 3);
    }

    void aLearnerBuildKeepsTheReferenceTimesItsLimitsAreMultiplesOf()
    {
        const QString scaled = QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/validate-scaled");
        const auto built = buildPack(request(QStringLiteral("scaled"), PackAudience::Learner, scaled));
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        const QByteArray times = SandpitTest::readFile(built->output + QStringLiteral("/sum/reference-times.toml"));
        QVERIFY(times.contains("[\"python\".\"small\"]\nwall_ms = 400\n"));
        QVERIFY(!times.contains("big")); // the secret test's name stays with the instructor
        const Exercise sum = loaded(built->output).exercises.value(0);
        QCOMPARE(sum.tests.size(), 2);
        QCOMPARE(sum.limitsFor(sum.tests.first(), Limits{}, QStringLiteral("python")).wallTimeMs, 1200);
    }

    void aZipIsTheSameBytesEveryTime()
    {
        const auto first = buildPack(request(QStringLiteral("one.zip")));
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        const auto second = buildPack(request(QStringLiteral("two.zip")));
        QVERIFY(second);
        const QByteArray bytes = SandpitTest::readFile(first->output);
        QVERIFY(bytes.startsWith("PK"));
        QCOMPARE(bytes.size(), first->bytes);
        QCOMPARE(SandpitTest::readFile(second->output), bytes);
        QCOMPARE(testNames(*loaded(first->output).exercise(QStringLiteral("lists"))).size(), 3);
    }

    void anInstructorBuildKeepsEverything()
    {
        const auto built = buildPack(request(QStringLiteral("instructor.zip"), PackAudience::Instructor));
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        QVERIFY(built->leftOut.isEmpty());
        const Course course = loaded(built->output);
        const Exercise &lists = *course.exercise(QStringLiteral("lists"));
        QCOMPARE(lists.tests.size(), 5);
        QCOMPARE(lists.tests.at(2).visibility, Visibility::Secret);
        QCOMPARE(lists.tests.at(2).inputFiles.size(), 1);
        QVERIFY(!lists.languages.first().solutionPath.isEmpty());
        QCOMPARE(lists.languages.first().wrongPaths.size(), 1);
    }

    void aPackWithProblemsIsNotBuilt()
    {
        const QString pack = m_dir.filePath(QStringLiteral("broken"));
        QVERIFY(SandpitTest::copyFolder(kFixture, pack));
        QVERIFY(
            SandpitTest::writeFile(pack + QStringLiteral("/hello/exercise.toml"), "title = \"Hello\"\npoints = \n"));
        const auto built = buildPack(request(QStringLiteral("broken-build"), PackAudience::Learner, pack));
        QVERIFY(!built);
        QCOMPARE(built.error().problems.size(), 1);
        QVERIFY(built.error().problems.first().file.endsWith(QStringLiteral("hello/exercise.toml")));
        QCOMPARE(built.error().problems.first().line, 2);
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("broken-build"))));
    }

    void anOutputThatExistsIsReplacedOnlyWhenAsked()
    {
        QVERIFY(SandpitTest::writeFile(m_dir.filePath(QStringLiteral("taken.zip")), "mine"));
        const auto refused = buildPack(request(QStringLiteral("taken.zip")));
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("--force")), qPrintable(refused.error().message));
        QCOMPARE(SandpitTest::readFile(m_dir.filePath(QStringLiteral("taken.zip"))), QByteArray("mine"));
        PackBuildRequest replacing = request(QStringLiteral("taken.zip"));
        replacing.replace = true;
        QVERIFY(buildPack(replacing));
        QVERIFY(SandpitTest::readFile(m_dir.filePath(QStringLiteral("taken.zip"))).startsWith("PK"));
    }

    void neverBuildsIntoThePack()
    {
        const QString pack = m_dir.filePath(QStringLiteral("own"));
        QVERIFY(SandpitTest::copyFolder(kFixture, pack));
        PackBuildRequest inside{pack, PackAudience::Learner, pack + QStringLiteral("/build.zip"), true, {}};
        const auto built = buildPack(inside);
        QVERIFY(!built);
        QVERIFY(!QFileInfo::exists(pack + QStringLiteral("/build.zip")));
    }

    void aSolutionNamedOutsideSolutionIsLeftOutToo()
    {
        const QString pack = m_dir.filePath(QStringLiteral("elsewhere"));
        QVERIFY(SandpitTest::copyFolder(kFixture, pack));
        QVERIFY(QDir(pack).mkpath(QStringLiteral("hello/reference")));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/hello/reference/hello.py"), "print(\"hello\")\n"));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/hello/reference-times.toml"), "# times\n"));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/hello/exercise.toml"),
                                       "title = \"Hello\"\n[languages.python]\nentry = \"hello.py\"\n"
                                       "solution = \"reference/hello.py\"\n[[tests]]\nname = \"greets\"\n"
                                       "stdout = \"hello\\n\"\nvisibility = \"example\"\n"));
        const auto built = buildPack(request(QStringLiteral("elsewhere-build"), PackAudience::Learner, pack));
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        QVERIFY(!QFileInfo::exists(built->output + QStringLiteral("/hello/reference/hello.py")));
        QVERIFY(!QFileInfo::exists(built->output + QStringLiteral("/hello/reference-times.toml")));
        QVERIFY(loaded(built->output).exercise(QStringLiteral("hello"))->languages.first().solutionPath.isEmpty());
    }

    void anInlineSecretTestIsRefusedNotLeftIn()
    {
        const QString pack = m_dir.filePath(QStringLiteral("inline"));
        QVERIFY(SandpitTest::copyFolder(kFixture, pack));
        QVERIFY(SandpitTest::writeFile(pack + QStringLiteral("/hello/exercise.toml"),
                                       "title = \"Hello\"\n"
                                       "tests = [{ name = \"s\", stdout = \"hello\\n\", visibility = \"secret\" }]\n"
                                       "[languages.python]\nentry = \"hello.py\"\n"));
        const auto built = buildPack(request(QStringLiteral("inline-build"), PackAudience::Learner, pack));
        QVERIFY(!built);
        QVERIFY2(built.error().message.contains(QStringLiteral("[[tests]] table")), qPrintable(built.error().message));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("inline-build"))));
    }
};

QTEST_GUILESS_MAIN(TestPackBuilder)
#include "tst_packbuilder.moc"
