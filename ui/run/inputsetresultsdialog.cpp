#include "run/inputsetresultsdialog.h"

#include "model/units.h"
#include "run/inputsetbatch.h"
#include "session/diffview.h"
#include "window/dialogcolumn.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>

namespace Sandpit::Ui {

namespace {
QString mark(InputSetOutcome::State state)
{
    switch (state) {
    case InputSetOutcome::State::Passed:
        return QStringLiteral("✓ ");
    case InputSetOutcome::State::Failed:
        return QStringLiteral("✗ ");
    default:
        return {};
    }
}
} // namespace

InputSetResultsDialog::InputSetResultsDialog(QWidget *parent)
    : QDialog(parent)
    , m_heading(new QLabel(this))
    , m_table(new QTableWidget(0, 3, this))
    , m_tabs(new QTabWidget(this))
    , m_output(new QPlainTextEdit(this))
    , m_diff(new DiffView(this))
    , m_stop(new QPushButton(QStringLiteral("&Stop"), this))
    , m_rerun(new QPushButton(QStringLiteral("Run All &Again"), this))
{
    setObjectName(QStringLiteral("inputSetResultsDialog"));
    setWindowTitle(QStringLiteral("Input set results"));
    m_heading->setObjectName(QStringLiteral("inputSetResultsHeading"));
    m_heading->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("inputSetResultsTable"));
    m_table->setHorizontalHeaderLabels({QStringLiteral("Set"), QStringLiteral("Verdict"), QStringLiteral("Time")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(Set, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Verdict, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(Time, QHeaderView::ResizeToContents);
    m_output->setObjectName(QStringLiteral("inputSetResultsOutput"));
    m_output->setReadOnly(true);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_diff->setObjectName(QStringLiteral("inputSetResultsDiff"));
    m_tabs->addTab(m_output, QStringLiteral("Output"));
    m_tabs->addTab(m_diff, QStringLiteral("Difference"));
    m_stop->setObjectName(QStringLiteral("inputSetResultsStop"));
    m_rerun->setObjectName(QStringLiteral("inputSetResultsRerun"));

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_tabs);
    split->setStretchFactor(1, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_stop, QDialogButtonBox::ActionRole);
    buttons->addButton(m_rerun, QDialogButtonBox::ActionRole);
    layOutDialogColumn(this, m_heading, split, buttons);
    resize(620, 480);

    connect(m_stop, &QPushButton::clicked, this, &InputSetResultsDialog::stopRequested);
    connect(m_rerun, &QPushButton::clicked, this, &InputSetResultsDialog::rerunRequested);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &InputSetResultsDialog::showSelected);
    connect(m_table, &QTableWidget::itemPressed, this, [this] { m_userChoseRow = true; });
}

int InputSetResultsDialog::rowCount() const
{
    return m_table->rowCount();
}
QString InputSetResultsDialog::headingText() const
{
    return m_heading->text();
}

QString InputSetResultsDialog::cellText(int row, Column column) const
{
    const QTableWidgetItem *item = m_table->item(row, column);
    return item ? item->text() : QString();
}

void InputSetResultsDialog::showBatch(const QString &programName, const QList<InputSetOutcome> &outcomes)
{
    m_programName = programName;
    m_outcomes = outcomes;
    m_userChoseRow = false;
    m_table->setRowCount(int(outcomes.size()));
    for (int row = 0; row < outcomes.size(); ++row)
        setRow(row, outcomes.at(row));
    m_heading->setText(QStringLiteral("Running %1 with each of its %2 input sets, one after another…")
                           .arg(programName)
                           .arg(outcomes.size()));
    m_stop->setEnabled(true);
    m_rerun->setEnabled(false);
    m_output->clear();
    m_diff->showMessage(QString());
}

void InputSetResultsDialog::showOutcome(int index, const InputSetOutcome &outcome)
{
    if (index < 0 || index >= m_outcomes.size())
        return;
    m_outcomes[index] = outcome;
    setRow(index, outcome);
    // The set being run is in view, unless the user is looking at another one.
    if (!m_userChoseRow && outcome.state == InputSetOutcome::State::Running)
        m_table->selectRow(index);
    else if (m_table->currentRow() == index)
        showSelected();
}

void InputSetResultsDialog::showFinished(const QString &summary)
{
    m_heading->setText(summary);
    m_stop->setEnabled(false);
    m_rerun->setEnabled(true);
    if (m_userChoseRow)
        return;
    // The first set that did not pass is the one to look at.
    for (int row = 0; row < m_outcomes.size(); ++row) {
        if (m_outcomes.at(row).state == InputSetOutcome::State::Failed) {
            m_table->selectRow(row);
            return;
        }
    }
}

void InputSetResultsDialog::setRow(int row, const InputSetOutcome &outcome)
{
    const QString texts[] = {outcome.name, mark(outcome.state) + outcome.verdict,
                             outcome.wallMs < 0 ? QStringLiteral("—") : Core::formatDuration(outcome.wallMs)};
    for (int column = Set; column <= Time; ++column) {
        QTableWidgetItem *item = m_table->item(row, column);
        if (!item) {
            item = new QTableWidgetItem;
            m_table->setItem(row, column, item);
        }
        item->setText(texts[column]);
        item->setToolTip(texts[column]);
    }
}

void InputSetResultsDialog::showSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_outcomes.size())
        return;
    const InputSetOutcome &outcome = m_outcomes.at(row);
    QString output = QString::fromUtf8(outcome.stdoutData);
    if (!outcome.stderrData.isEmpty())
        output += (output.isEmpty() || output.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"))
            + QString::fromUtf8(outcome.stderrData);
    if (outcome.outputCut)
        output += QStringLiteral("\n[Only the first %1 of each stream is kept here.]")
                      .arg(Core::formatBytes(InputSetBatch::kKeptOutputBytes));
    if (output.isEmpty())
        output = outcome.state == InputSetOutcome::State::Waiting || outcome.state == InputSetOutcome::State::NotRun
            ? QStringLiteral("(not run)")
            : QStringLiteral("(no output)");
    m_output->setPlainText(output);

    if (!outcome.expectedStdout)
        m_diff->showMessage(QStringLiteral("“%1” has no expected output to compare with.").arg(outcome.name));
    else if (outcome.state == InputSetOutcome::State::Waiting || outcome.state == InputSetOutcome::State::Running
             || outcome.state == InputSetOutcome::State::NotRun)
        m_diff->showMessage(QStringLiteral("The difference shows once “%1” has run.").arg(outcome.name));
    else
        m_diff->showDiff(QString::fromUtf8(*outcome.expectedStdout), QString::fromUtf8(outcome.stdoutData),
                         QStringLiteral("expected"), QStringLiteral("printed"),
                         QStringLiteral("The output is the expected one."));
    // A wrong answer is about the difference; anything else about what it printed.
    m_tabs->setCurrentIndex(outcome.wrongAnswer ? 1 : 0);
}

} // namespace Sandpit::Ui
