#include "settings/settingsdialog.h"

#include "editor/editorwidget.h"
#include "engine/backendid.h"
#include "exercises/exercisesettings.h"
#include "model/typeids.h"
#include "settings/dockerimagestable.h"
#include "settings/networksettings.h"
#include "settings/packagesettings.h"
#include "settings/policysettings.h"
#include "settings/settingfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
QString number(double value)
{
    return QString::number(value, 'g', 12);
}

QComboBox *choice(std::initializer_list<std::pair<QString, QString>> items) // {shown, stored}
{
    auto *combo = new QComboBox;
    for (const auto &[shown, stored] : items)
        combo->addItem(shown, stored);
    return combo;
}

QLineEdit *numberEdit()
{
    auto *edit = new QLineEdit;
    edit->setMaximumWidth(120);
    return edit;
}

std::optional<QString> coreProblem(const QString &key, const QString &text)
{
    if (auto why = Core::EngineSettings::problemWith(key, text))
        return why;
    if (auto why = Core::HistorySettings::problemWith(key, text))
        return why;
    if (auto why = Core::ExerciseSettings::problemWith(key, text))
        return why;
    return OutputSettings::problemWith(key, text);
}

QLabel *explanation(const QString &text)
{
    auto *label = new QLabel(text);
    label->setWordWrap(true);
    return label;
}
} // namespace

SettingsDialog::SettingsDialog(QSettings &settings, const Core::LanguageRegistry &languages,
                               const QProcessEnvironment &environment, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_environment(environment)
    , m_images(new DockerImagesTable(languages, environment))
    , m_status(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel
                                     | QDialogButtonBox::RestoreDefaults))
{
    qRegisterMetaType<AppliedSettings>();
    setWindowTitle(QStringLiteral("Settings"));
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);

    auto *pages = new QTabWidget;
    pages->addTab(runningPage(), QStringLiteral("Running"));
    pages->addTab(m_images, QStringLiteral("Docker"));
    pages->addTab(editorPage(), QStringLiteral("Editor"));
    pages->addTab(historyPage(), QStringLiteral("History"));
    pages->addTab(workspacePage(), QStringLiteral("Workspace"));
    pages->addTab(exercisesPage(), QStringLiteral("Exercises"));
    pages->addTab(packagesPage(), QStringLiteral("Packages"));
    pages->addTab(networkPage(), QStringLiteral("Network"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(pages);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Ok), &QPushButton::clicked, this, [this] {
        if (apply())
            accept();
    });
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);
    connect(m_buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &SettingsDialog::restoreDefaults);
    connect(m_images, &DockerImagesTable::edited, this, &SettingsDialog::updateState);
    load();
}

SettingsDialog::~SettingsDialog() = default;

SettingField *SettingsDialog::addField(const QString &key, const QString &label, QWidget *editor, const QString &unit)
{
    auto *field = new SettingField(key, label, editor, unit, this);
    field->setCheck(coreProblem);
    connect(field, &SettingField::edited, this, &SettingsDialog::updateState);
    m_fields << field;
    return field;
}

// Wide enough for a path or a few hosts; the field's row would keep a line edit narrow.
QLineEdit *SettingsDialog::addWideLine(QFormLayout *form, const QString &key, const QString &variable,
                                       const QString &label, const QString &defaultValue)
{
    auto *edit = new QLineEdit;
    edit->setMinimumWidth(edit->fontMetrics().averageCharWidth() * 44);
    SettingField *field = addField(key, label, edit);
    m_defaults.insert(key, defaultValue);
    m_variables.insert(key, variable);
    form->addRow(label + QLatin1Char(':'), field->row());
    return edit;
}

