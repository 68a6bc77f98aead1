#include "attachmentspane.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
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
{
    m_list->setObjectName(QStringLiteral("attachmentList"));
    m_mode->setObjectName(QStringLiteral("workspaceMode"));
    m_reset->setObjectName(QStringLiteral("resetWorkspace"));
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_placeholder->setToolTip(QStringLiteral("Files and folders added here are copied next to the program before each run."));
    m_mode->addItem(QStringLiteral("Fresh each run"));
    m_mode->addItem(QStringLiteral("Kept between runs"));
    m_mode->setToolTip(QStringLiteral("Fresh: every run starts from a clean workspace. Kept: what the program writes "
                                      "stays for its next run, until you reset the workspace."));
    m_reset->setToolTip(QStringLiteral("Empty the kept workspace: the next run starts from a clean one"));
    m_reset->setEnabled(false);
    m_remove->setEnabled(false);

    auto *addFile = new QPushButton(QStringLiteral("Add File…"), this);
    auto *addFolder = new QPushButton(QStringLiteral("Add Folder…"), this);
    addFile->setObjectName(QStringLiteral("addInputFile"));
    addFolder->setObjectName(QStringLiteral("addInputFolder"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(addFile);
    buttons->addWidget(addFolder);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto *mode = new QHBoxLayout;
    mode->addWidget(new QLabel(QStringLiteral("Workspace:"), this));
    mode->addWidget(m_mode, 1);
    mode->addWidget(m_reset);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_placeholder);
    layout->addLayout(buttons);
    layout->addLayout(mode);
    m_list->hide();

    connect(addFile, &QPushButton::clicked, this, &AttachmentsPane::chooseFiles);
    connect(addFolder, &QPushButton::clicked, this, &AttachmentsPane::chooseFolder);
    connect(m_remove, &QPushButton::clicked, this, &AttachmentsPane::removeSelected);
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    connect(m_mode, &QComboBox::activated, this, [this](int index) { Q_EMIT persistentChosen(index == 1); });
    connect(m_reset, &QPushButton::clicked, this, &AttachmentsPane::resetRequested);
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
}

void AttachmentsPane::showMode(bool persistent)
{
    m_mode->setCurrentIndex(persistent ? 1 : 0);
    m_reset->setEnabled(persistent);
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
