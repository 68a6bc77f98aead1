#include "exercises/checkpane.h"

#include "exercises/checkdetails.h"
#include "exercises/checkresultsmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Sandpit::Ui {

CheckPane::CheckPane(QWidget *parent)
    : QWidget(parent)
    , m_results(new CheckResultsModel(this))
    , m_summary(new QLabel(this))
    , m_hints(new QLabel(this))
    , m_check(new QPushButton(QStringLiteral("Check"), this))
    , m_stop(new QPushButton(QStringLiteral("Stop"), this))
    , m_runExample(new QToolButton(this))
    , m_table(new QTableView(this))
    , m_details(new CheckDetails(this))
{
    m_summary->setObjectName(QStringLiteral("checkSummary"));
    m_summary->setWordWrap(true);
    m_hints->setObjectName(QStringLiteral("checkHints"));
    m_hints->setWordWrap(true);
    m_hints->setTextFormat(Qt::PlainText);
    m_table->setObjectName(QStringLiteral("checkResultsTable"));
    m_table->setModel(m_results);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The name takes what the figures leave (its tooltip has it whole).
    m_table->horizontalHeader()->setSectionResizeMode(CheckResultsModel::Name, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(40);
    m_details->setObjectName(QStringLiteral("checkDetails"));

    // The table with what is said of the whole Check on the left, the selected test's details
    // on the right at the pane's full height: the diff needs the height (on a projector most).
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(buildButtons());
    leftLayout->addWidget(m_summary);
    leftLayout->addWidget(m_hints);
    leftLayout->addWidget(m_table, 1);
    // A short pane (a projector's, or a dock dragged low) scrolls rather than squeezing
    // wrapped sentences over each other.
    const auto scrolled = [this](QWidget *content) {
        auto *area = new QScrollArea(this);
        area->setWidget(content);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        return area;
    };
    m_table->setMinimumHeight(m_table->fontMetrics().height() * 5);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(scrolled(left));
    splitter->addWidget(scrolled(m_details));
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({370, 230});
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CheckPane::showSelected);
    // A row that finishes while selected shows its result at once, not on the next click.
    connect(m_results, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &changed) {
        if (changed.row() == m_table->currentIndex().row())
            showSelected();
    });
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        if (QMenu *menu = contextMenuFor(m_table->indexAt(at).row()))
            menu->popup(m_table->viewport()->mapToGlobal(at));
    });
    connect(m_details, &CheckDetails::diagnosticActivated, this, &CheckPane::diagnosticActivated);
    showNoExercise();
}

QWidget *CheckPane::buildButtons()
{
    auto *row = new QWidget(this);
    m_check->setObjectName(QStringLiteral("checkButton"));
    m_check->setToolTip(QStringLiteral("Run every test of the exercise against your file (F7)"));
    m_stop->setObjectName(QStringLiteral("checkStopButton"));
    m_runExample->setObjectName(QStringLiteral("runExampleButton"));
    m_runExample->setText(QStringLiteral("Run Example"));
    m_runExample->setToolTip(QStringLiteral("Run your program with an example's input, in the Output pane"));
    m_runExample->setPopupMode(QToolButton::InstantPopup);
    m_runExample->setMenu(new QMenu(m_runExample));
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_check);
    layout->addWidget(m_stop);
    layout->addWidget(m_runExample);
    layout->addStretch(1);
    connect(m_check, &QPushButton::clicked, this, &CheckPane::checkRequested);
    connect(m_stop, &QPushButton::clicked, this, &CheckPane::stopRequested);
    return row;
}

QString CheckPane::summary() const
{
    return m_summary->text();
}

QString CheckPane::hintsText() const
{
    return m_hints->text();
}

void CheckPane::selectRow(int row)
{
    m_table->setCurrentIndex(m_results->index(row, 0));
}

void CheckPane::showExercise(const Core::Exercise &exercise)
{
    m_exercise = exercise;
    m_hints->hide(); // until the learner's progress says which are unlocked
    m_results->clear();
    m_details->clear();
    QMenu *examples = m_runExample->menu();
    examples->clear();
    for (const Core::ExerciseTest &test : exercise.tests)
        if (test.visibility == Core::Visibility::Example)
            examples->addAction(test.name, this, [this, name = test.name] { Q_EMIT runExampleRequested(name); });
    m_runExample->setEnabled(!examples->isEmpty());
    m_check->setEnabled(true);
    m_stop->setEnabled(false);
    m_summary->setText(
        QStringLiteral("%1: press Check (F7) to run its %2 tests.").arg(exercise.title).arg(exercise.tests.size()));
}

