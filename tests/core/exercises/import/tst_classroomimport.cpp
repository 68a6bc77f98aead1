// ClassroomImporter: autograding.json's input/output tests become tests, with their comparison,
// timeout (minutes) and points; the repository's file is the starter.
#include "exercises/import/classroomimporter.h"

#include "support/importedpack.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TstClassroomImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void testsMapFromTheJson()
    {
        const auto draft = ClassroomImporter::read(importFixture(QStringLiteral("classroom-greeter")));
        QVERIFY2(draft, qPrintable(draft.error()));
        QTemporaryDir dir;
        const auto exercise = writtenExercise(*draft, dir);
        QVERIFY(exercise);
        QCOMPARE(exercise->tests.size(), 3); // the pytest one is skipped
        const ExerciseTest &exact = exercise->tests.at(0);
        QCOMPARE(exact.name, QStringLiteral("greets by name"));
        QCOMPARE(exact.stdinData, QByteArray("Ada"));
        QCOMPARE(exact.expectedStdout, QByteArray("Hello, Ada!"));
        QCOMPARE(exact.checker->kind, CheckerKind::Exact);
        QCOMPARE(exact.points, 2);
        QCOMPARE(exact.limits.wallTimeMs, 60000); // 1 minute
        const ExerciseTest &included = exercise->tests.at(1);
        QCOMPARE(included.checker->kind, CheckerKind::Contains);
        QCOMPARE(included.checker->pattern, QStringLiteral("Grace"));
        QCOMPARE(included.limits.wallTimeMs, 30000);
        const ExerciseTest &regex = exercise->tests.at(2);
        QCOMPARE(regex.checker->kind, CheckerKind::Regex);
        // Classroom finds the regex anywhere in the output; the pack's whole-output pattern too.
        const QRegularExpression pattern(QRegularExpression::anchoredPattern(regex.checker->pattern));
        QVERIFY(pattern.match(QStringLiteral("What is your name?\nHello, Al!\n")).hasMatch());
        QVERIFY(!pattern.match(QStringLiteral("Hello, Al.\n")).hasMatch());
        QCOMPARE(exercise->languages.first().entryFile, QStringLiteral("greet.py"));
        QVERIFY(exercise->statementMarkdown.contains(QStringLiteral("Read a name")));
    }

    void unmappableFieldsAreWarned()
    {
        const auto draft = ClassroomImporter::read(importFixture(QStringLiteral("classroom-greeter")));
        QVERIFY(draft);
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("tests[1]: 'setup' is not run")));
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("tests[3]: 'run' \"pytest -q\"")));
        QCOMPARE(draft->warnings.size(), 2);
    }

    void theJsonFileItselfMayBeGiven()
    {
        const auto draft = ClassroomImporter::read(
            importFixture(QStringLiteral("classroom-greeter/.github/classroom/autograding.json")));
        QVERIFY2(draft, qPrintable(draft.error()));
        QCOMPARE(draft->starter, QByteArray("name = input()\n# Print the greeting here.\n"));
    }

    void compileAndRunCommandMeansC()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral(".github/classroom"))));
        QVERIFY(writeFile(dir.filePath(QStringLiteral(".github/classroom/autograding.json")),
                          R"({"tests": [{"name": "adds", "run": "gcc -Wall -o sum sum.c && ./sum",
                              "input": "2 3", "output": "5", "comparison": "exact", "timeout": 2}]})"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("sum.c")), "int main(void) { return 0; }\n"));
        const auto draft = ClassroomImporter::read(dir.path());
        QVERIFY2(draft, qPrintable(draft.error()));
        QCOMPARE(draft->languageId, QStringLiteral("c"));
        QCOMPARE(draft->entryFile, QStringLiteral("sum.c"));
        QCOMPARE(draft->tests.size(), 1);
        QCOMPARE(draft->tests.first().timeSeconds, 120.0);
        QTemporaryDir out;
        QVERIFY(writtenExercise(*draft, out));
    }

    void malformedJsonSaysLineAndColumn()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("autograding.json"));
        QVERIFY(writeFile(json, "{\n  \"tests\": [\n    { \"name\": \"a\",, }\n"));
        const auto draft = ClassroomImporter::read(json);
        QVERIFY(!draft);
        QVERIFY2(draft.error().startsWith(QStringLiteral("autograding.json:3:")), qPrintable(draft.error()));
    }
};

QTEST_GUILESS_MAIN(TstClassroomImport)
#include "tst_classroomimport.moc"
