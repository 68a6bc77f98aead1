#include "gradeprogress.h"

#include <cstdio>

namespace Sandpit::App {

namespace {
constexpr int kBarWidth = 24;

void print(const QString &line)
{
    std::fputs(line.toUtf8().constData(), stdout);
    std::fflush(stdout);
}

QString scoreOf(const Core::StudentGrade &grade)
{
    if (!grade.error.isEmpty())
        return QStringLiteral("not graded: ") + grade.error;
    QString score = QStringLiteral("%1/%2").arg(grade.report.score).arg(grade.report.maxScore);
    if (grade.skipped)
        score += QStringLiteral(" (graded before)");
    return score;
}
} // namespace

GradeProgress::GradeProgress(bool terminal)
    : m_terminal(terminal)
{
}

void GradeProgress::batchStarted(int students)
{
    m_students = students;
    redraw();
}

void GradeProgress::studentStarted(const QString &student)
{
    m_running << student;
    redraw();
}

void GradeProgress::studentFinished(const Core::StudentGrade &grade)
{
    ++m_done;
    m_running.removeOne(grade.student);
    clearLine();
    // A terminal keeps only the students worth a look above the bar; a log gets every one.
    if (!m_terminal || !grade.error.isEmpty())
        print(QStringLiteral("%1/%2 %3: %4\n").arg(m_done).arg(m_students).arg(grade.student, scoreOf(grade)));
    redraw();
}

void GradeProgress::engineDropped(const QString &engine, const QString &reason)
{
    clearLine();
    std::fputs(QStringLiteral("engine %1 dropped, its students go to the others: %2\n")
                   .arg(engine, reason)
                   .toUtf8()
                   .constData(),
               stderr);
    redraw();
}

void GradeProgress::batchFinished(const Core::GradeSummary &summary)
{
    clearLine();
    print(QStringLiteral("%1 students: %2 graded, %3 graded before, %4 not graded\n")
              .arg(summary.students)
              .arg(summary.graded)
              .arg(summary.skipped)
              .arg(summary.failed));
    if (!summary.left.isEmpty())
        print(QStringLiteral("%1; not graded yet: %2\n")
                  .arg(summary.stopped ? QStringLiteral("stopped") : QStringLiteral("every engine failed"),
                       summary.left.join(QStringLiteral(", "))));
}

void GradeProgress::clearLine() const
{
    if (m_terminal)
        print(QStringLiteral("\r\033[K"));
}

void GradeProgress::redraw() const
{
    if (!m_terminal || m_students == 0)
        return;
    const int filled = m_done * kBarWidth / m_students;
    const QString bar = QString(filled, QLatin1Char('#')) + QString(kBarWidth - filled, QLatin1Char('.'));
    print(QStringLiteral("\r\033[K[%1] %2/%3  grading: %4")
              .arg(bar)
              .arg(m_done)
              .arg(m_students)
              .arg(m_running.join(QStringLiteral(", "))));
}

} // namespace Sandpit::App