void CheckPane::showNoExercise()
{
    m_exercise = {};
    m_results->clear();
    m_details->clear();
    m_runExample->menu()->clear();
    m_runExample->setEnabled(false);
    m_check->setEnabled(false);
    m_stop->setEnabled(false);
    m_hints->hide();
    m_summary->setText(QStringLiteral("Open an exercise (File › Exercises) to check your solution here."));
}

void CheckPane::showCheckStarted()
{
    m_results->startCheck(m_exercise);
    m_details->clear();
    setRunning(true);
    updateSummary();
}

void CheckPane::showTestStarted(int index)
{
    m_results->showRunning(index);
    updateSummary();
}

void CheckPane::showTestFinished(int index, const Core::TestOutcome &outcome)
{
    m_results->showOutcome(index, outcome);
    updateSummary();
}

void CheckPane::showCheckFinished(const Core::CheckReport &report)
{
    setRunning(false);
    updateSummary();
    // The first test that failed is the one to read.
    for (int i = 0; i < report.tests.size(); ++i)
        if (!report.tests[i].passed()) {
            selectRow(i);
            break;
        }
}

void CheckPane::showCheckFailed(const Core::RunError &error)
{
    setRunning(false);
    m_results->abandon();
    m_summary->setText(QStringLiteral("Could not check: %1").arg(error.message));
}

void CheckPane::showHints(const QList<Core::Hint> &unlocked, int failedChecks, bool solved)
{
    QStringList lines;
    for (int i = 0; i < unlocked.size(); ++i)
        lines.append(QStringLiteral("Hint %1: %2").arg(i + 1).arg(unlocked[i].text));
    if (!solved && unlocked.size() < m_exercise.hints.size()) {
        const Core::Hint &next = m_exercise.hints[unlocked.size()];
        lines.append(QStringLiteral("Hint %1 unlocks after %2 failed %3 (%4 so far).")
                         .arg(unlocked.size() + 1)
                         .arg(next.afterAttempts)
                         .arg(next.afterAttempts == 1 ? QStringLiteral("check") : QStringLiteral("checks"))
                         .arg(failedChecks));
    }
    m_hints->setText(lines.join(QLatin1Char('\n')));
    m_hints->setVisible(!lines.isEmpty());
}

void CheckPane::setRunning(bool running)
{
    m_check->setEnabled(!running && !m_exercise.id.isEmpty());
    m_stop->setEnabled(running);
}

QMenu *CheckPane::contextMenuFor(int row)
{
    const Core::TestOutcome *outcome = m_results->outcome(row);
    if (!outcome)
        return nullptr;
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const bool shown = !Core::showsVerdictOnly(outcome->visibility);
    if (outcome->visibility == Core::Visibility::Example)
        menu->addAction(QStringLiteral("Run This Example"), this,
                        [this, name = outcome->testName] { Q_EMIT runExampleRequested(name); });
    // For authors: only an output the program ended cleanly with is worth keeping as the answer.
    QAction *record = menu->addAction(QStringLiteral("Record Actual Output as Expected"), this,
                                      [this, name = outcome->testName, actual = outcome->actualStdout] {
                                          Q_EMIT recordExpectedRequested(name, actual);
                                      });
    record->setObjectName(QStringLiteral("recordExpectedAction"));
    // A clipped output ("… N bytes not shown" in its middle) is not the program's output.
    static const QRegularExpression clipped(QStringLiteral("… \\d+ bytes not shown"));
    const bool whole = !QString::fromUtf8(outcome->actualStdout).contains(clipped);
    record->setEnabled(shown && whole && outcome->killReason == Core::KillReason::None && outcome->exitCode == 0
                       && outcome->verdict != Core::Verdict::CompileError);
    if (!whole)
        record->setToolTip(QStringLiteral("The output was too long to keep whole here."));
    return menu;
}

void CheckPane::showSelected()
{
    const int row = m_table->currentIndex().row();
    if (const Core::TestOutcome *outcome = m_results->outcome(row)) {
        const auto test = std::ranges::find(m_exercise.tests, outcome->testName, &Core::ExerciseTest::name);
        m_details->showOutcome(*outcome, test == m_exercise.tests.cend() || test->expectedStdout.has_value());
    }
    else if (row >= 0)
        m_details->clear();
}

void CheckPane::updateSummary()
{
    m_summary->setText(m_results->summary());
}

} // namespace Sandpit::Ui
