#include "instructor/gradetable.h"

#include "exercises/checkverdictstyle.h"
#include "instructor/instructorstyle.h"

#include <QHeaderView>

namespace Sandpit::Ui {

GradeTable::GradeTable(QWidget *parent)
    : QTableWidget(parent)
{
    setObjectName(QStringLiteral("gradeTable"));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::SingleSelection);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    reset({});
}

void GradeTable::reset(const QStringList &testNames)
{
    m_testNames = testNames;
    m_grades.clear();
    setRowCount(0);
    setColumnCount(kFirstTestColumn + int(testNames.size()));
    setHorizontalHeaderLabels(QStringList{QStringLiteral("Score"), QStringLiteral("Engine")} + testNames);
}

int GradeTable::rowOf(const QString &student)
{
    for (int row = 0; row < m_grades.size(); ++row)
        if (m_grades[row].student == student)
            return row;
    const int row = rowCount();
    insertRow(row);
    m_grades.append(Core::StudentGrade{});
    return row;
}

void GradeTable::showGrade(const Core::StudentGrade &grade)
{
    const int row = rowOf(grade.student);
    m_grades[row] = grade;
    if (columnSpan(row, kFirstTestColumn) > 1) // an error shown before, across the tests
        setSpan(row, kFirstTestColumn, 1, 1);
    auto *name = new QTableWidgetItem(grade.skipped ? QStringLiteral("%1 (saved)").arg(grade.student) : grade.student);
    if (grade.skipped)
        name->setToolTip(QStringLiteral("Graded before: read back from %1").arg(grade.resultsPath));
    setVerticalHeaderItem(row, name);
    setItem(row, kEngineColumn, tableCell(grade.engine));
    if (!grade.error.isEmpty()) {
        setItem(row, kScoreColumn, tableCell(QStringLiteral("—")));
        QTableWidgetItem *error = tableCell(QStringLiteral("✗ %1").arg(grade.error));
        error->setForeground(verdictColour(Core::Verdict::RuntimeError, palette()));
        error->setToolTip(grade.error);
        setItem(row, kFirstTestColumn, error);
        if (m_testNames.size() > 1)
            setSpan(row, kFirstTestColumn, 1, int(m_testNames.size()));
        return;
    }
    setItem(row, kScoreColumn, tableCell(QStringLiteral("%1 / %2").arg(grade.report.score).arg(grade.report.maxScore)));
    fillTests(row, grade);
}

void GradeTable::fillTests(int row, const Core::StudentGrade &grade)
{
    for (int test = 0; test < m_testNames.size(); ++test) {
        const auto outcome = outcomeAt(row, kFirstTestColumn + test);
        if (!outcome) {
            setItem(row, kFirstTestColumn + test, tableCell(QString()));
            continue;
        }
        QTableWidgetItem *cell
            = tableCell(QStringLiteral("%1 %2").arg(verdictMark(outcome->verdict), verdictWord(outcome->verdict)));
        cell->setForeground(verdictColour(outcome->verdict, palette()));
        cell->setToolTip(QStringLiteral("%1: %2").arg(grade.student, Core::verdictTitle(outcome->verdict)));
        setItem(row, kFirstTestColumn + test, cell);
    }
}

std::optional<Core::TestOutcome> GradeTable::outcomeAt(int row, int column) const
{
    const int test = column - kFirstTestColumn;
    if (row < 0 || row >= m_grades.size() || test < 0 || test >= m_testNames.size())
        return std::nullopt;
    for (const Core::TestOutcome &outcome : m_grades[row].report.tests)
        if (outcome.testName == m_testNames[test])
            return outcome;
    return std::nullopt;
}

QList<QStringList> GradeTable::rows() const
{
    QList<QStringList> rows{QStringList{QStringLiteral("student"), QStringLiteral("score"), QStringLiteral("max_score"),
                                        QStringLiteral("engine")}
                            + m_testNames + QStringList{QStringLiteral("error")}};
    for (int row = 0; row < m_grades.size(); ++row) {
        const Core::StudentGrade &grade = m_grades[row];
        const bool graded = grade.error.isEmpty();
        QStringList cells{grade.student, graded ? QString::number(grade.report.score) : QString(),
                          graded ? QString::number(grade.report.maxScore) : QString(), grade.engine};
        for (int test = 0; test < m_testNames.size(); ++test) {
            const auto outcome = outcomeAt(row, kFirstTestColumn + test);
            cells.append(outcome ? Core::verdictId(outcome->verdict) : QString());
        }
        cells.append(grade.error);
        rows.append(cells);
    }
    return rows;
}

} // namespace Sandpit::Ui
