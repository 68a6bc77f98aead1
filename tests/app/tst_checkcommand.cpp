// `sandpit check` as a learner or a pack's author runs it: the real binary, the runner's
// fixture pack (tests/fixtures/packs/runner), the table, --json, the exit status, and the ways
// of naming an exercise.

#include "clitest.h"
#include "support/packcopy.h"

#include <QDir>
#include <QJsonArray>

namespace {
constexpr int kAllPassed = 0;
constexpr int kSomeFailed = 1;
constexpr int kUsage = 2;
constexpr int kCouldNotCheck = 3;

QString pack()
{
    return fixture(QStringLiteral("packs/runner"));
}

QString program(const QString &exerciseAndFile)
{
    return pack() + QLatin1Char('/') + exerciseAndFile;
}

/// Each line of --json's output, parsed.
QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : out.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            qWarning("not a JSON object: %s", line.constData());
        objects << doc.object();
    }
    return objects;
}
} // namespace

class TestCheckCommand : public CliTest
{
    Q_OBJECT

    Cli check(const QStringList &arguments, QProcessEnvironment env = {}) const
    {
        if (env.isEmpty())
            env = environment();
        return SandpitProcess::run(QStringList{QStringLiteral("check")} + arguments, env, 120000);
    }
    /// A home of the test's own, whose Documents folder holds the learner's files.
    QProcessEnvironment homeEnvironment() const
    {
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("HOME"), m_dir->path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir->filePath(QStringLiteral("cache")));
        env.remove(QStringLiteral("XDG_DOCUMENTS_DIR"));
        return env;
    }

