#include "run/inputsetdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

InputSetDialog::InputSetDialog(QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_stdin(new QPlainTextEdit(this))
    , m_hasExpected(new QCheckBox(QStringLiteral("Check the output against:"), this))
    , m_expected(new QPlainTextEdit(this))
    , m_message(new QLabel(this))
    , m_add(new QPushButton(QStringLiteral("&Add"), this))
    , m_delete(new QPushButton(QStringLiteral("&Delete"), this))
    , m_save(new QPushButton(QStringLiteral("&Save"), this))
    , m_run(new QPushButton(QStringLiteral("&Run with this input"), this))
    , m_runAll(new QPushButton(QStringLiteral("Run A&ll Sets"), this))
    , m_makePack(new QPushButton(QStringLiteral("Make Exercise &Pack…"), this))
{
    setObjectName(QStringLiteral("inputSetDialog"));
    setWindowTitle(QStringLiteral("Run with input"));
    m_list->setObjectName(QStringLiteral("inputSetList"));
    m_name->setObjectName(QStringLiteral("inputSetName"));
    m_stdin->setObjectName(QStringLiteral("inputSetStdin"));
    m_hasExpected->setObjectName(QStringLiteral("inputSetHasExpected"));
    m_expected->setObjectName(QStringLiteral("inputSetExpected"));
    m_message->setObjectName(QStringLiteral("inputSetMessage"));
    m_add->setObjectName(QStringLiteral("inputSetAdd"));
    m_delete->setObjectName(QStringLiteral("inputSetDelete"));
    m_save->setObjectName(QStringLiteral("inputSetSave"));
    m_run->setObjectName(QStringLiteral("inputSetRun"));
    m_runAll->setObjectName(QStringLiteral("inputSetRunAll"));
    m_runAll->setToolTip(QStringLiteral("Run the program once with each input set, one after another, and show a "
                                        "result for each"));
    m_run->setDefault(true);
    m_message->setWordWrap(true);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_stdin->setFont(mono);
    m_expected->setFont(mono);
    m_stdin->setPlaceholderText(QStringLiteral("What the program reads from stdin"));
    m_expected->setPlaceholderText(QStringLiteral("What the program should print"));
    m_list->setMaximumWidth(200);

    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(m_add);
    listButtons->addWidget(m_delete);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list);
    left->addLayout(listButtons);

    auto *form = new QFormLayout;
    form->addRow(QStringLiteral("&Name:"), m_name);
    form->addRow(QStringLiteral("&Input:"), m_stdin);
    form->addRow(m_hasExpected);
    form->addRow(m_expected);
    auto *top = new QHBoxLayout;
    top->addLayout(left);
    top->addLayout(form, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    buttons->addButton(m_runAll, QDialogButtonBox::ActionRole);
    m_makePack->setObjectName(QStringLiteral("makeExercisePackButton"));
    m_makePack->setToolTip(QStringLiteral("Turn the program and these input sets into a one-exercise pack"));
    buttons->addButton(m_makePack, QDialogButtonBox::ActionRole);
    buttons->addButton(m_run, QDialogButtonBox::AcceptRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
    resize(640, 420);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentRowChanged, this, &InputSetDialog::select);
    // Not itemActivated: Return would run the set twice, once from the list and once from the
    // default button.
    connect(m_list, &QListWidget::itemDoubleClicked, this, &InputSetDialog::runSelected);
    connect(m_add, &QPushButton::clicked, this, &InputSetDialog::addSet);
    connect(m_delete, &QPushButton::clicked, this, &InputSetDialog::deleteSet);
    connect(m_save, &QPushButton::clicked, this, [this] {
        storeEdits();
        Q_EMIT saveRequested(m_sets);
    });
    connect(m_run, &QPushButton::clicked, this, &InputSetDialog::runSelected);
    connect(m_runAll, &QPushButton::clicked, this, &InputSetDialog::runAll);
    connect(m_makePack, &QPushButton::clicked, this, [this] {
        storeEdits();
        Q_EMIT makePackRequested(m_sets);
    });
    connect(m_hasExpected, &QCheckBox::toggled, m_expected, &QWidget::setEnabled);
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (QListWidgetItem *item = m_list->item(m_row))
            item->setText(text);
    });
    showProblem(QString(), false);
}

