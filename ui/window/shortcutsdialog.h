#pragma once

#include <QDialog>
#include <QPointer>

class QLineEdit;
class QMenuBar;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace Sandpit::Ui {

/// Help > Keyboard Shortcuts: every command of the menu bar that has a key, as a table (menu,
/// command, all its keys as this desktop writes them) with a filter. It is read from the
/// actions themselves each time the dialog opens, so it cannot fall behind the menus.
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
public:
    enum Column { Menu, Command, Shortcuts, ColumnCount };

    explicit ShortcutsDialog(QMenuBar *menuBar, QWidget *parent = nullptr);

    /// Reads the menus again, clears the filter, and opens.
    void open() override;

    /// The rows the filter lets through.
    int rowCount() const;
    QString cellText(int row, int column) const;
    void setFilterText(const QString &text);

private:
    void reload();

    QPointer<QMenuBar> m_menuBar;
    QLineEdit *m_filter;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_view;
};

} // namespace Sandpit::Ui