QWidget *SettingsDialog::runningPage()
{
    const Core::Limits limits;
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    const auto add = [&](const QString &key, const QString &variable, const QString &label, QWidget *editor,
                         const QString &defaultValue, const QString &unit = {}) {
        SettingField *field = addField(key, label, editor, unit);
        m_defaults.insert(key, defaultValue);
        m_variables.insert(key, variable);
        form->addRow(label + QLatin1Char(':'), field->row());
    };
    add(QStringLiteral("engine/backend"), QStringLiteral("SANDPIT_BACKEND"), QStringLiteral("Run programs in"),
        choice({{QStringLiteral("This machine's sandbox"), Core::kLocalBackendId},
                {QStringLiteral("Docker"), Core::kDockerBackendId}}),
        Core::EngineSettings().backend);
    add(QStringLiteral("engine/docker_fallback"), QStringLiteral("SANDPIT_DOCKER_FALLBACK"),
        QStringLiteral("Docker fallback"),
        new QCheckBox(QStringLiteral("When Docker cannot be reached, run in this machine's sandbox and say so")),
        QStringLiteral("true"));
    add(Core::EngineSettings::allowWeakerKey(), QStringLiteral("SANDPIT_ALLOW_WEAKER"),
        QStringLiteral("Without a full sandbox"),
        choice({{QStringLiteral("Refuse to run (safe)"), QStringLiteral("never")},
                {QStringLiteral("Run with partial isolation: the program can read and change your files"),
                 QStringLiteral("partial")},
                {QStringLiteral("Run with no isolation: it can also see and signal your programs"),
                 QStringLiteral("none")}}),
        Core::allowWeakerId(Core::EngineSettings().allowWeaker));
    add(QStringLiteral("limits/timeout_sec"), QStringLiteral("SANDPIT_TIMEOUT_SEC"), QStringLiteral("Wall time"),
        numberEdit(), number(limits.wallTimeMs / 1000.0), QStringLiteral("seconds"));
    add(QStringLiteral("limits/cpu_time_sec"), QStringLiteral("SANDPIT_CPU_TIME_SEC"), QStringLiteral("CPU time"),
        numberEdit(), number(limits.cpuTimeMs / 1000.0),
        QStringLiteral("whole seconds (0: only the wall time bounds it)"));
    add(QStringLiteral("limits/memory_mb"), QStringLiteral("SANDPIT_MEMORY_MB"), QStringLiteral("Memory"), numberEdit(),
        number(limits.memoryBytes / (1024.0 * 1024)), QStringLiteral("MB"));
    add(QStringLiteral("limits/output_limit_kb"), QStringLiteral("SANDPIT_OUTPUT_LIMIT_KB"), QStringLiteral("Output"),
        numberEdit(), number(limits.outputBytes / 1024.0), QStringLiteral("KB (stdout and stderr together)"));
    add(QStringLiteral("limits/processes"), QStringLiteral("SANDPIT_PROCESSES"), QStringLiteral("Processes"),
        numberEdit(), number(limits.processes), QStringLiteral("processes and threads at once"));
    add(QStringLiteral("limits/file_size_mb"), QStringLiteral("SANDPIT_FILE_SIZE_MB"), QStringLiteral("File size"),
        numberEdit(), number(limits.fileSizeBytes / (1024.0 * 1024)), QStringLiteral("MB per file the program writes"));
    add(QStringLiteral("output/max_lines"), QStringLiteral("SANDPIT_OUTPUT_MAX_LINES"),
        QStringLiteral("Output pane keeps"), numberEdit(), number(OutputSettings::kDefaultMaxLines),
        QStringLiteral("lines"));
    form->addRow(
        explanation(QStringLiteral("The limits apply to programs from the next run. A language may set its own "
                                   "for a step in languages.json, which replace these; compilers run with "
                                   "limits of their own. Fixed for every run: %1 open files.")
                        .arg(limits.openFiles)));
    return page;
}

QWidget *SettingsDialog::editorPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    m_fontFamily = new QFontComboBox;
    m_fontFamily->setObjectName(kFontKey);
    m_fontSize = new QSpinBox;
    m_fontSize->setObjectName(kFontKey + QStringLiteral("#size"));
    m_fontSize->setRange(6, 72);
    m_fontSize->setSuffix(QStringLiteral(" pt"));
    m_fontPreview = new QLabel(QStringLiteral("for line in open(\"data.csv\"):  # 0O 1lI {}[]"));
    m_fontPreview->setObjectName(kFontKey + QStringLiteral("#preview"));
    m_fontPreview->setFrameShape(QFrame::StyledPanel);
    auto *font = new QHBoxLayout;
    font->addWidget(m_fontFamily, 1);
    font->addWidget(m_fontSize);
    form->addRow(QStringLiteral("Font:"), font);
    form->addRow(QString(), m_fontPreview);
    const auto preview = [this] { m_fontPreview->setFont(chosenFont()); };
    connect(m_fontFamily, &QFontComboBox::currentFontChanged, this, preview);
    connect(m_fontSize, &QSpinBox::valueChanged, this, preview);

    SettingField *theme
        = addField(kThemeKey, QStringLiteral("Theme"),
                   choice({{QStringLiteral("Follow the desktop"), QStringLiteral("system")},
                           {QStringLiteral("Light"), QStringLiteral("light")},
                           {QStringLiteral("Dark"), QStringLiteral("dark")},
                           {QStringLiteral("High contrast"), QStringLiteral("high-contrast")},
                           {QStringLiteral("High contrast, dark"), QStringLiteral("high-contrast-dark")}}));
    m_defaults.insert(kThemeKey, QStringLiteral("system"));
    form->addRow(QStringLiteral("Theme:"), theme->row());
    return page;
}

