#include "exercises/checkresultsmodel.h"

#include "exercises/checkverdictstyle.h"
#include "model/units.h"

#include <QApplication>
#include <QPalette>

namespace Sandpit::Ui {

CheckResultsModel::CheckResultsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CheckResultsModel::startCheck(const Core::Exercise &exercise)
{
    beginResetModel();
    m_rows.clear();
    for (const Core::ExerciseTest &test : exercise.tests)
        m_rows.append(Row{test.name, test.points, State::Waiting, {}});
    endResetModel();
}

void CheckResultsModel::showRunning(int index)
{
    if (index < 0 || index >= m_rows.size())
        return;
    m_rows[index].state = State::Running;
    rowChanged(index);
}

void CheckResultsModel::showOutcome(int index, const Core::TestOutcome &outcome)
{
    if (index < 0 || index >= m_rows.size())
        return;
    m_rows[index].state = State::Finished;
    m_rows[index].outcome = outcome;
    rowChanged(index);
}

void CheckResultsModel::abandon()
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].state == State::Waiting || m_rows[i].state == State::Running) {
            m_rows[i].state = State::NotRun;
            rowChanged(i);
        }
}

void CheckResultsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const Core::TestOutcome *CheckResultsModel::outcome(int row) const
{
    if (row < 0 || row >= m_rows.size() || m_rows[row].state != State::Finished)
        return nullptr;
    return &m_rows[row].outcome;
}

int CheckResultsModel::finishedCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.state == State::Finished; }));
}

int CheckResultsModel::passedCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(),
                             [](const Row &r) { return r.state == State::Finished && r.outcome.passed(); }));
}

QString CheckResultsModel::summary() const
{
    const int total = int(m_rows.size());
    const bool running = std::any_of(m_rows.begin(), m_rows.end(), [](const Row &r) {
        return r.state == State::Waiting || r.state == State::Running;
    });
    if (running)
        return QStringLiteral("Checking… %1 of %2 tests done").arg(finishedCount()).arg(total);
    int points = 0;
    int maxPoints = 0;
    for (const Row &row : m_rows) {
        points += row.state == State::Finished ? row.outcome.points : 0;
        maxPoints += row.maxPoints;
    }
    return QStringLiteral("%1 of %2 tests passed · %3/%4 points")
        .arg(passedCount())
        .arg(total)
        .arg(points)
        .arg(maxPoints);
}

int CheckResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CheckResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CheckResultsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows[index.row()];
    if (role == Qt::DisplayRole)
        return display(row, index.column());
    if (role == Qt::ForegroundRole)
        return foreground(row, index.column());
    if (role == Qt::TextAlignmentRole && index.column() >= Time)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Name)
        return row.name; // elided when the pane is narrow
    if (role == Qt::ToolTipRole && index.column() == Verdict && row.state == State::Finished)
        return row.outcome.explanation;
    return {};
}

QVariant CheckResultsModel::display(const Row &row, int column) const
{
    const bool finished = row.state == State::Finished;
    switch (column) {
    case Name:
        return row.name;
    case Verdict:
        if (finished)
            return verdictMark(row.outcome.verdict) + QLatin1Char(' ') + Core::verdictTitle(row.outcome.verdict);
        return row.state == State::Running ? QStringLiteral("Running…")
            : row.state == State::NotRun   ? QStringLiteral("Not run")
                                           : QStringLiteral("Waiting");
    case Time:
        // A test that never started has no figures to show, not zeros.
        return finished && row.outcome.verdict != Core::Verdict::Stopped ? Core::formatDuration(row.outcome.wallMs)
                                                                         : QString();
    case Memory:
        return finished && row.outcome.peakMemoryBytes > 0 ? Core::formatBytes(row.outcome.peakMemoryBytes) : QString();
    case Points:
        return finished ? QStringLiteral("%1/%2").arg(row.outcome.points).arg(row.maxPoints)
                        : QStringLiteral("–/%1").arg(row.maxPoints);
    default:
        return {};
    }
}

QVariant CheckResultsModel::foreground(const Row &row, int column) const
{
    if (column != Verdict || row.state != State::Finished)
        return {};
    return verdictColour(row.outcome.verdict, QApplication::palette());
}

QVariant CheckResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList titles{QStringLiteral("Test"), QStringLiteral("Verdict"), QStringLiteral("Time"),
                                    QStringLiteral("Memory"), QStringLiteral("Points")};
    return titles.value(section);
}

void CheckResultsModel::rowChanged(int index)
{
    Q_EMIT dataChanged(this->index(index, 0), this->index(index, ColumnCount - 1));
}

} // namespace Sandpit::Ui
