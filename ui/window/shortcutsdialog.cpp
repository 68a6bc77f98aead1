#include "window/shortcutsdialog.h"

#include "window/dialogcolumn.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>

namespace Sandpit::Ui {

namespace {
// "Save &As…" → "Save As…", "Fish && Chips" → "Fish & Chips"
QString withoutMnemonic(const QString &text)
{
    QString plain;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == QLatin1Char('&') && i + 1 < text.size())
            ++i;
        plain += text.at(i);
    }
    return plain.section(QLatin1Char('\t'), 0, 0);
}

void collect(const QMenu *menu, const QString &path, QStandardItemModel *model)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QString text = withoutMnemonic(action->text());
        if (const QMenu *sub = action->menu()) {
            collect(sub, path + QStringLiteral(" › ") + text, model);
            continue;
        }
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        if (keys.isEmpty())
            continue;
        QList<QStandardItem *> row{new QStandardItem(path), new QStandardItem(text),
                                   new QStandardItem(keys.join(QStringLiteral(", ")))};
        row.at(ShortcutsDialog::Command)
            ->setToolTip(action->statusTip().isEmpty() ? action->toolTip() : action->statusTip());
        for (QStandardItem *item : row)
            item->setEditable(false);
        model->appendRow(row);
    }
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMenuBar *menuBar, QWidget *parent)
    : QDialog(parent)
    , m_menuBar(menuBar)
    , m_filter(new QLineEdit(this))
    , m_model(new QStandardItemModel(0, ColumnCount, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(QStringLiteral("Keyboard Shortcuts"));
    m_model->setHorizontalHeaderLabels(
        {QStringLiteral("Menu"), QStringLiteral("Command"), QStringLiteral("Shortcuts")});
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1); // "F5", "run" and "file" all find something
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setObjectName(QStringLiteral("shortcutsFilter"));
    m_filter->setPlaceholderText(QStringLiteral("Filter by command, menu or key…"));
    m_filter->setClearButtonEnabled(true);
    m_view->setObjectName(QStringLiteral("shortcutsTable"));
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layOutDialogColumn(this, m_filter, m_view, buttons);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    resize(560, 480);
}

void ShortcutsDialog::open()
{
    reload();
    m_filter->clear();
    m_filter->setFocus();
    QDialog::open();
}

int ShortcutsDialog::rowCount() const
{
    return m_proxy->rowCount();
}

QString ShortcutsDialog::cellText(int row, int column) const
{
    return m_proxy->index(row, column).data().toString();
}

void ShortcutsDialog::setFilterText(const QString &text)
{
    m_filter->setText(text);
}

void ShortcutsDialog::reload()
{
    m_model->removeRows(0, m_model->rowCount());
    if (!m_menuBar)
        return;
    for (QAction *top : m_menuBar->actions()) {
        if (const QMenu *menu = top->menu(); menu && top->isVisible())
            collect(menu, withoutMnemonic(top->text()), m_model);
    }
}

} // namespace Sandpit::Ui
