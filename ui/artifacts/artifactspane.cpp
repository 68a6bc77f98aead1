#include "artifacts/artifactspane.h"

#include "artifacts/artifactlabel.h"
#include "artifacts/artifactpreview.h"
#include "artifacts/imageview.h"
#include "artifacts/imageviewer.h"
#include "model/units.h"
#include "window/backgroundtask.h"

#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSaveFile>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {

/// Copies each kept file to its destination; returns what went wrong, or empty.
QString copyFiles(const QList<std::pair<QString, QString>> &pairs)
{
    for (const auto &[from, to] : pairs) {
        QFile in(from);
        if (!in.open(QIODevice::ReadOnly))
            return QStringLiteral("Cannot read %1: %2").arg(from, in.errorString());
        if (!QDir().mkpath(QFileInfo(to).absolutePath()))
            return QStringLiteral("Cannot make the folder %1.").arg(QFileInfo(to).absolutePath());
        // QSaveFile: a failed copy leaves the file that was there, not half of the new one.
        QSaveFile out(to);
        if (!out.open(QIODevice::WriteOnly))
            return QStringLiteral("Cannot write %1: %2").arg(to, out.errorString());
        while (!in.atEnd()) {
            const QByteArray chunk = in.read(1 << 20);
            if (chunk.isEmpty() && in.error() != QFileDevice::NoError)
                return QStringLiteral("Cannot read %1: %2").arg(from, in.errorString());
            if (out.write(chunk) != chunk.size())
                return QStringLiteral("Cannot write %1: %2").arg(to, out.errorString());
        }
        if (!out.commit())
            return QStringLiteral("Cannot write %1: %2").arg(to, out.errorString());
    }
    return {};
}

} // namespace

