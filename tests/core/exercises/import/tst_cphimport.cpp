// CphImporter: a folder of CP Editor / CPH tests becomes a pack of visible tests, with the
// .prob file's limits and tests, the source beside them as the solution.
#include "exercises/import/cphimporter.h"

#include "support/importedpack.h"

#include <QFile>

using namespace Sandpit::Core;
using namespace SandpitTest;

class TstCphImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pairsAndProbBecomeVisibleTests()
    {
        const auto draft = CphImporter::read(importFixture(QStringLiteral("cph-two-sum")));
        QVERIFY2(draft, qPrintable(draft.error()));
        QTemporaryDir dir;
        const auto exercise = writtenExercise(*draft, dir);
        QVERIFY(exercise);
        QCOMPARE(exercise->title, QStringLiteral("A. Two Sum"));
        QCOMPARE(exercise->tests.size(), 4);
        QCOMPARE(exercise->tests.at(0).stdinData, QByteArray("1 1\n"));
        QCOMPARE(exercise->tests.at(0).expectedStdout, QByteArray("2\n"));
        QCOMPARE(exercise->tests.at(2).name, QStringLiteral("two_sum_1"));
        QCOMPARE(exercise->tests.at(3).expectedStdout, QByteArray("6\n")); // from two_sum_2.out
        for (const ExerciseTest &test : exercise->tests)
            QCOMPARE(test.visibility, Visibility::Visible);
        QCOMPARE(exercise->limits.wallTimeMs, 2000);
        QCOMPARE(exercise->limits.memoryBytes, qint64(256) * 1024 * 1024);
        QCOMPARE(exercise->languages.first().languageId, QStringLiteral("python"));
        QCOMPARE(exercise->languages.first().entryFile, QStringLiteral("two_sum.py"));
        QVERIFY(exercise->statementMarkdown.contains(QStringLiteral("https://example.com/problem/two-sum")));
    }

    void unpairedFilesAreWarnedAbout()
    {
        const auto draft = CphImporter::read(importFixture(QStringLiteral("cph-two-sum")));
        QVERIFY(draft);
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("orphan.ans: no orphan.in")));
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("two_sum_3.in: no two_sum_3.ans")));
        QVERIFY(hasWarning(draft->warnings, QStringLiteral("'srcPath' is not used")));
    }

    void malformedProbSaysWhere()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("a.prob")),
                          "{\n  \"tests\": [\n    {\"input\": \"1\" \"output\": \"2\"}\n  ]\n}\n"));
        const auto draft = CphImporter::read(dir.path());
        QVERIFY(!draft);
        QVERIFY2(draft.error().startsWith(QStringLiteral("a.prob:3:")), qPrintable(draft.error()));
    }
};

QTEST_GUILESS_MAIN(TstCphImport)
#include "tst_cphimport.moc"
