#include "instructor/validatepackdialog.h"

#include "engine/backend.h"
#include "instructor/instructorstyle.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {

enum FindingColumn { Severity, Exercise, Language, Subject, Test, Message, FindingColumns };

QTableWidget *makeTable(const QStringList &headers, QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->hide();
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return table;
}

QString plural(int count, const QString &word)
{
    return QStringLiteral("%1 %2%3").arg(count).arg(word, count == 1 ? QString() : QStringLiteral("s"));
}

} // namespace

ValidatePackDialog::ValidatePackDialog(std::vector<std::unique_ptr<Core::Backend>> backends, QWidget *parent)
    : QDialog(parent)
    , m_validator(new Core::PackValidator(std::move(backends), this))
    , m_summary(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_errorsOnly(new QCheckBox(QStringLiteral("Errors only"), this))
    , m_findings(makeTable({QStringLiteral("Severity"), QStringLiteral("Exercise"), QStringLiteral("Language"),
                            QStringLiteral("Program or file"), QStringLiteral("Test"), QStringLiteral("Message")},
                           this))
    , m_times(makeTable({QStringLiteral("Exercise"), QStringLiteral("Language"), QStringLiteral("Test"),
                         QStringLiteral("Wall (ms)"), QStringLiteral("CPU (ms)")},
                        this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("validatePackDialog"));
    setWindowTitle(QStringLiteral("Validate Pack"));
    m_findings->setObjectName(QStringLiteral("validationFindings"));
    m_times->setObjectName(QStringLiteral("referenceTimes"));
    auto *tabs = new QTabWidget(this);
    auto *findingsPage = new QWidget(tabs);
    auto *findingsLayout = new QVBoxLayout(findingsPage);
    findingsLayout->addWidget(m_errorsOnly);
    findingsLayout->addWidget(m_findings);
    tabs->addTab(findingsPage, QStringLiteral("Findings"));
    tabs->addTab(m_times, QStringLiteral("Reference times"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_progress);
    layout->addWidget(tabs);
    layout->addWidget(m_buttons);
    resize(900, 520);

    connect(m_errorsOnly, &QCheckBox::toggled, this, &ValidatePackDialog::applyFilter);
    connect(m_findings, &QTableWidget::cellDoubleClicked, this, &ValidatePackDialog::activateRow);
    connect(m_buttons, &QDialogButtonBox::rejected, this, [this] {
        if (m_validator->isRunning())
            m_validator->cancel(); // stays open: what was found so far is still worth reading
        else
            reject();
    });
    connect(m_validator, &Core::PackValidator::progress, this, [this](int done, int total, const QString &what) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        if (!what.isEmpty())
            m_summary->setText(QStringLiteral("Checking %1 (%2 of %3)…").arg(what).arg(done + 1).arg(total));
    });
    connect(m_validator, &Core::PackValidator::findingAdded, this, &ValidatePackDialog::addFinding);
    connect(m_validator, &Core::PackValidator::finished, this, &ValidatePackDialog::showReport);
    connect(m_validator, &Core::PackValidator::failed, this, [this](const Core::RunError &error) {
        m_summary->setText(QStringLiteral("Nothing could be checked: %1").arg(error.message));
        m_buttons->setStandardButtons(QDialogButtonBox::Close);
    });
}

void ValidatePackDialog::start(const Core::ValidationRequest &request)
{
    setWindowTitle(QStringLiteral("Validate Pack: %1").arg(QFileInfo(request.packPath).fileName()));
    m_findings->setRowCount(0);
    m_times->setRowCount(0);
    m_shown.clear();
    m_progress->setRange(0, 0); // busy until the pack is read and its runs are counted
    m_summary->setText(QStringLiteral("Reading %1…").arg(request.packPath));
    m_buttons->setStandardButtons(QDialogButtonBox::Cancel);
    m_validator->start(request);
}

QString ValidatePackDialog::summary() const
{
    return m_summary->text();
}

void ValidatePackDialog::addFinding(const Core::ValidationFinding &finding)
{
    const int row = m_findings->rowCount();
    m_findings->insertRow(row);
    m_shown.append(finding);
    QTableWidgetItem *severity = tableCell(severityText(finding.severity));
    severity->setForeground(severityColour(finding.severity, palette()));
    m_findings->setItem(row, Severity, severity);
    m_findings->setItem(row, Exercise,
                        tableCell(finding.exerciseId.isEmpty() ? QStringLiteral("(course)") : finding.exerciseId));
    m_findings->setItem(row, Language, tableCell(finding.languageId));
    m_findings->setItem(row, Subject, tableCell(finding.subject));
    m_findings->setItem(row, Test, tableCell(finding.testName));
    QTableWidgetItem *message = tableCell(finding.message);
    message->setToolTip(
        finding.file.isEmpty()
            ? finding.message
            : QStringLiteral("%1\n\nDouble-click to open %2").arg(finding.message, QFileInfo(finding.file).fileName()));
    m_findings->setItem(row, Message, message);
    applyFilter();
}

void ValidatePackDialog::showReport(const Core::ValidationReport &report)
{
    // Problems reading the pack are findings too, so the table holds everything to fix.
    for (const Core::PackProblem &problem : report.loadProblems)
        addFinding({Core::ValidationFinding::Severity::Error,
                    problem.exerciseId,
                    {},
                    QFileInfo(problem.file).fileName(),
                    {},
                    problem.message,
                    problem.file,
                    problem.line});
    int errors = 0;
    for (const Core::ValidationFinding &finding : m_shown)
        errors += finding.severity == Core::ValidationFinding::Severity::Error;
    const int warnings = int(m_shown.size()) - errors;
    m_summary->setText(QStringLiteral("%1, %2: %3, %4")
                           .arg(plural(report.exercises, QStringLiteral("exercise")),
                                plural(report.runs, QStringLiteral("run")), plural(errors, QStringLiteral("error")),
                                plural(warnings, QStringLiteral("warning"))));
    m_times->setRowCount(0);
    for (const Core::ReferenceTime &time : report.referenceTimes) {
        const int row = m_times->rowCount();
        m_times->insertRow(row);
        const QStringList cells{time.exerciseId, time.languageId, time.testName, QString::number(time.wallMs),
                                QString::number(time.cpuMs)};
        for (int column = 0; column < cells.size(); ++column)
            m_times->setItem(row, column, tableCell(cells[column]));
    }
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_buttons->setStandardButtons(QDialogButtonBox::Close);
}

void ValidatePackDialog::applyFilter()
{
    for (int row = 0; row < m_shown.size(); ++row)
        m_findings->setRowHidden(
            row, m_errorsOnly->isChecked() && m_shown[row].severity != Core::ValidationFinding::Severity::Error);
}

void ValidatePackDialog::activateRow(int row)
{
    if (row < 0 || row >= m_shown.size() || m_shown[row].file.isEmpty())
        return;
    Q_EMIT fileActivated(m_shown[row].file, m_shown[row].line);
}

} // namespace Sandpit::Ui
