// `sandpit pack validate`'s core on the local sandbox: a copy of the good fixture pack
// (tests/fixtures/packs/validate/good) is validated as it is, and with one thing broken.

#include "engine/backendfactory.h"
#include "engine/runrequestbuilder.h"
#include "exercises/packvalidator.h"
#include "support/packcopy.h"
#include "support/runharness.h"

#include <QDateTime>
#include <QDir>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

using namespace Sandpit::Core;
using namespace SandpitTest;

namespace {
bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == text.size();
}

bool hasFinding(const ValidationReport &report, ValidationFinding::Severity severity, const QString &subject,
                const QString &messagePart = {})
{
    return std::ranges::any_of(report.findings, [&](const ValidationFinding &finding) {
        return finding.severity == severity && finding.subject == subject && finding.message.contains(messagePart);
    });
}
/// Keeps every thread of the global pool busy until released: work queued meanwhile runs only
/// after what the test does in between.
class PoolBlock
{
public:
    PoolBlock()
    {
        for (int i = 0; i < QThreadPool::globalInstance()->maxThreadCount(); ++i)
            QThreadPool::globalInstance()->start([this] {
                m_started.release();
                m_gate.acquire();
            });
        m_started.acquire(QThreadPool::globalInstance()->maxThreadCount());
    }
    ~PoolBlock() { release(); }
    void release()
    {
        m_gate.release(QThreadPool::globalInstance()->maxThreadCount() - m_released);
        m_released = QThreadPool::globalInstance()->maxThreadCount();
    }

private:
    QSemaphore m_started, m_gate;
    int m_released = 0;
};
} // namespace

class TestPackValidator : public QObject
{
    Q_OBJECT

    std::optional<QTemporaryDir> m_dir;
    QString pack() const { return m_dir->filePath(QStringLiteral("good")); }
    QString exerciseFile(const QString &name) const { return pack() + QStringLiteral("/sum/") + name; }

