#include "instructor/gradedialog.h"

#include "engine/backendid.h"
#include "exercises/checkdetails.h"
#include "exercises/packloader.h"
#include "instructor/csvfile.h"
#include "instructor/gradeengineschoice.h"
#include "instructor/gradetable.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <QtConcurrentRun>

namespace Sandpit::Ui {

namespace {
/// "…: 7 graded, 0 saved before, 1 not graded", then which engine graded how many when Docker
/// engines did, and who is left when every engine failed.
QString summaryText(const Core::GradeSummary &summary)
{
    QString text = QStringLiteral("%1 of %2 students: %3 graded, %4 saved before, %5 not graded")
                       .arg(summary.grades.size())
                       .arg(summary.students)
                       .arg(summary.graded)
                       .arg(summary.skipped)
                       .arg(summary.failed);
    QMap<QString, int> graded;
    for (const Core::StudentGrade &grade : summary.grades)
        if (!grade.skipped && grade.error.isEmpty() && !grade.engine.isEmpty())
            ++graded[grade.engine];
    if (!graded.isEmpty() && graded.firstKey() != Core::kLocalBackendId) {
        QStringList engines;
        for (auto it = graded.cbegin(); it != graded.cend(); ++it)
            engines << QStringLiteral("%1 on %2").arg(it.value()).arg(it.key());
        text += QStringLiteral(" (%1)").arg(engines.join(QStringLiteral(", ")));
    }
    if (!summary.left.isEmpty())
        text += QStringLiteral("; %1 left, no engine could grade them: Start again to grade them")
                    .arg(summary.left.size());
    return text;
}
} // namespace

GradeDialog::GradeDialog(QString unpackFolder, QWidget *parent)
    : QDialog(parent)
    , m_unpackFolder(std::move(unpackFolder))
    , m_batch(new Core::GradeBatch(this))
    , m_exercise(new QComboBox(this))
    , m_jobs(new QSpinBox(this))
    , m_secret(new QCheckBox(QStringLiteral("Include secret tests"), this))
    , m_start(new QPushButton(QStringLiteral("Start"), this))
    , m_cancel(new QPushButton(QStringLiteral("Cancel"), this))
    , m_export(new QPushButton(QStringLiteral("Export CSV…"), this))
    , m_progress(new QProgressBar(this))
    , m_engineNotes(new QLabel(this))
    , m_status(new QLabel(QStringLiteral("Choose a pack, its exercise and the students' folder."), this))
    , m_table(new GradeTable(this))
    , m_details(new CheckDetails(this))
{
    setObjectName(QStringLiteral("gradeDialog"));
    setWindowTitle(QStringLiteral("Grade Submissions"));
    m_exercise->setObjectName(QStringLiteral("gradeExercise"));
    m_jobs->setRange(1, 64);
    m_progress->setFormat(QStringLiteral("%v of %m students"));
    m_engineNotes->setObjectName(QStringLiteral("gradeEnginesDropped"));
    m_engineNotes->setWordWrap(true);
    m_engineNotes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_engineNotes->hide();
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_status, 1);
    buttons->addWidget(m_export);
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createForm());
    layout->addWidget(m_progress);
    layout->addWidget(m_engineNotes);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);
    resize(1000, 680);
    m_start->setDefault(true);
    m_export->setEnabled(false);
    connect(m_start, &QPushButton::clicked, this, &GradeDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_batch->isRunning())
            m_batch->cancel(); // finished students keep their results; the dialog stays to read them
        else
            reject();
    });
    connect(m_export, &QPushButton::clicked, this, &GradeDialog::chooseCsv);
    connect(m_table, &QTableWidget::cellClicked, this, &GradeDialog::showCell);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row, int column) { showCell(row, column); });
    connectBatch();
    // The form top to bottom, whatever order its widgets were made in; the pack first.
    const QWidgetList order = QWidgetList{m_pack, m_exercise, m_submissions, m_output} + m_engines->widgetsInTabOrder()
        + QWidgetList{m_jobs, m_secret, m_start};
    for (qsizetype i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);
    m_pack->setFocus();
}

GradeDialog::~GradeDialog()
{
    // ~QDialog hides the dialog, and the pack field, losing focus, then says editingFinished: by
    // then this dialog's members are gone, so the field must not reach them.
    m_pack->disconnect(this);
}

