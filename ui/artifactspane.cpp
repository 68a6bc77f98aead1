#include "artifactspane.h"

#include "killdetail.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Sandpit::Ui {

ArtifactsPane::ArtifactsPane(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, 3, this))
    , m_placeholder(new QLabel(this))
{
    m_table->setObjectName(QStringLiteral("artifactsTable"));
    m_table->setHorizontalHeaderLabels({QStringLiteral("File"), QStringLiteral("Size"), QStringLiteral("Type")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);

    m_placeholder->setText(QStringLiteral("Files your program writes to the output/ folder are listed here."));
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setStyleSheet(QStringLiteral("QLabel { color: #757575; padding: 8px; }"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_placeholder);
    layout->addWidget(m_table, 1);
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

void ArtifactsPane::clear()
{
    m_table->setRowCount(0);
    m_table->hide();
    m_placeholder->show();
}

void ArtifactsPane::showArtifacts(const QList<Core::Artifact> &artifacts)
{
    m_table->setSortingEnabled(false);
    m_table->setRowCount(int(artifacts.size()));
    for (int row = 0; row < artifacts.size(); ++row) {
        const Core::Artifact &artifact = artifacts.at(row);
        auto *path = new QTableWidgetItem(artifact.path);
        path->setToolTip(QStringLiteral("output/") + artifact.path);
        auto *size = new QTableWidgetItem(Core::formatBytes(artifact.size));
        size->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        size->setData(Qt::UserRole, artifact.size);
        m_table->setItem(row, 0, path);
        m_table->setItem(row, 1, size);
        m_table->setItem(row, 2, new QTableWidgetItem(artifact.mimeType));
    }
    m_table->setVisible(!artifacts.isEmpty());
    m_placeholder->setVisible(artifacts.isEmpty());
}

} // namespace Sandpit::Ui