private Q_SLOTS:
    void passingFileExitsZeroWithTheTable()
    {
        const Cli c = check({pack() + QStringLiteral("/sum"), program(QStringLiteral("sum/solution/sum.py"))});
        QCOMPARE(c.exitCode, kAllPassed);
        const QString out = QString::fromUtf8(c.out);
        QVERIFY2(out.contains(QStringLiteral("Test")) && out.contains(QStringLiteral("Verdict"))
                     && out.contains(QStringLiteral("Points")),
                 c.out.constData());
        QCOMPARE(out.count(QStringLiteral("Passed")), 3);
        QVERIFY2(out.contains(QStringLiteral("✓ large numbers")), c.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Score 4/4: 3 of 3 tests passed")), c.out.constData());
    }

    void failedVisibleTestShowsWhyAndItsHint()
    {
        const Cli c = check({pack() + QStringLiteral("/sum"), program(QStringLiteral("sum/wrong/divides_by_zero.py"))});
        QCOMPARE(c.exitCode, kSomeFailed);
        const QString out = QString::fromUtf8(c.out);
        QVERIFY2(out.contains(QStringLiteral("✗ small numbers")), c.out.constData());
        QCOMPARE(out.count(QStringLiteral("Runtime error")), 3);
        QVERIFY2(out.contains(QStringLiteral("Hint: What is 2 + 3?")), c.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Score 0/4")), c.out.constData());
    }

    void hiddenTestShowsItsVerdictAndHintOnly()
    {
        const Cli c
            = check({pack() + QStringLiteral("/sum"), program(QStringLiteral("sum/wrong/off_by_one_when_large.py"))});
        QCOMPARE(c.exitCode, kSomeFailed);
        const QString out = QString::fromUtf8(c.out);
        QVERIFY2(out.contains(QStringLiteral("✗ large numbers")), c.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Wrong answer")), c.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Hint: Big numbers add like small ones.")), c.out.constData());
        QVERIFY2(!out.contains(QStringLiteral("3000001")), c.out.constData()); // its actual output
        QVERIFY2(out.contains(QStringLiteral("Score 2/4")), c.out.constData());
    }

    void jsonGivesOneObjectPerTestAndASummary()
    {
        const Cli c = check({QStringLiteral("--json"), QStringLiteral("--pack"), pack(), QStringLiteral("sum"),
                             program(QStringLiteral("sum/wrong/spins_forever.py"))});
        QCOMPARE(c.exitCode, kSomeFailed);
        const QList<QJsonObject> lines = jsonLines(c.out);
        QCOMPARE(lines.size(), 4);
        const QJsonObject first = lines.at(0);
        QCOMPARE(first.value(QStringLiteral("name")).toString(), QStringLiteral("small numbers"));
        QCOMPARE(first.value(QStringLiteral("verdict")).toString(), QStringLiteral("time-limit"));
        QCOMPARE(first.value(QStringLiteral("kill_reason")).toString(), QStringLiteral("timeout"));
        QVERIFY(first.value(QStringLiteral("wall_ms")).toInteger() >= 3000);
        QVERIFY(first.value(QStringLiteral("limits_reached")).isArray());
        for (const char *key : {"cpu_ms", "peak_memory_bytes", "diff", "explanation"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QCOMPARE(first.value(QStringLiteral("points")).toInt(), 0);
        QCOMPARE(first.value(QStringLiteral("max_points")).toInt(), 1);
        QCOMPARE(first.value(QStringLiteral("hint")).toString(), QStringLiteral("What is 2 + 3?"));
        QCOMPARE(lines.at(2).value(QStringLiteral("visibility")).toString(), QStringLiteral("hidden"));
        const QJsonObject summary = lines.at(3);
        QVERIFY(summary.value(QStringLiteral("summary")).toBool());
        QCOMPARE(summary.value(QStringLiteral("score")).toInt(), 0);
        QCOMPARE(summary.value(QStringLiteral("max_score")).toInt(), 4);
        QCOMPARE(summary.value(QStringLiteral("backend")).toString(), QStringLiteral("local"));
        QCOMPARE(summary.value(QStringLiteral("all_passed")).toBool(), false);
        QCOMPARE(summary.value(QStringLiteral("warnings")).toArray(), QJsonArray());
        QVERIFY2(!c.err.contains("warning:"), c.err.constData());
    }

    void anExercisesWarningIsSaidOnStderrAndInTheJsonSummary()
    {
        // A time multiplier without the reference's times: the Check runs under the explicit
        // limit, and whoever checks is told so, not only `sandpit pack validate`'s user.
        const QString copy = m_dir->filePath(QStringLiteral("scaled"));
        QVERIFY(SandpitTest::copyFolder(fixture(QStringLiteral("packs/validate-scaled")), copy));
        QVERIFY(QFile::remove(copy + QStringLiteral("/sum/reference-times.toml")));
        const QString solution = copy + QStringLiteral("/sum/solution/sum.py");

        const Cli c = check({copy + QStringLiteral("/sum"), solution});
        QCOMPARE(c.exitCode, kAllPassed);
        QVERIFY2(c.err.contains("warning: ") && c.err.contains("sum/reference-times.toml: time_multiplier is set"),
                 c.err.constData());
        QVERIFY2(!c.out.contains("time_multiplier"), c.out.constData());

        const Cli j = check({QStringLiteral("--json"), copy + QStringLiteral("/sum"), solution});
        QCOMPARE(j.exitCode, kAllPassed);
        QVERIFY2(j.err.contains("warning: "), j.err.constData());
        const QList<QJsonObject> lines = jsonLines(j.out);
        QCOMPARE(lines.size(), 3); // two tests (the secret one is not a learner's) and the summary
        const QJsonArray warnings = lines.last().value(QStringLiteral("warnings")).toArray();
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.at(0).toString().contains(QStringLiteral("time_multiplier is set")), j.out.constData());
    }

    void jsonShowsAWrongAnswersDiff()
    {
        const Cli c = check({QStringLiteral("--json"), pack() + QStringLiteral("/add"),
                             program(QStringLiteral("add/wrong/subtracts.c"))});
        QCOMPARE(c.exitCode, kSomeFailed);
        const QList<QJsonObject> lines = jsonLines(c.out);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines.at(0).value(QStringLiteral("verdict")).toString(), QStringLiteral("wrong-answer"));
        const QString diff = lines.at(0).value(QStringLiteral("diff")).toString();
        // The diff draws spaces, so the learner sees exactly what was printed.
        QVERIFY2(diff.contains(QStringLiteral("+ add(1,·2)·=·-1¶")), qPrintable(diff));
    }

    void bundledCourseByName()
    {
        // COURSE/EXERCISE, with the fixtures' packs standing in for the courses Sandpit ships.
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("SANDPIT_EXERCISES_DIR"), fixture(QStringLiteral("packs")));
        const Cli c
            = check({QStringLiteral("runner/parity"), program(QStringLiteral("parity/solution/parity.py"))}, env);
        QCOMPARE(c.exitCode, kAllPassed);
        QVERIFY2(c.out.contains("Score 2/2"), c.out.constData());
    }

    void fileDefaultsToTheLearnersOwn()
    {
        const QProcessEnvironment env = homeEnvironment();
        const QString folder = m_dir->filePath(QStringLiteral("Documents/Sandpit Exercises/runner/sum"));
        Cli c = check({pack() + QStringLiteral("/sum")}, env);
        QCOMPARE(c.exitCode, kCouldNotCheck);
        QVERIFY2(c.err.contains("you have no file for this exercise yet"), c.err.constData());
        QVERIFY2(c.err.contains(folder.toUtf8()), c.err.constData());

        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QFile::copy(program(QStringLiteral("sum/wrong/off_by_one_when_large.py")),
                            folder + QStringLiteral("/sum.py")));
        c = check({pack() + QStringLiteral("/sum")}, env);
        QCOMPARE(c.exitCode, kSomeFailed);
        QVERIFY2(c.out.contains("Score 2/4"), c.out.constData());
    }

    void malformedPackSaysWhere()
    {
        const QString broken = fixture(QStringLiteral("packs/runner-broken"));
        const Cli c = check({QStringLiteral("--pack"), broken, QStringLiteral("typo"),
                             program(QStringLiteral("badchecker/solution/echo.py"))});
        QCOMPARE(c.exitCode, kCouldNotCheck);
        QVERIFY2(c.err.contains("typo/exercise.toml:8:1: "), c.err.constData());
        QVERIFY2(c.err.contains("stdinn"), c.err.constData());
        QVERIFY(c.out.isEmpty());

        // With --json, the same as `sandpit run --json` when nothing ran: {"error": …}.
        const Cli j = check({QStringLiteral("--json"), QStringLiteral("--pack"), broken, QStringLiteral("typo"),
                             program(QStringLiteral("badchecker/solution/echo.py"))});
        QCOMPARE(j.exitCode, kCouldNotCheck);
        const QJsonObject error = j.json().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("bad-request"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("exercise.toml:8:1: ")),
                 j.out.constData());
    }

    void missingFileCouldNotCheck()
    {
        const Cli c = check({pack() + QStringLiteral("/sum"), m_dir->filePath(QStringLiteral("nothing.py"))});
        QCOMPARE(c.exitCode, kCouldNotCheck);
        QVERIFY2(c.err.contains("nothing.py"), c.err.constData());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("said");
        QTest::newRow("no exercise") << QStringList{} << QByteArray("usage: sandpit check EXERCISE");
        QTest::newRow("too many") << QStringList{pack() + QStringLiteral("/sum"), QStringLiteral("a.py"),
                                                 QStringLiteral("b.py")}
                                  << QByteArray("usage: sandpit check EXERCISE");
        QTest::newRow("language it does not take")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("bash"), pack() + QStringLiteral("/sum"),
                           program(QStringLiteral("sum/solution/sum.py"))}
            << QByteArray("cannot be solved in bash");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--bogus"), pack() + QStringLiteral("/sum")}
                                        << QByteArray("bogus");
    }

    void usageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, said);
        const Cli c = check(arguments);
        QCOMPARE(c.exitCode, kUsage);
        QVERIFY2(c.err.contains(said), c.err.constData());
    }

    void noSuchExercise()
    {
        Cli c = check({QStringLiteral("--pack"), pack(), QStringLiteral("nothing"),
                       program(QStringLiteral("sum/solution/sum.py"))});
        QCOMPARE(c.exitCode, kCouldNotCheck);
        QVERIFY2(c.err.contains("has no exercise \"nothing\""), c.err.constData());
        c = check({QStringLiteral("nowhere/nothing"), program(QStringLiteral("sum/solution/sum.py"))});
        QCOMPARE(c.exitCode, kCouldNotCheck);
        QVERIFY2(c.err.contains("no exercise \"nowhere/nothing\""), c.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCheckCommand)
#include "tst_checkcommand.moc"