ArtifactsPane::ArtifactsPane(QWidget *parent)
    : QWidget(parent)
    , m_note(new QLabel(this))
    , m_where(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_table(new QTableWidget(0, 3, this))
    , m_placeholder(new QLabel(this))
    , m_preview(new ArtifactPreview(this))
    , m_openAction(new QAction(QStringLiteral("&Open"), this))
    , m_saveAction(new QAction(QStringLiteral("Save &As…"), this))
    , m_saveAllAction(new QAction(QStringLiteral("Save A&ll…"), this))
    , m_openUrl([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{
    m_table->setObjectName(QStringLiteral("artifactsTable"));
    m_table->setHorizontalHeaderLabels({QStringLiteral("File"), QStringLiteral("Size"), QStringLiteral("Type")});
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // At least a header and two files, whatever the splitter and a note above it leave.
    m_table->setMinimumHeight(3 * m_table->verticalHeader()->defaultSectionSize() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ArtifactsPane::showSelection);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &ArtifactsPane::activateSelected);
    connect(m_preview->imageView(), &ImageView::doubleClicked, this, &ArtifactsPane::viewSelectedLarge);
    connect(m_table, &QWidget::customContextMenuRequested, this, &ArtifactsPane::showContextMenu);

    m_placeholder->setText(QStringLiteral("Files your program writes are kept and listed here."));
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setStyleSheet(QStringLiteral("QLabel { color: #757575; padding: 8px; }"));
    m_note->setObjectName(QStringLiteral("artifactsNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("QLabel { color: #8a6d00; padding: 2px 4px; }"));
    m_preview->setObjectName(QStringLiteral("artifactPreview"));
    // Said once for the whole list: a learner who wrote open("temps.csv", "w") learns that the
    // file is kept, and what the mark on it means, without a note on every row.
    m_where->setObjectName(QStringLiteral("artifactsWhere"));
    m_where->setWordWrap(true);
    m_where->setText(QStringLiteral("Files your program wrote are kept here until the next run; %1 marks one written "
                                    "outside the output/ folder.")
                         .arg(kOutsideOutputMark));
    m_where->setStyleSheet(QStringLiteral("QLabel { color: #757575; padding: 2px 4px; }"));

    m_openAction->setObjectName(QStringLiteral("actionOpenArtifact"));
    m_openAction->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    m_openAction->setToolTip(QStringLiteral("Open the file with the desktop's application for it (double-click; "
                                            "an image opens large in Sandpit)"));
    m_saveAction->setObjectName(QStringLiteral("actionSaveArtifact"));
    m_saveAction->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_saveAction->setToolTip(QStringLiteral("Save a copy of the selected file"));
    m_saveAllAction->setObjectName(QStringLiteral("actionSaveAllArtifacts"));
    m_saveAllAction->setIcon(style()->standardIcon(QStyle::SP_DirIcon));
    m_saveAllAction->setToolTip(QStringLiteral("Save a copy of every file into a folder"));
    connect(m_openAction, &QAction::triggered, this, &ArtifactsPane::openSelected);
    connect(m_saveAction, &QAction::triggered, this, &ArtifactsPane::chooseSaveSelected);
    connect(m_saveAllAction, &QAction::triggered, this, &ArtifactsPane::chooseSaveAll);
    auto *bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("artifactsToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));
    bar->addActions({m_openAction, m_saveAction, m_saveAllAction});

    auto *list = new QWidget(this);
    auto *listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->setSpacing(0);
    listLayout->addWidget(bar);
    listLayout->addWidget(m_where);
    listLayout->addWidget(m_note);
    listLayout->addWidget(m_table, 1);
    m_splitter->addWidget(list);
    m_splitter->addWidget(m_preview);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({100, 300}); // scaled to the pane: a quarter for the list, the rest to see the file
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_placeholder);
    layout->addWidget(m_splitter, 1);
    clear();
}

int ArtifactsPane::rowCount() const
{
    return m_table->rowCount();
}

QString ArtifactsPane::cellText(int row, int column) const
{
    const QTableWidgetItem *item = m_table->item(row, column);
    return item ? item->text() : QString();
}

QString ArtifactsPane::noteText() const
{
    return m_note->isVisibleTo(this) ? m_note->text() : QString();
}

QString ArtifactsPane::whereText() const
{
    return m_where->isVisibleTo(this) ? m_where->text() : QString();
}

void ArtifactsPane::selectRow(int row)
{
    m_table->selectRow(row);
}

QString ArtifactsPane::selectedPath() const
{
    const Core::Artifact *artifact = selectedArtifact();
    return artifact ? keptPath(*artifact) : QString();
}

void ArtifactsPane::setUrlOpener(std::function<bool(const QUrl &)> opener)
{
    m_openUrl = std::move(opener);
}

void ArtifactsPane::clear()
{
    m_artifacts.clear();
    m_dir.clear();
    m_table->setRowCount(0);
    m_preview->clear();
    m_note->clear();
    m_note->hide();
    m_where->hide();
    m_splitter->hide();
    m_placeholder->show();
    updateActions();
}

void ArtifactsPane::showArtifacts(const Core::RunResult &result)
{
    fillTable(result);
    // The first file's preview at once: most programs write one plot or one table.
    if (!m_artifacts.isEmpty())
        m_table->selectRow(0);
}

void ArtifactsPane::showRunningListing(const Core::ArtifactListing &listing)
{
    const Core::Artifact *selected = selectedArtifact();
    const QString selectedName = selected ? selected->workPath() : QString();
    Core::RunResult soFar;
    soFar.artifacts = listing.artifacts;
    fillTable(soFar);
    m_note->setText(listing.more
                        ? QStringLiteral("Still running. These are the first of its files; all are listed, and "
                                         "can be previewed and saved, when it ends.")
                        : QStringLiteral("Still running: its files can be previewed and saved when it ends."));
    m_note->setVisible(!m_artifacts.isEmpty());
    for (int row = 0; row < m_artifacts.size(); ++row) {
        if (m_artifacts.at(row).workPath() == selectedName)
            m_table->selectRow(row);
    }
}

void ArtifactsPane::fillTable(const Core::RunResult &result)
{
    clear();
    m_artifacts = result.artifacts;
    m_dir = result.artifactsDir;
    m_table->setRowCount(int(m_artifacts.size()));
    for (int row = 0; row < m_artifacts.size(); ++row) {
        const Core::Artifact &artifact = m_artifacts.at(row);
        auto *path = new QTableWidgetItem(artifactLabel(artifact));
        path->setToolTip(artifactPlace(artifact));
        auto *size = new QTableWidgetItem(Core::formatBytes(artifact.size));
        size->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        size->setData(Qt::UserRole, artifact.size);
        m_table->setItem(row, 0, path);
        m_table->setItem(row, 1, size);
        m_table->setItem(row, 2, new QTableWidgetItem(artifact.mimeType));
        if (keptPath(artifact).isEmpty()) {
            for (int column = 0; column < 3; ++column)
                m_table->item(row, column)->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        }
    }
    QStringList notes;
    if (result.artifactsLeftBehind) {
        notes << QStringLiteral("Showing %1 files: the program wrote more, but the sandbox copies out at most 1000 "
                                "files and 64 MB.")
                     .arg(m_artifacts.size());
    } else if (result.artifactsFound > m_artifacts.size()) {
        notes << QStringLiteral("Showing %1 of %2%3 files.")
                     .arg(m_artifacts.size())
                     .arg(result.artifactsFound)
                     .arg(result.artifactsFound >= 100000 ? QStringLiteral(" or more") : QString());
    }
    if (result.artifactsByteCap > 0) {
        notes << QStringLiteral(
                     "Stopped copying at %1: the files in grey were not kept, so they cannot be previewed or "
                     "saved.")
                     .arg(Core::formatBytes(result.artifactsByteCap));
    }
    m_where->setVisible(std::any_of(m_artifacts.cbegin(), m_artifacts.cend(),
                                    [](const Core::Artifact &artifact) { return !artifact.inOutput; }));
    m_note->setText(notes.join(QLatin1Char(' ')));
    m_note->setVisible(!notes.isEmpty());
    m_splitter->setVisible(!m_artifacts.isEmpty());
    m_placeholder->setVisible(m_artifacts.isEmpty());
    updateActions();
}

void ArtifactsPane::openSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    if (!m_openUrl(QUrl::fromLocalFile(path)))
        Q_EMIT openFailed(QStringLiteral("No application could open %1.").arg(QFileInfo(path).fileName()));
}

void ArtifactsPane::activateSelected()
{
    if (m_preview->kind() == Preview::Kind::Image)
        viewSelectedLarge();
    else
        openSelected();
}

void ArtifactsPane::viewSelectedLarge()
{
    const Core::Artifact *artifact = selectedArtifact();
    if (!artifact || m_preview->kind() != Preview::Kind::Image)
        return;
    auto *viewer = new ImageViewer(m_preview->imageView()->image(), artifact->path, this);
    viewer->show();
}

void ArtifactsPane::chooseSaveSelected()
{
    const Core::Artifact *artifact = selectedArtifact();
    if (!artifact || keptPath(*artifact).isEmpty())
        return;
    const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save a copy of %1").arg(artifact->path),
                                                      QFileInfo(artifact->path).fileName());
    if (!path.isEmpty())
        saveSelectedTo(path);
}

void ArtifactsPane::chooseSaveAll()
{
    const QString folder
        = QFileDialog::getExistingDirectory(this, QStringLiteral("Save the output files into a folder"));
    if (!folder.isEmpty())
        saveAllTo(folder);
}

void ArtifactsPane::saveSelectedTo(const QString &path)
{
    const QString from = selectedPath();
    if (from.isEmpty())
        return;
    copyInBackground({{from, path}}, path);
}

void ArtifactsPane::saveAllTo(const QString &folder)
{
    QList<std::pair<QString, QString>> pairs;
    for (const Core::Artifact &artifact : std::as_const(m_artifacts)) {
        if (const QString from = keptPath(artifact); !from.isEmpty())
            pairs.append({from, QDir(folder).filePath(artifact.path)});
    }
    if (!pairs.isEmpty())
        copyInBackground(std::move(pairs), folder);
}

void ArtifactsPane::copyInBackground(QList<std::pair<QString, QString>> pairs, const QString &where)
{
    const qsizetype count = pairs.size();
    runInBackground<QString>(
        this, [pairs = std::move(pairs)] { return copyFiles(pairs); },
        [this, count, where](const QString &error) {
            if (!error.isEmpty())
                Q_EMIT saveFailed(error);
            else
                Q_EMIT filesSaved(count == 1 ? QStringLiteral("Saved %1").arg(where)
                                             : QStringLiteral("Saved %1 files into %2").arg(count).arg(where));
        });
}

void ArtifactsPane::showSelection()
{
    updateActions();
    const Core::Artifact *artifact = selectedArtifact();
    if (artifact)
        m_preview->showArtifact(*artifact, keptPath(*artifact));
    else
        m_preview->clear();
}

void ArtifactsPane::updateActions()
{
    const bool kept = !selectedPath().isEmpty();
    m_openAction->setEnabled(kept);
    m_saveAction->setEnabled(kept);
    m_saveAllAction->setEnabled(!m_dir.isEmpty() && !m_artifacts.isEmpty());
}

void ArtifactsPane::showContextMenu(const QPoint &pos)
{
    if (!m_table->itemAt(pos))
        return;
    QMenu menu(this);
    menu.addActions({m_openAction, m_saveAction});
    menu.addSeparator();
    menu.addAction(m_saveAllAction);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

const Core::Artifact *ArtifactsPane::selectedArtifact() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    if (items.isEmpty())
        return nullptr;
    const int row = items.first()->row();
    return row >= 0 && row < m_artifacts.size() ? &m_artifacts.at(row) : nullptr;
}

QString ArtifactsPane::keptPath(const Core::Artifact &artifact) const
{
    return artifact.kept && !m_dir.isEmpty() ? QDir(m_dir).filePath(artifact.workPath()) : QString();
}

} // namespace Sandpit::Ui
