#pragma once

#include "grading/graderequest.h"

#include <QStringList>

namespace Sandpit::App {

/// What `sandpit grade` prints as students finish: on a terminal one progress line redrawn in
/// place (a bar, the counts, the students being graded), otherwise one plain line per student
/// ("12/40 ada: 8/10") that a log or a script can read.
class GradeProgress final
{
public:
    explicit GradeProgress(bool terminal);

    void batchStarted(int students);
    void studentStarted(const QString &student);
    void studentFinished(const Core::StudentGrade &grade);
    void engineDropped(const QString &engine, const QString &reason);
    void batchFinished(const Core::GradeSummary &summary);

private:
    void redraw() const;
    void clearLine() const;

    bool m_terminal = false;
    int m_students = 0;
    int m_done = 0;
    QStringList m_running;
};

} // namespace Sandpit::App
