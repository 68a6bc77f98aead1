// Time limits as a multiple of the reference's (tests/fixtures/packs/validate-scaled): the
// loader reads reference-times.toml, and a test's limit then depends on the language a Check
// runs in; without the reference's times the pack still loads, on its explicit limit, with a
// warning that names the fix.
#include "exercises/checkrequests.h"
#include "exercises/packloader.h"

#include "support/packcopy.h"
#include "support/testfiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {
const QString kPython = QStringLiteral("python");
const QString kBash = QStringLiteral("bash");

const ExerciseTest &testNamed(const Exercise &exercise, const QString &name)
{
    for (const ExerciseTest &test : exercise.tests)
        if (test.name == name)
            return test;
    qFatal("no test %s", qPrintable(name));
}
} // namespace

class TestTimeScaling : public QObject
{
    Q_OBJECT

    std::optional<QTemporaryDir> m_dir;
    QString pack() const { return m_dir->filePath(QStringLiteral("scaled")); }
    QString exerciseFile(const QString &name) const { return pack() + QStringLiteral("/sum/") + name; }

    Exercise load()
    {
        auto course = PackLoader(m_dir->path()).load(pack());
        if (!course || course->exercises.size() != 1) {
            qWarning("%s", qPrintable(course ? course->problems.value(0).toString() : course.error().toString()));
            return {};
        }
        return course->exercises.first();
    }

    void edit(const QString &name, const QByteArray &from, const QByteArray &to)
    {
        QByteArray text = SandpitTest::readFile(exerciseFile(name));
        QVERIFY(text.contains(from));
        QVERIFY(SandpitTest::writeFile(exerciseFile(name), text.replace(from, to)));
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.emplace().isValid());
        QVERIFY(SandpitTest::copyFolder(QStringLiteral(SANDPIT_FIXTURES_DIR "/packs/validate-scaled"), pack()));
    }

    void limitIsTheMultipleOfTheReferencesTimeInTheCheckedLanguage()
    {
        const Exercise sum = load();
        QCOMPARE(sum.timeScaling.multiplier, 3.0);
        const Limits base;
        // 3 × 400 ms in Python; 3 × 1000 ms in Bash: the same test, another language's limit.
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("small")), base, kPython).wallTimeMs, 1200);
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("small")), base, kBash).wallTimeMs, 3000);
        // 3 × 20 ms is under the 0.5 s floor.
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("negative")), base, kPython).wallTimeMs, 500);
        // The test's own multiplier and floor: 10 × 50 ms.
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("big")), base, kPython).wallTimeMs, 500);
        // Validate measures under the explicit limit, whatever was recorded.
        QCOMPARE(sum.explicitLimitsFor(testNamed(sum, QStringLiteral("small")), base).wallTimeMs, 2000);
    }

    // A damaged or hostile record gives at most a day, like an explicit limit, and no overflow.
    void aHugeRecordedTimeIsCappedAtADay()
    {
        edit(QStringLiteral("reference-times.toml"), "wall_ms = 400", "wall_ms = 9000000000000000000");
        const Exercise sum = load();
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("small")), Limits{}, kPython).wallTimeMs,
                 qint64(24) * 3600 * 1000);
    }

    void checkRunsUnderTheLimitOfItsLanguage()
    {
        CheckRequest check;
        check.exercise = load();
        check.languageId = kBash;
        const RunRequest run
            = testRunRequest(check, CheckProgram{}, testNamed(check.exercise, QStringLiteral("small")), {});
        QCOMPARE(run.limits.wallTimeMs, 3000);
    }

    void testWithoutARecordedTimeKeepsItsExplicitLimitAndWarns()
    {
        const Exercise sum = load();
        // Bash has a time for "small" only.
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("negative")), Limits{}, kBash).wallTimeMs, 2000);
        QCOMPARE(sum.warnings.size(), 1);
        const QString message = sum.warnings.first().message;
        QVERIFY2(message.contains(QStringLiteral("no bash time for \"negative\", \"big\"")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("sandpit pack validate ")), qPrintable(message));
    }

    void missingRecordLoadsOnTheExplicitLimitAndSaysTheFix()
    {
        QVERIFY(QFile::remove(exerciseFile(QStringLiteral("reference-times.toml"))));
        const Exercise sum = load();
        QCOMPARE(sum.tests.size(), 3);
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("small")), Limits{}, kPython).wallTimeMs, 2000);
        QCOMPARE(sum.warnings.size(), 1);
        QVERIFY(sum.warnings.first().message.contains(QStringLiteral("there is no reference-times.toml")));
        QVERIFY(sum.warnings.first().message.contains(QStringLiteral("Run `sandpit pack validate %1`").arg(pack())));
    }

    void unreadableRecordLoadsOnTheExplicitLimit()
    {
        QVERIFY(SandpitTest::writeFile(exerciseFile(QStringLiteral("reference-times.toml")), "[python\n"));
        const Exercise sum = load();
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("small")), Limits{}, kPython).wallTimeMs, 2000);
        QCOMPARE(sum.warnings.size(), 1);
        QVERIFY(sum.warnings.first().message.contains(QStringLiteral("cannot be read")));
        QCOMPARE(sum.warnings.first().line, 1);
    }

    void noMultiplierNeedsNoRecord()
    {
        edit(QStringLiteral("exercise.toml"), "time_multiplier = 3\n", "");
        edit(QStringLiteral("exercise.toml"), "time_multiplier = 10\n", "");
        QVERIFY(QFile::remove(exerciseFile(QStringLiteral("reference-times.toml"))));
        const Exercise sum = load();
        QVERIFY(sum.warnings.isEmpty());
        QCOMPARE(sum.limitsFor(testNamed(sum, QStringLiteral("small")), Limits{}, kPython).wallTimeMs, 2000);
    }

    void multiplierUnderOneIsAProblem()
    {
        edit(QStringLiteral("exercise.toml"), "time_multiplier = 3\n", "time_multiplier = 0.5\n");
        auto course = PackLoader(m_dir->path()).load(pack());
        QVERIFY(course);
        QCOMPARE(course->exercises.size(), 0);
        QCOMPARE(course->problems.size(), 1);
        QVERIFY(course->problems.first().message.contains(QStringLiteral("'time_multiplier' must be at least 1")));
    }
};

QTEST_GUILESS_MAIN(TestTimeScaling)
#include "tst_timescaling.moc"
