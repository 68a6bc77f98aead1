#include "run/attachmentspane.h"

#include "run/argumentline.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
constexpr int kMissingRole = Qt::UserRole + 1;
}

AttachmentsPane::AttachmentsPane(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_placeholder(new QLabel(QStringLiteral("No input files."), this))
    , m_remove(new QPushButton(QStringLiteral("Remove"), this))
    , m_mode(new QComboBox(this))
    , m_reset(new QPushButton(QStringLiteral("Reset workspace"), this))
    , m_arguments(new QLineEdit(this))
    , m_fold(new QToolButton(this))
    , m_summary(new QLabel(this))
    , m_body(new QWidget(this))
{
    m_list->setObjectName(QStringLiteral("attachmentList"));
    m_mode->setObjectName(QStringLiteral("workspaceMode"));
    m_reset->setObjectName(QStringLiteral("resetWorkspace"));
    m_arguments->setObjectName(QStringLiteral("programArguments"));
    m_arguments->setPlaceholderText(QStringLiteral("none (for example: data.txt 3 \"two words\")"));
    m_arguments->setClearButtonEnabled(true);
    m_arguments->setToolTip(QStringLiteral("What the program gets as its command-line arguments (sys.argv[1:] in "
                                           "Python, argv in C), separated by spaces; quote a word that has spaces"));
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_placeholder->setToolTip(
        QStringLiteral("Files and folders added here are copied next to the program before each run."));
    m_mode->addItem(QStringLiteral("Fresh each run"));
    m_mode->addItem(QStringLiteral("Kept between runs"));
    m_mode->setToolTip(QStringLiteral("Fresh: every run starts from a clean workspace. Kept: what the program writes "
                                      "stays for its next run, until you reset the workspace."));
    m_reset->setToolTip(QStringLiteral("Empty the kept workspace: the next run starts from a clean one"));
    m_reset->setEnabled(false);
    m_remove->setEnabled(false);

    auto *addFile = new QPushButton(QStringLiteral("Add File…"), m_body);
    auto *addFolder = new QPushButton(QStringLiteral("Add Folder…"), m_body);
    addFile->setObjectName(QStringLiteral("addInputFile"));
    addFolder->setObjectName(QStringLiteral("addInputFolder"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(addFile);
    buttons->addWidget(addFolder);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto *mode = new QHBoxLayout;
    mode->addWidget(new QLabel(QStringLiteral("Workspace:"), m_body));
    mode->addWidget(m_mode, 1);
    mode->addWidget(m_reset);
    auto *arguments = new QHBoxLayout;
    auto *argumentsLabel = new QLabel(QStringLiteral("&Arguments:"), m_body);
    argumentsLabel->setBuddy(m_arguments);
    arguments->addWidget(argumentsLabel);
    arguments->addWidget(m_arguments, 1);

    for (QWidget *widget :
         std::initializer_list<QWidget *>{m_list, m_placeholder, m_remove, m_mode, m_reset, m_arguments})
        widget->setParent(m_body);
    auto *body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_list, 1);
    body->addWidget(m_placeholder);
    body->addLayout(buttons);
    body->addLayout(mode);
    body->addLayout(arguments);
    m_list->hide();

    m_fold->setObjectName(QStringLiteral("inputFilesFold"));
    m_fold->setAutoRaise(true);
    m_fold->setCheckable(true);
    m_fold->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_summary->setObjectName(QStringLiteral("inputFilesSummary"));
    m_summary->setToolTip(
        QStringLiteral("Files and folders added here are copied beside the program before each run."));
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_fold);
    header->addWidget(m_summary, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_body, 1);
    connect(m_fold, &QToolButton::toggled, this, [this](bool unfolded) { setFolded(!unfolded); });
    setFolded(true);

    connect(addFile, &QPushButton::clicked, this, &AttachmentsPane::chooseFiles);
    connect(addFolder, &QPushButton::clicked, this, &AttachmentsPane::chooseFolder);
    connect(m_remove, &QPushButton::clicked, this, &AttachmentsPane::removeSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    connect(m_mode, &QComboBox::activated, this, [this](int index) { Q_EMIT persistentChosen(index == 1); });
    connect(m_reset, &QPushButton::clicked, this, &AttachmentsPane::resetRequested);
    // As typed, not at Return: F5 in the field runs with what it shows.
    connect(m_arguments, &QLineEdit::textEdited, this,
            [this](const QString &line) { Q_EMIT argumentsChosen(splitArgumentLine(line)); });
}

int AttachmentsPane::count() const
{
    return m_list->count();
}

QString AttachmentsPane::rowText(int row) const
{
    return m_list->item(row)->text();
}

QString AttachmentsPane::rowToolTip(int row) const
{
    return m_list->item(row)->toolTip();
}

bool AttachmentsPane::rowIsMissing(int row) const
{
    return m_list->item(row)->data(kMissingRole).toBool();
}

QString AttachmentsPane::modeText() const
{
    return m_mode->currentText();
}

QString AttachmentsPane::argumentsText() const
{
    return m_arguments->text();
}

QString AttachmentsPane::summaryText() const
{
    return m_summary->text();
}

bool AttachmentsPane::isFolded() const
{
    return m_body->isHidden();
}

void AttachmentsPane::setFolded(bool folded)
{
    m_body->setHidden(folded);
    const QSignalBlocker quiet(m_fold);
    m_fold->setChecked(!folded);
    m_fold->setArrowType(folded ? Qt::RightArrow : Qt::DownArrow);
    m_fold->setToolTip(folded ? QStringLiteral("Show the input files and the workspace mode")
                              : QStringLiteral("Fold the input files away"));
    // Folded, the dock is one line high: its height goes to the Output Files pane above it.
    setMaximumHeight(folded ? sizeHint().height() : QWIDGETSIZE_MAX);
    updateSummary();
}

void AttachmentsPane::foldToUse()
{
    const bool inUse = m_list->count() > 0 || m_mode->currentIndex() == 1 || !m_arguments->text().isEmpty();
    // Only a change of use folds or unfolds it, so a pane the learner opened stays open.
    if (inUse != m_inUse)
        setFolded(!inUse);
    m_inUse = inUse;
    updateSummary();
}

void AttachmentsPane::updateSummary()
{
    const int count = m_list->count();
    // One short line: the folded dock is one line high, and a wrapped sentence would be cut.
    QString text = count == 0 ? QStringLiteral("None")
        : count == 1          ? QStringLiteral("1 file or folder")
                              : QStringLiteral("%1 files or folders").arg(count);
    if (m_mode->currentIndex() == 1)
        text += QStringLiteral(" · kept workspace");
    if (!m_arguments->text().isEmpty())
        text += QStringLiteral(" · arguments: %1").arg(m_arguments->text());
    m_summary->setText(isFolded() ? text : QString());
}

void AttachmentsPane::showAttachments(const QList<Attachment> &attachments)
{
    m_list->clear();
    for (const Attachment &a : attachments) {
        const QString name = QFileInfo(a.path).fileName() + (a.isFolder ? QStringLiteral("/") : QString());
        auto *item = new QListWidgetItem(a.problem.isEmpty() ? name : QStringLiteral("%1 (missing)").arg(name), m_list);
        item->setData(Qt::UserRole, a.path);
        item->setData(kMissingRole, !a.problem.isEmpty());
        item->setToolTip(a.problem.isEmpty() ? a.path : a.problem);
        if (!a.problem.isEmpty())
            item->setForeground(Qt::red);
    }
    m_list->setVisible(!attachments.isEmpty());
    m_placeholder->setVisible(attachments.isEmpty());
    m_remove->setEnabled(false);
    foldToUse();
}

void AttachmentsPane::showMode(bool persistent)
{
    m_mode->setCurrentIndex(persistent ? 1 : 0);
    m_reset->setEnabled(persistent);
    foldToUse();
}

void AttachmentsPane::showArguments(const QStringList &arguments)
{
    // What the learner is typing stays as typed; another program's arguments replace it.
    if (splitArgumentLine(m_arguments->text()) != arguments)
        m_arguments->setText(joinArgumentLine(arguments));
    foldToUse();
}

void AttachmentsPane::editArguments()
{
    setFolded(false);
    m_arguments->setFocus(Qt::ShortcutFocusReason);
    m_arguments->selectAll();
}

void AttachmentsPane::chooseFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, QStringLiteral("Add input files"));
    if (!paths.isEmpty())
        Q_EMIT attachRequested(paths);
}

void AttachmentsPane::chooseFolder()
{
    const QString path = QFileDialog::getExistingDirectory(this, QStringLiteral("Add an input folder"));
    if (!path.isEmpty())
        Q_EMIT attachRequested({path});
}

void AttachmentsPane::removeSelected()
{
    for (const QListWidgetItem *item : m_list->selectedItems())
        Q_EMIT detachRequested(item->data(Qt::UserRole).toString());
}

} // namespace Sandpit::Ui