QWidget *GradeDialog::createForm()
{
    auto *form = new QWidget(this);
    auto *layout = new QFormLayout(form);
    m_pack = pathField(QStringLiteral("gradePack"), form);
    m_submissions = pathField(QStringLiteral("gradeSubmissions"), form);
    m_output = pathField(QStringLiteral("gradeOutput"), form);
    const auto row = [form](QLineEdit *field, const std::function<void()> &browse) {
        auto *box = new QHBoxLayout;
        auto *button = new QPushButton(QStringLiteral("Browse…"), form);
        QObject::connect(button, &QPushButton::clicked, form, browse);
        box->addWidget(field, 1);
        box->addWidget(button);
        return box;
    };
    layout->addRow(QStringLiteral("Pack:"), row(m_pack, [this] { browse(m_pack, false); }));
    layout->addRow(QStringLiteral("Exercise:"), m_exercise);
    layout->addRow(QStringLiteral("Submissions:"), row(m_submissions, [this] { browse(m_submissions, true); }));
    layout->addRow(QStringLiteral("Results to:"), row(m_output, [this] { browse(m_output, true); }));
    m_engines = new GradeEnginesChoice(layout);
    auto *options = new QHBoxLayout;
    options->addWidget(m_jobs);
    m_jobs->setToolTip(QStringLiteral("Students graded at once on each engine"));
    m_secret->setToolTip(QStringLiteral("Grade the exercise's secret tests too: the ones a learner build leaves out"));
    options->addWidget(m_secret);
    options->addStretch(1);
    layout->addRow(QStringLiteral("Students at once:"), options);
    // Only a pack the user typed is read again: tabbing through the form keeps the exercise chosen.
    connect(m_pack, &QLineEdit::editingFinished, this, [this] {
        if (m_pack->isModified())
            setPack(m_pack->text());
    });
    return form;
}

QLineEdit *GradeDialog::pathField(const QString &name, QWidget *parent)
{
    auto *field = new QLineEdit(parent);
    field->setObjectName(name);
    field->setMinimumWidth(420);
    return field;
}

void GradeDialog::browse(QLineEdit *field, bool folder)
{
    const QString chosen = folder
        ? QFileDialog::getExistingDirectory(this, QStringLiteral("Choose a Folder"), field->text())
        : QFileDialog::getOpenFileName(this, QStringLiteral("Choose a Pack"), field->text(),
                                       QStringLiteral("Exercise packs (course.toml *.zip)"));
    if (chosen.isEmpty())
        return;
    if (folder) {
        field->setText(chosen);
        return;
    }
    setPack(chosen.endsWith(QStringLiteral("course.toml")) ? QFileInfo(chosen).absolutePath() : chosen);
}

void GradeDialog::setPack(const QString &path)
{
    m_pack->setText(path);
    m_exercise->clear();
    m_exercise->setEnabled(false);
    m_status->setText(QStringLiteral("Reading the pack…"));
    auto *watcher = new QFutureWatcher<std::expected<Core::Course, Core::PackProblem>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (QDir::cleanPath(m_pack->text()) == QDir::cleanPath(watcher->property("path").toString()))
            listExercises(watcher->result());
    });
    watcher->setProperty("path", path);
    const QString unpack = m_unpackFolder;
    watcher->setFuture(QtConcurrent::run([path, unpack] { return Core::PackLoader(unpack).load(path); }));
}

void GradeDialog::listExercises(const std::expected<Core::Course, Core::PackProblem> &course)
{
    if (!course) {
        m_status->setText(QStringLiteral("No pack there: %1").arg(course.error().toString()));
        return;
    }
    for (const Core::Exercise &exercise : course->exercises)
        m_exercise->addItem(QStringLiteral("%1 — %2").arg(exercise.id, exercise.title), exercise.id);
    m_exercise->setEnabled(true);
    m_status->setText(QStringLiteral("%1: %2 exercises").arg(course->title).arg(course->exercises.size()));
    Q_EMIT exercisesListed();
}

void GradeDialog::setSubmissions(const QString &folder)
{
    m_submissions->setText(folder);
}

void GradeDialog::setOutput(const QString &folder)
{
    m_output->setText(folder);
}

void GradeDialog::setJobs(int jobs)
{
    m_jobs->setValue(jobs);
}

void GradeDialog::setIncludeSecret(bool include)
{
    m_secret->setChecked(include);
}

QString GradeDialog::status() const
{
    return m_status->text();
}