QWidget *SettingsDialog::historyPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    const QString store = QStringLiteral("history/store");
    SettingField *policy
        = addField(store, QStringLiteral("Keep"),
                   choice({{QStringLiteral("Every run"), QStringLiteral("always")},
                           {QStringLiteral("Runs that failed or were stopped"), QStringLiteral("on-error")},
                           {QStringLiteral("No runs"), QStringLiteral("never")}}));
    m_defaults.insert(store, Core::storePolicyId(Core::HistorySettings().policy));
    m_variables.insert(store, QStringLiteral("SANDPIT_STORE_RUNS"));
    form->addRow(QStringLiteral("Keep:"), policy->row());
    const QString max = QStringLiteral("history/max_records");
    SettingField *count
        = addField(max, QStringLiteral("Runs kept"), numberEdit(), QStringLiteral("runs; the oldest are deleted"));
    m_defaults.insert(max, number(Core::HistorySettings::kDefaultMaxRecords));
    form->addRow(QStringLiteral("Runs kept:"), count->row());
    form->addRow(explanation(QStringLiteral("The runs are kept in %1 (set by SANDPIT_DATA_DIR, or your data folder).")
                                 .arg(Core::HistorySettings::defaultDirectory(m_environment))));
    return page;
}

QWidget *SettingsDialog::workspacePage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    SettingField *mode = addField(kKeptWorkspaceKey, QStringLiteral("New programs"),
                                  choice({{QStringLiteral("Fresh for each run"), QStringLiteral("false")},
                                          {QStringLiteral("Kept between runs"), QStringLiteral("true")}}));
    m_defaults.insert(kKeptWorkspaceKey, QStringLiteral("false"));
    form->addRow(QStringLiteral("New programs:"), mode->row());
    form->addRow(
        explanation(QStringLiteral("A fresh workspace starts empty each run but for the program and its input files; "
                                   "a kept one keeps what the program wrote. A program whose mode you chose in the "
                                   "Input Files pane keeps its own choice.")));
    return page;
}

QWidget *SettingsDialog::exercisesPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    const QString key = Core::ExerciseSettings::learnerFolderKey();
    auto *edit = new QLineEdit;
    // Wide enough for a path under a home folder; the field's row would keep a line edit narrow.
    edit->setMinimumWidth(edit->fontMetrics().averageCharWidth() * 44);
    m_learnerFolder = addField(key, QStringLiteral("Learner files"), edit);
    m_defaults.insert(key, Core::ExerciseSettings::defaultLearnerFolder());
    m_variables.insert(key, QStringLiteral("SANDPIT_EXERCISES_LEARNER_FOLDER"));
    auto *browse = new QPushButton(QStringLiteral("Browse…"));
    browse->setObjectName(QStringLiteral("learnerFolderBrowse"));
    connect(browse, &QPushButton::clicked, this, &SettingsDialog::browseLearnerFolder);
    auto *row = new QWidget;
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_learnerFolder->row());
    layout->addWidget(browse, 0, Qt::AlignTop);
    layout->addStretch();
    form->addRow(QStringLiteral("Learner files:"), row);
    form->addRow(explanation(QStringLiteral("Your answers to exercises are ordinary files here, in a folder per course "
                                            "and exercise, so they outlive Sandpit. Files already written stay where "
                                            "they are when you choose another folder.")));
    return page;
}

