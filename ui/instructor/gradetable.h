#pragma once

#include "grading/gradebatch.h"

#include <QTableWidget>

#include <optional>

namespace Sandpit::Ui {

/// Students by tests: a row per student (its total score, its engine, then a cell per test
/// coloured by verdict with the verdict's mark and short word); a student that could not be
/// graded has its error across the test columns.
class GradeTable final : public QTableWidget
{
    Q_OBJECT
public:
    static constexpr int kScoreColumn = 0;
    static constexpr int kEngineColumn = 1;
    static constexpr int kFirstTestColumn = 2;

    explicit GradeTable(QWidget *parent = nullptr);

    void reset(const QStringList &testNames);
    /// Its row, replacing the student's row if it has one.
    void showGrade(const Core::StudentGrade &grade);
    /// The student's test under the cell, if the cell is one.
    std::optional<Core::TestOutcome> outcomeAt(int row, int column) const;
    /// The table as shown, header first, for a CSV file.
    QList<QStringList> rows() const;

private:
    int rowOf(const QString &student);
    void fillTests(int row, const Core::StudentGrade &grade);

    QStringList m_testNames;
    QList<Core::StudentGrade> m_grades; ///< in row order
};

} // namespace Sandpit::Ui