    ValidationReport validate(bool record = true, const RunRequest &engine = {})
    {
        PackValidator validator(makeBackends(LanguageRegistry::builtIn(), EngineSettings{}, RunsExpected::Series));
        QSignalSpy finished(&validator, &PackValidator::finished);
        QSignalSpy failed(&validator, &PackValidator::failed);
        ValidationRequest request;
        request.packPath = pack();
        request.recordReferenceTimes = record;
        request.engine = engine;
        validator.start(request);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 120000); }();
        if (finished.isEmpty())
            qWarning("validation failed: %s", qPrintable(failed.at(0).at(0).value<RunError>().message));
        return finished.isEmpty() ? ValidationReport{} : finished.at(0).at(0).value<ValidationReport>();
    }

    void scaleTimes(const QByteArray &keys)
    {
        QFile toml(exerciseFile(QStringLiteral("exercise.toml")));
        QVERIFY(toml.open(QIODevice::ReadOnly));
        QByteArray text = toml.readAll().replace("time = 2.0\n", "time = 2.0\n" + keys);
        toml.close();
        QVERIFY(writeFile(toml.fileName(), text));
    }

    void appendToExercise(const QByteArray &text)
    {
        QFile toml(exerciseFile(QStringLiteral("exercise.toml")));
        QVERIFY(toml.open(QIODevice::Append));
        QCOMPARE(toml.write(text), text.size());
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.emplace().isValid());
        QVERIFY(copyFolder(fixturesDir() + QStringLiteral("/packs/validate/good"), pack()));
    }

    void goodPackPassesAndRecordsReferenceTimes()
    {
        const ValidationReport report = validate();
        QVERIFY(report.passed());
        QCOMPARE(report.exercises, 1);
        // The reference three times (its times are the medians), each wrong program once.
        QCOMPARE(report.runs, 5);
        QVERIFY(report.findings.isEmpty());
        QCOMPARE(report.referenceTimes.size(), 2);
        QFile times(exerciseFile(QStringLiteral("reference-times.toml")));
        QVERIFY(times.open(QIODevice::ReadOnly));
        const QByteArray text = times.readAll();
        QVERIFY(text.contains("[\"python\".\"small\"]"));
        QVERIFY(text.contains("[\"python\".\"negative\"]"));
        QVERIFY(text.contains("wall_ms = "));
    }

    void noRecordWritesNoReferenceTimes()
    {
        const ValidationReport report = validate(false);
        QVERIFY(report.passed());
        QCOMPARE(report.runs, 3); // nothing is timed: the reference runs once
        QVERIFY(!QFile::exists(exerciseFile(QStringLiteral("reference-times.toml"))));
    }

    void failingSolutionIsAnError()
    {
        QVERIFY(writeFile(exerciseFile(QStringLiteral("solution/sum.py")),
                          "a, b = map(int, input().split())\nprint(a - b)\n"));
        const ValidationReport report = validate();
        QVERIFY(!report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("solution/sum.py"),
                           QStringLiteral("fails this test")));
        // A failed test's time is not recorded: a limit scaled by it would mean nothing.
        for (const ReferenceTime &time : report.referenceTimes)
            QVERIFY2(time.testName != QStringLiteral("small") && time.testName != QStringLiteral("negative"),
                     qPrintable(time.testName));
    }

    void wrongProgramThatPassesIsAnError()
    {
        QVERIFY(QFile::copy(exerciseFile(QStringLiteral("solution/sum.py")),
                            exerciseFile(QStringLiteral("wrong/looks_wrong.py"))));
        const ValidationReport report = validate();
        QVERIFY(!report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("wrong/looks_wrong.py"),
                           QStringLiteral("passes every test")));
    }

    void slowProgramFailingOnWrongAnswerIsAnError()
    {
        QVERIFY(writeFile(exerciseFile(QStringLiteral("wrong/slow.py")), "print(0)\n"));
        const ValidationReport report = validate();
        QVERIFY(!report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("wrong/slow.py"),
                           QStringLiteral("Time limit")));
    }

    void metadataOverridesWhatTheNameSays()
    {
        // Named slow, but it answers wrong at once: [wrong."slow.py"] says so, and wins.
        QVERIFY(writeFile(exerciseFile(QStringLiteral("wrong/slow.py")), "print(0)\n"));
        appendToExercise("\n[wrong.\"slow.py\"]\nexpect = \"wrong-answer\"\n");
        ValidationReport report = validate(false);
        QVERIFY(report.passed());
        QVERIFY(!hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("wrong/slow.py")));

        // And it is held to it: ignores_sign.py answers wrong, not out of time.
        appendToExercise("[wrong.\"ignores_sign.py\"]\nexpect = \"time\"\n");
        report = validate(false);
        QVERIFY(!report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("wrong/ignores_sign.py"),
                           QStringLiteral("[wrong.\"ignores_sign.py\"] expects “Time limit”")));
    }

    void metadataForAMissingProgramIsAnError()
    {
        appendToExercise("\n[wrong.\"gone.py\"]\nexpect = \"memory\"\n");
        const ValidationReport report = validate(false);
        QVERIFY(!report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("wrong/gone.py"),
                           QStringLiteral("names no program in wrong/")));
    }

    void exampleMissingFromStatementWarns()
    {
        QFile readme(exerciseFile(QStringLiteral("README.md")));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        QByteArray text = readme.readAll().replace("```\n5\n```", "```\n6\n```");
        readme.close();
        QVERIFY(writeFile(readme.fileName(), text));
        const ValidationReport report = validate(false);
        QVERIFY(report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Warning, QStringLiteral("README.md"),
                           QStringLiteral("no code block with the example's expected output")));
    }

    void missingAndUnreferencedFiles()
    {
        QVERIFY(writeFile(exerciseFile(QStringLiteral("tests/forgotten.out")), "1\n"));
        ValidationReport report = validate(false);
        QVERIFY(report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Warning, QStringLiteral("tests/forgotten.out")));

        QVERIFY(QFile::remove(exerciseFile(QStringLiteral("tests/negative.out"))));
        report = validate(false);
        QVERIFY(!report.passed());
        QCOMPARE(report.loadProblems.size(), 1);
        QVERIFY(report.loadProblems.at(0).message.contains(QStringLiteral("negative.out")));
    }

    void insaneLimitsAreErrors()
    {
        QFile toml(exerciseFile(QStringLiteral("exercise.toml")));
        QVERIFY(toml.open(QIODevice::ReadOnly));
        QByteArray text = toml.readAll().replace("time = 2.0", "time = 120.0").replace("memory = 128", "memory = 4");
        toml.close();
        QVERIFY(writeFile(toml.fileName(), text));
        const ValidationReport report = validate(false);
        QVERIFY(!report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("limits"),
                           QStringLiteral("time limit")));
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("limits"),
                           QStringLiteral("memory limit")));
        // Nothing ran under them: wrong/slow.py would otherwise spend 120 s per test.
        QCOMPARE(report.runs, 0);
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Warning, QStringLiteral("limits"),
                           QStringLiteral("not run")));
    }

    void multiplierWithoutRecordWarnsWithTheFix()
    {
        scaleTimes("time_multiplier = 3\n");
        ValidationReport report = validate(false);
        QVERIFY(report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Warning, QStringLiteral("reference-times.toml"),
                           QStringLiteral("Run `sandpit pack validate %1`").arg(pack())));
        // Validate records them, so it does not warn about what it fixes.
        report = validate();
        QVERIFY(report.passed());
        QVERIFY(!hasFinding(report, ValidationFinding::Severity::Warning, QStringLiteral("reference-times.toml")));
        QVERIFY(QFile::exists(exerciseFile(QStringLiteral("reference-times.toml"))));
    }

    void staleRecordIsNotTheLimitValidateMeasuresUnder()
    {
        // A multiple of these 1 ms would stop the reference at once.
        scaleTimes("time_multiplier = 5\ntime_floor = 0.001\n");
        QVERIFY(writeFile(exerciseFile(QStringLiteral("reference-times.toml")),
                          "[\"python\".\"small\"]\nwall_ms = 1\n[\"python\".\"negative\"]\nwall_ms = 1\n"));
        QFile solution(exerciseFile(QStringLiteral("solution/sum.py")));
        QVERIFY(solution.open(QIODevice::ReadWrite));
        QVERIFY(solution.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
        solution.close();
        const ValidationReport report = validate(false);
        QVERIFY(report.passed());
        QVERIFY(hasFinding(report, ValidationFinding::Severity::Warning, QStringLiteral("reference-times.toml"),
                           QStringLiteral("older than solution/sum.py")));
        // wrong/slow.py still ends on time, under a multiple of what was just measured.
        QVERIFY(!hasFinding(report, ValidationFinding::Severity::Error, QStringLiteral("wrong/slow.py")));
    }

    void dockerOutOfReachFallsBackAsALearnersCheckDoes()
    {
        // The settings choose Docker, which cannot be reached, and allow the fallback: a
        // learner's Check would run in the local sandbox, and so does validation.
        const QByteArray host = qgetenv("DOCKER_HOST");
        qputenv("DOCKER_HOST", "unix://" + QFile::encodeName(m_dir->filePath(QStringLiteral("no-docker.sock"))));
        EngineSettings settings;
        settings.backend = QStringLiteral("docker");
        const auto engine = RunRequestBuilder(settings).build();
        QVERIFY(engine);
        QCOMPARE(engine->fallbackBackend, QStringLiteral("local"));
        const ValidationReport report = validate(false, *engine);
        host.isNull() ? qunsetenv("DOCKER_HOST") : qputenv("DOCKER_HOST", host);
        QVERIFY(report.passed());
        QCOMPARE(report.runs, 3);
    }

    void destroyedWhileReadingThePackReportsNothing()
    {
        auto *validator = new PackValidator(makeBackends(LanguageRegistry::builtIn(), {}, RunsExpected::Series));
        bool reported = false;
        connect(validator, &PackValidator::finished, this, [&] { reported = true; });
        connect(validator, &PackValidator::failed, this, [&] { reported = true; });
        ValidationRequest request;
        request.packPath = QStringLiteral(SANDPIT_SOURCE_DIR "/resources/exercises/intro");
        PoolBlock block; // the pack is read only once the validator is gone
        validator->start(request);
        delete validator;
        block.release();
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QVERIFY(!reported);
    }

    void destroyedWhileWritingTheTimesReportsNothing()
    {
        auto *validator = new PackValidator(makeBackends(LanguageRegistry::builtIn(), {}, RunsExpected::Series));
        std::optional<PoolBlock> block; // the times are written only once the validator is gone
        bool reported = false;
        connect(validator, &PackValidator::progress, this, [&](int done, int total) {
            if (total > 0 && done == total && !block)
                block.emplace();
        });
        connect(validator, &PackValidator::finished, this, [&] { reported = true; });
        ValidationRequest request;
        request.packPath = pack();
        validator->start(request);
        QTRY_VERIFY_WITH_TIMEOUT(block.has_value(), 120000);
        QVERIFY(!reported); // the report waits for the times to be written
        delete validator;
        block->release();
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QVERIFY(!reported);
    }

    void bundledCoursePasses()
    {
        QVERIFY(QDir(pack()).removeRecursively());
        QVERIFY(copyFolder(QStringLiteral(SANDPIT_SOURCE_DIR "/resources/exercises/intro"), pack()));
        const ValidationReport report = validate(false);
        for (const ValidationFinding &finding : report.findings)
            if (finding.severity == ValidationFinding::Severity::Error)
                qWarning("%s %s: %s", qPrintable(finding.exerciseId), qPrintable(finding.subject),
                         qPrintable(finding.message));
        QVERIFY(report.exercises > 20);
        QVERIFY(report.passed());
    }
};

QTEST_GUILESS_MAIN(TestPackValidator)
#include "tst_packvalidator.moc"