QWidget *SettingsDialog::packagesPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    addWideLine(form, Core::PackageSettings::wheelhouseKey(), QStringLiteral("SANDPIT_WHEELHOUSE"),
                QStringLiteral("Wheelhouse"), Core::PackageSettings::defaultWheelhouse(m_environment));
    addWideLine(form, Core::PackageSettings::indexKey(), QStringLiteral("SANDPIT_PACKAGE_INDEX"),
                QStringLiteral("Package index"), QString())
        ->setPlaceholderText(QStringLiteral("none: the wheelhouse only"));
    addWideLine(form, Core::PackageSettings::indexHostsKey(), QStringLiteral("SANDPIT_PACKAGE_INDEX_HOSTS"),
                QStringLiteral("Index file hosts"), QString())
        ->setPlaceholderText(QStringLiteral("none: files come from the index itself"));
    form->addRow(explanation(
        QStringLiteral("A Python program lists the packages it needs in a “# /// script” block or a requirements.txt "
                       "beside it. Sandpit installs them, inside the sandbox, from the wheels in the wheelhouse, "
                       "without the network; fill it on a computer with internet: pip download PACKAGE -d FOLDER. "
                       "Each set of packages is installed once and kept for the next runs. With a package index "
                       "(such as https://pypi.org/simple), what the wheelhouse lacks is installed from it: only the "
                       "install may reach the index, through Sandpit's proxy, and the program still has only its own "
                       "network. An index that keeps its files on other hosts needs them listed as host:port, "
                       "separated by commas (for PyPI: files.pythonhosted.org:443). The Run pane lists every host "
                       "the install tried to reach.")));

    auto *policy = new QGroupBox(QStringLiteral("Teaching import policy"));
    policy->setObjectName(QStringLiteral("policy"));
    auto *policyForm = new QFormLayout(policy);
    addWideLine(policyForm, Core::PolicySettings::warnKey(), QString(), QStringLiteral("Warn about"), QString());
    addWideLine(policyForm, Core::PolicySettings::blockKey(), QString(), QStringLiteral("Block"), QString());
    policyForm->addRow(explanation(
        QStringLiteral("Python modules, such as os, subprocess, socket, separated by commas. Before a Python program "
                       "runs, its imports are read: one to warn about is marked on its line and the program runs; "
                       "a blocked one stops it before it starts (blocking os blocks os.path). An exercise's own "
                       "policy replaces this one for its Check. This is a teaching aid, not a security boundary: "
                       "exec(\"import os\") gets round it, and the sandbox is what keeps programs in.")));
    form->addRow(policy);
    return page;
}

QWidget *SettingsDialog::networkPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    QLineEdit *edit = addWideLine(form, Core::NetworkSettings::allowKey(), Core::NetworkSettings::allowVariable(),
                                  QStringLiteral("Allowed hosts"), QString());
    edit->setPlaceholderText(QStringLiteral("none: programs have no network"));
    form->addRow(explanation(
        QStringLiteral("Programs may reach only these hosts, through Sandpit's proxy. Empty: no network. Write each "
                       "as host:port, separated by commas, such as pypi.org:443, localhost:8000; *.example.org:443 "
                       "allows every name below example.org. The Run pane lists every host a program tried to "
                       "reach, allowed or not.")));
    return page;
}