void InputSetDialog::showLoading(const QString &programName)
{
    setWindowTitle(QStringLiteral("Run %1 with input").arg(programName));
    m_message->setText(QStringLiteral("Reading the input sets…"));
    m_editable = false;
    updateButtons();
}

void InputSetDialog::showSets(const QString &programName, const Core::InputSets &sets)
{
    setWindowTitle(QStringLiteral("Run %1 with input").arg(programName));
    m_sets = sets;
    m_savedSets = sets;
    m_row = -1;
    m_editable = true;
    m_message->setText(sets.isEmpty() ? QStringLiteral("No input sets yet: Add one, type the input, and Run.")
                                      : QString());
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const Core::InputSet &set : sets)
        m_list->addItem(set.name);
    m_list->setCurrentRow(sets.isEmpty() ? -1 : 0);
    select(m_list->currentRow());
}

void InputSetDialog::showProblem(const QString &message, bool editable)
{
    m_message->setText(message);
    m_editable = editable;
    updateButtons();
}

void InputSetDialog::showSaved(const QString &path, const Core::InputSets &sets)
{
    m_savedSets = sets;
    m_message->setText(QStringLiteral("Saved to %1").arg(path));
}

void InputSetDialog::select(int row)
{
    storeEdits();
    m_row = row;
    const bool valid = row >= 0 && row < m_sets.size();
    const Core::InputSet set = valid ? m_sets.at(row) : Core::InputSet{};
    m_name->setText(set.name);
    m_stdin->setPlainText(QString::fromUtf8(set.stdinData));
    m_hasExpected->setChecked(set.expectedStdout.has_value());
    m_expected->setPlainText(QString::fromUtf8(set.expectedStdout.value_or(QByteArray())));
    m_expected->setEnabled(set.expectedStdout.has_value());
    updateButtons();
}

void InputSetDialog::storeEdits()
{
    if (m_row < 0 || m_row >= m_sets.size())
        return;
    Core::InputSet &set = m_sets[m_row];
    set.name = m_name->text();
    set.stdinData = m_stdin->toPlainText().toUtf8();
    set.expectedStdout = m_hasExpected->isChecked() ? std::optional(m_expected->toPlainText().toUtf8()) : std::nullopt;
}

void InputSetDialog::addSet()
{
    storeEdits();
    m_sets.append({QStringLiteral("Input %1").arg(m_sets.size() + 1), QByteArray(), std::nullopt});
    m_list->addItem(m_sets.last().name);
    m_list->setCurrentRow(int(m_sets.size() - 1));
    m_message->clear();
    m_name->setFocus();
    m_name->selectAll();
}

void InputSetDialog::deleteSet()
{
    if (m_row < 0 || m_row >= m_sets.size())
        return;
    const int row = m_row;
    m_row = -1; // its fields are not stored back
    m_sets.removeAt(row);
    delete m_list->takeItem(row);
    select(m_list->currentRow());
}

void InputSetDialog::runSelected()
{
    storeEdits();
    if (m_row < 0 || m_row >= m_sets.size())
        return;
    saveIfChanged();
    Q_EMIT runRequested(m_sets.at(m_row));
}

void InputSetDialog::runAll()
{
    storeEdits();
    if (m_sets.isEmpty())
        return;
    saveIfChanged();
    Q_EMIT runAllRequested(m_sets);
}

void InputSetDialog::saveIfChanged()
{
    // Running saves too: a set typed in and run is one the user means to keep. An unchanged
    // file is left alone, so a hand-written one keeps its layout.
    if (m_sets != m_savedSets)
        Q_EMIT saveRequested(m_sets);
}

void InputSetDialog::updateButtons()
{
    const bool selected = m_row >= 0 && m_row < m_sets.size();
    m_add->setEnabled(m_editable);
    m_save->setEnabled(m_editable);
    m_delete->setEnabled(m_editable && selected);
    m_run->setEnabled(m_editable && selected);
    m_runAll->setEnabled(m_editable && !m_sets.isEmpty());
    m_makePack->setEnabled(m_editable && !m_sets.isEmpty());
    for (QWidget *field :
         {static_cast<QWidget *>(m_name), static_cast<QWidget *>(m_stdin), static_cast<QWidget *>(m_hasExpected)})
        field->setEnabled(m_editable && selected);
    m_expected->setEnabled(m_editable && selected && m_hasExpected->isChecked());
}

} // namespace Sandpit::Ui
