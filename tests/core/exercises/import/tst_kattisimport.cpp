// KattisImporter: a problem package becomes a pack that loads, with samples as examples, secret
// groups as secret tests under their validator flags' checkers, submissions as the solution and
// wrong programs, and a warning for each field Sandpit cannot keep.
#include "exercises/import/kattisimporter.h"

#include "support/importedpack.h"
#include "support/packcopy.h"

#include <QDir>
#include <QFile>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TstKattisImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void packageMapsToAPackThatLoads()
    {
        const auto draft = KattisImporter::read(importFixture(QStringLiteral("kattis-sum-pairs")));
        QVERIFY2(draft, qPrintable(draft.error()));
        QTemporaryDir dir;
        const auto exercise = writtenExercise(*draft, dir);
        QVERIFY(exercise);
        QCOMPARE(exercise->title, QStringLiteral("Sum of Pairs"));
        QVERIFY(exercise->statementMarkdown.contains(QStringLiteral("Print their sum")));
        QCOMPARE(exercise->limits.memoryBytes, qint64(128) * 1024 * 1024);
        QCOMPARE(exercise->limits.wallTimeMs, 1000);          // no time_multiplier limit: the default 1 s
        QCOMPARE(exercise->checker.kind, CheckerKind::Float); // validator_flags float_tolerance 1e-6
        QCOMPARE(exercise->checker.absoluteTolerance, 1e-6);
        QCOMPARE(exercise->tests.size(), 3);
        QCOMPARE(exercise->tests.at(0).visibility, Visibility::Example);
        QCOMPARE(exercise->tests.at(0).expectedStdout, QByteArray("3\n7\n"));
        const ExerciseTest &big = exercise->tests.at(1);
        QCOMPARE(big.name, QStringLiteral("secret/large/big"));
        QCOMPARE(big.visibility, Visibility::Secret); // grading's data: not in a learner build
        QCOMPARE(big.checker->kind, CheckerKind::Float);
        QCOMPARE(big.checker->absoluteTolerance, 0.001);
        const ExerciseTest &zero = exercise->tests.at(2);
        QCOMPARE(zero.checker->kind, CheckerKind::Exact); // case_sensitive space_change_sensitive
        QCOMPARE(zero.arguments, QStringList{QStringLiteral("--fast")});
        QVERIFY(zero.hint.contains(QStringLiteral("Zero plus zero.")));
        const ExerciseLanguage &python = exercise->languages.first();
        QCOMPARE(python.languageId, QStringLiteral("python"));
        QVERIFY(!python.solutionPath.isEmpty());
        QCOMPARE(python.wrongPaths.size(), 3);
        QVERIFY(python.wrongPaths.at(0).endsWith(QStringLiteral("crash_divide.py")));
        QVERIFY(python.wrongPaths.at(1).endsWith(QStringLiteral("slow_spin.py")));
        QVERIFY(python.wrongPaths.at(2).endsWith(QStringLiteral("wrong_difference.py")));
    }

    void unmappableFieldsAreWarned()
    {
        const auto draft = KattisImporter::read(importFixture(QStringLiteral("kattis-sum-pairs")));
        QVERIFY(draft);
        for (const char *part :
             {"problem.yaml: 'limits.time_multiplier'", "problem.yaml: 'limits.output'",
              "talk.interaction: interactive problems are not supported",
              "output_validators/: only a single-file validator", "input_validators/: not used"})
            QVERIFY2(hasWarning(draft->warnings, QString::fromUtf8(part)), part);
    }

    void singleFileValidatorBecomesTheCheckerProgram()
    {
        const auto draft = KattisImporter::read(importFixture(QStringLiteral("kattis-custom-checker")));
        QVERIFY2(draft, qPrintable(draft.error()));
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("problem.tex: LaTeX is not converted")));
        QTemporaryDir dir;
        const auto exercise = writtenExercise(*draft, dir);
        QVERIFY(exercise);
        QCOMPARE(exercise->checker.kind, CheckerKind::Program);
        QVERIFY(exercise->checker.programPath.endsWith(QStringLiteral("checker/check.py")));
        QCOMPARE(exercise->limits.wallTimeMs, 2000); // from .timelimit
        QVERIFY(exercise->statementMarkdown.contains(QStringLiteral("\\problemname{Any Split}")));
    }

    void packageOfThe2023FormMaps()
    {
        const auto draft = KattisImporter::read(importFixture(QStringLiteral("kattis-2023-echo")));
        QVERIFY2(draft, qPrintable(draft.error()));
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("multi/main.py: a submission of several files")));
        QVERIFY(!hasWarning(draft->warnings, QStringLiteral("'type'")));
        QTemporaryDir dir;
        const auto exercise = writtenExercise(*draft, dir);
        QVERIFY(exercise);
        QCOMPARE(exercise->title, QStringLiteral("Echo Twice"));
        QVERIFY(exercise->statementMarkdown.contains(QStringLiteral("twice")));
        QCOMPARE(exercise->limits.wallTimeMs, 1500);
        QCOMPARE(exercise->limits.memoryBytes, qint64(96) * 1024 * 1024);
        QCOMPARE(exercise->checker.kind, CheckerKind::Program); // output_validator/, singular
        QCOMPARE(exercise->tests.size(), 2);
        QCOMPARE(exercise->tests.at(1).visibility, Visibility::Secret);
    }

    void plainPackageWithALongLineGetsTheDefaults()
    {
        QTemporaryDir dir;
        // No limits at all, and a 10 MB comment line: the defaults, and no crash.
        QVERIFY(writeFile(dir.filePath(QStringLiteral("problem.yaml")),
                          "name: Echo\n# " + QByteArray(10 * 1024 * 1024, 'x') + "\n"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("data/sample"))));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("submissions/accepted"))));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("data/sample/1.in")), "hi\n"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("data/sample/1.ans")), "hi\n"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("submissions/accepted/echo.py")), "print(input())\n"));
        const auto draft = KattisImporter::read(dir.path());
        QVERIFY2(draft, qPrintable(draft.error()));
        QCOMPARE(draft->title, QStringLiteral("Echo"));
        QCOMPARE(draft->timeSeconds, 1.0);
        QVERIFY(!draft->memoryMegabytes);
        QTemporaryDir out;
        QVERIFY(writtenExercise(*draft, out));
    }

    void limitsOfTheWrongShapeAreWarned()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("problem.yaml")), "name: A\nlimits: [1]\n"));
        const auto draft = KattisImporter::read(dir.path());
        QVERIFY2(draft, qPrintable(draft.error()));
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("problem.yaml: 'limits' is not a mapping")));
    }

    void malformedYamlSaysLineAndColumn()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("problem.yaml")), "name: A\nlimits: [1, 2\nmemory: 3\n"));
        const auto draft = KattisImporter::read(dir.path());
        QVERIFY(!draft);
        QVERIFY2(draft.error().contains(QRegularExpression(QStringLiteral("^problem\\.yaml:\\d+:\\d+: "))),
                 qPrintable(draft.error()));
    }

    void missingProblemYamlIsRefused()
    {
        QTemporaryDir dir;
        const auto draft = KattisImporter::read(dir.path());
        QVERIFY(!draft);
        QVERIFY(draft.error().contains(QStringLiteral("no problem.yaml")));
    }

    void nulByteInYamlIsRefused()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("problem.yaml")), QByteArray("name: A\0B\n", 10)));
        const auto draft = KattisImporter::read(dir.path());
        QVERIFY(!draft);
        QVERIFY(draft.error().contains(QStringLiteral("NUL")));
    }

    void linksOutsideThePackageAreNeverFollowed()
    {
        QTemporaryDir outside;
        QVERIFY(writeFile(outside.filePath(QStringLiteral("secret.txt")), "the user's private file\n"));
        QTemporaryDir dir;
        QVERIFY(copyFolder(importFixture(QStringLiteral("kattis-sum-pairs")), dir.path()));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("secret.txt")),
                            dir.filePath(QStringLiteral("data/sample/2.in"))));
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("secret.txt")),
                            dir.filePath(QStringLiteral("data/sample/2.ans"))));
        const auto draft = KattisImporter::read(dir.path());
        QVERIFY(draft);
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("data/sample/2.in: a link, not followed")));
        for (const DraftTest &test : draft->tests)
            QVERIFY(!test.stdinData.contains("private"));
    }
};

QTEST_GUILESS_MAIN(TstKattisImport)
#include "tst_kattisimport.moc"