void GradeDialog::start()
{
    Core::GradeRequest request;
    request.packPath = m_pack->text();
    request.exerciseId = m_exercise->currentData().toString();
    request.submissionsPath = m_submissions->text();
    request.outDir = m_output->text().isEmpty() ? QDir(m_submissions->text()).filePath(QStringLiteral("../results"))
                                                : m_output->text();
    request.jobs = m_jobs->value();
    request.includeSecret = m_secret->isChecked();
    if (request.exerciseId.isEmpty() || request.submissionsPath.isEmpty()) {
        m_status->setText(QStringLiteral("Choose a pack's exercise and the students' folder first."));
        return;
    }
    const auto engines = m_engines->engines();
    if (!engines) {
        m_status->setText(engines.error());
        return;
    }
    request.engines = engines->engines;
    m_enginesInBatch = std::max<int>(1, int(request.engines.size()));
    m_enginesDropped = 0;
    request.tlsCertFolder = engines->tlsCertFolder;
    if (request.engines.isEmpty())
        request.backend = Core::kLocalBackendId; // "This computer's sandbox", whatever Run in says
    m_engines->remember();
    m_details->clear();
    m_table->reset({});
    m_engineNotes->clear();
    m_engineNotes->hide();
    m_progress->setRange(0, 0);
    m_status->setText(QStringLiteral("Starting…"));
    setRunning(true);
    m_batch->start(request);
}

void GradeDialog::connectBatch()
{
    connect(m_batch, &Core::GradeBatch::batchStarted, this, [this](int students, const QStringList &tests) {
        m_students = students;
        m_done = 0;
        m_table->reset(tests);
        m_progress->setRange(0, std::max(students, 1));
        m_progress->setValue(0);
    });
    connect(m_batch, &Core::GradeBatch::studentStarted, this, [this](const QString &student, const QString &engine) {
        m_status->setText(QStringLiteral("Grading %1 on %2…").arg(student, engine));
    });
    connect(m_batch, &Core::GradeBatch::studentFinished, this, [this](const Core::StudentGrade &grade) {
        m_table->showGrade(grade);
        m_progress->setValue(++m_done);
        m_status->setText(QStringLiteral("%1 of %2 students").arg(m_done).arg(m_students));
    });
    connect(m_batch, &Core::GradeBatch::engineDropped, this, &GradeDialog::showEngineDropped);
    connect(m_batch, &Core::GradeBatch::batchFinished, this, [this](const Core::GradeSummary &summary) {
        setRunning(false);
        m_progress->setRange(0, std::max(summary.students, 1));
        m_progress->setValue(int(summary.grades.size()));
        m_status->setText(summaryText(summary));
    });
    connect(m_batch, &Core::GradeBatch::batchFailed, this, [this](const Core::RunError &error) {
        setRunning(false);
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_status->setText(QStringLiteral("Nothing graded: %1").arg(error.message));
    });
}

void GradeDialog::showEngineDropped(const QString &engine, const QString &reason)
{
    const QString next = ++m_enginesDropped < m_enginesInBatch
        ? QStringLiteral("Its unfinished students went to the other engines.")
        : QStringLiteral("No engine is left: the students not graded yet stay for the next Start.");
    const QString line = QStringLiteral("⚠ %1 stopped grading: %2 %3")
                             .arg(engine, reason.endsWith(u'.') ? reason : reason + u'.', next);
    const QString shown = m_engineNotes->text();
    m_engineNotes->setText(shown.isEmpty() ? line : shown + u'\n' + line);
    m_engineNotes->show();
}

void GradeDialog::setRunning(bool running)
{
    m_start->setEnabled(!running);
    m_export->setEnabled(!running && m_table->rowCount() > 0);
}

void GradeDialog::showCell(int row, int column)
{
    if (const auto outcome = m_table->outcomeAt(row, column))
        m_details->showOutcome(*outcome);
}

void GradeDialog::chooseCsv()
{
    QFileDialog dialog(this, QStringLiteral("Export CSV"), m_output->text(), QStringLiteral("CSV files (*.csv)"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("csv"));
    if (dialog.exec() == QDialog::Accepted && !dialog.selectedFiles().isEmpty())
        exportCsv(dialog.selectedFiles().constFirst());
}

void GradeDialog::exportCsv(const QString &path)
{
    auto *watcher = new QFutureWatcher<std::expected<void, QString>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        if (const auto written = watcher->result(); written) {
            m_status->setText(QStringLiteral("Wrote %1").arg(path));
            Q_EMIT csvWritten(path);
        } else {
            m_status->setText(written.error());
            Q_EMIT csvFailed(written.error());
        }
    });
    const QList<QStringList> rows = m_table->rows();
    watcher->setFuture(QtConcurrent::run([path, rows] { return writeCsv(path, rows); }));
}

} // namespace Sandpit::Ui