// Non-modal (open(), not exec()): the window keeps painting while the user looks for a folder.
void SettingsDialog::browseLearnerFolder()
{
    auto *chooser = new QFileDialog(this, QStringLiteral("Folder for learner files"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::Directory);
    chooser->setOption(QFileDialog::ShowDirsOnly);
    const QString current = Core::ExerciseSettings::problemWith(m_learnerFolder->key(), m_learnerFolder->value())
        ? Core::ExerciseSettings::defaultLearnerFolder()
        : m_learnerFolder->value();
    chooser->setDirectory(QFileInfo::exists(current) ? current : QFileInfo(current).absolutePath());
    connect(chooser, &QFileDialog::fileSelected, this, [this](const QString &folder) {
        m_learnerFolder->setValue(folder);
        updateState();
    });
    chooser->open();
}

void SettingsDialog::saveExerciseSettings()
{
    Core::ExerciseSettings exercises = Core::ExerciseSettings::load(m_settings, QProcessEnvironment());
    exercises.learnerFolder = m_learnerFolder->value();
    exercises.save(m_settings);
}

void SettingsDialog::load()
{
    const auto engine = Core::EngineSettings::load(m_settings, m_environment);
    const auto saved = Core::EngineSettings::load(m_settings, QProcessEnvironment());
    for (SettingField *field : std::as_const(m_fields)) {
        field->setValue(m_settings.value(field->key(), m_defaults.value(field->key())).toString());
        // Written by hand without quotes, the list is read as a QStringList, which has no toString().
        if ((field->key() == Core::NetworkSettings::allowKey() || field->key() == Core::PackageSettings::indexHostsKey())
            && m_settings.contains(field->key()))
            field->setValue(m_settings.value(field->key()).toStringList().join(QStringLiteral(", ")));
        // The flag has several spellings ("yes", "1"); the box shows what load() made of it.
        if (field->key() == QLatin1String("engine/docker_fallback") && saved)
            field->setValue(saved->dockerFallback ? QStringLiteral("true") : QStringLiteral("false"));
        const QString variable = m_variables.value(field->key());
        if (variable.isEmpty() || !m_environment.contains(variable))
            continue;
        QString shown = m_environment.value(variable).trimmed();
        if (field->key() == QLatin1String("engine/docker_fallback") && engine)
            shown = engine->dockerFallback ? QStringLiteral("true") : QStringLiteral("false");
        field->overrideWith(variable, m_environment.value(variable), shown);
    }
    m_images->load(m_settings);
    setEditorFont(editorFont(m_settings));
    updateState();
}

QFont SettingsDialog::editorFont(const QSettings &settings)
{
    QFont font = EditorWidget::defaultFont();
    const QString saved = settings.value(kFontKey).toString();
    if (!saved.isEmpty())
        font.fromString(saved);
    return font;
}

void SettingsDialog::setEditorFont(const QFont &font)
{
    m_fontFamily->setCurrentFont(font);
    m_fontSize->setValue(font.pointSize() > 0 ? font.pointSize() : 10);
    m_fontPreview->setFont(chosenFont());
}

QFont SettingsDialog::chosenFont() const
{
    QFont font = m_fontFamily->currentFont();
    font.setPointSize(m_fontSize->value());
    return font;
}

QStringList SettingsDialog::problems() const
{
    QStringList out;
    for (const SettingField *field : m_fields) {
        if (const auto why = field->problem())
            out << *why;
    }
    return out + m_images->problems();
}

void SettingsDialog::updateState()
{
    // The messages stand under their fields; this line names them, as they may be on other pages.
    QStringList where;
    for (const SettingField *field : std::as_const(m_fields)) {
        if (field->problem())
            where << field->label();
    }
    if (!m_images->problems().isEmpty())
        where << QStringLiteral("Docker images");
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(where.isEmpty());
    m_buttons->button(QDialogButtonBox::Apply)->setEnabled(where.isEmpty());
    m_status->setText(where.isEmpty() ? QString()
                                      : QStringLiteral("Nothing is saved until the values in red are fixed: %1.")
                                            .arg(where.join(QStringLiteral(", "))));
}

bool SettingsDialog::apply()
{
    if (!problems().isEmpty())
        return false;
    for (const SettingField *field : std::as_const(m_fields)) {
        if (field == m_learnerFolder)
            continue; // its own code writes it, as it reads it
        // A value equal to the default is no setting at all, so a later default applies to it.
        if (field->value() == m_defaults.value(field->key()))
            m_settings.remove(field->key());
        else
            m_settings.setValue(field->key(), field->value());
    }
    const QFont font = chosenFont();
    if (font == EditorWidget::defaultFont())
        m_settings.remove(kFontKey);
    else
        m_settings.setValue(kFontKey, font.toString());
    m_images->save(m_settings);
    saveExerciseSettings();

    // Read back as the program reads them, so a variable still wins and the window applies
    // what will really be in force.
    const auto engine = Core::EngineSettings::load(m_settings, m_environment);
    const auto history = Core::HistorySettings::load(m_settings, m_environment);
    const auto output = OutputSettings::load(m_settings, m_environment);
    const QString failure = !engine ? engine.error()
        : !history                  ? history.error()
        : !output                   ? output.error()
                                    : QString();
    if (!failure.isEmpty()) { // only a bad variable gets here: the fields were all checked
        m_status->setText(QStringLiteral("Saved, but not in force: %1").arg(failure));
        return false;
    }
    AppliedSettings applied{*engine,
                            *history,
                            *output,
                            m_settings.value(kThemeKey, QStringLiteral("system")).toString(),
                            editorFont(m_settings),
                            m_settings.value(kKeptWorkspaceKey, false).toBool()};
    Q_EMIT settingsApplied(applied);
    return true;
}

void SettingsDialog::restoreDefaults()
{
    for (SettingField *field : std::as_const(m_fields))
        field->setValue(m_defaults.value(field->key()));
    m_images->restoreDefaults();
    setEditorFont(EditorWidget::defaultFont());
    updateState();
}

} // namespace Sandpit::Ui
