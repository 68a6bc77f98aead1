// Help > Keyboard Shortcuts: read from the window's own actions, so F5 shows beside Run and
// Escape beside Stop; the filter narrows the rows; an action added later shows next time.
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

using namespace Sandpit;

namespace {
QString native(const QKeySequence &key)
{
    return key.toString(QKeySequence::NativeText);
}

int rowOf(const Ui::ShortcutsDialog &dialog, const QString &command)
{
    for (int row = 0; row < dialog.rowCount(); ++row) {
        if (dialog.cellText(row, Ui::ShortcutsDialog::Command) == command)
            return row;
    }
    return -1;
}
} // namespace

class TestShortcutsDialog : public QObject
{
    Q_OBJECT

private:
    // The window's menus as MainWindow builds them: names with mnemonics, several keys each.
    QMainWindow m_window;
    QMenu *m_run = nullptr;

    static QAction *add(QMenu *menu, const QString &text, const QList<QKeySequence> &keys)
    {
        QAction *action = menu->addAction(text);
        action->setShortcuts(keys);
        return action;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QMenu *file = m_window.menuBar()->addMenu(QStringLiteral("&File"));
        add(file, QStringLiteral("&Save"), {QKeySequence(Qt::CTRL | Qt::Key_S)});
        add(file, QStringLiteral("Save &As…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)});
        file->addSeparator();
        QMenu *examples = file->addMenu(QStringLiteral("E&xamples"));
        add(examples, QStringLiteral("Plot with matplotlib"), {}); // no key: not a shortcut
        add(examples, QStringLiteral("Hello"), {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_H)});
        add(file, QStringLiteral("Hidden"), {QKeySequence(Qt::Key_F12)})->setVisible(false);
        m_run = m_window.menuBar()->addMenu(QStringLiteral("&Run"));
        add(m_run, QStringLiteral("&Run"), {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
        add(m_run, QStringLiteral("&Stop"), {QKeySequence(Qt::CTRL | Qt::Key_F2), QKeySequence(Qt::Key_Escape)});
    }

    void listsEveryKeyBesideItsCommand()
    {
        Ui::ShortcutsDialog dialog(m_window.menuBar(), &m_window);
        dialog.open();
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.rowCount(), 5);
        const int run = rowOf(dialog, QStringLiteral("Run"));
        QVERIFY(run >= 0);
        QCOMPARE(dialog.cellText(run, Ui::ShortcutsDialog::Menu), QStringLiteral("Run"));
        QCOMPARE(dialog.cellText(run, Ui::ShortcutsDialog::Shortcuts),
                 native(Qt::Key_F5) + QStringLiteral(", ") + native(Qt::CTRL | Qt::Key_R));
        const int stop = rowOf(dialog, QStringLiteral("Stop"));
        QVERIFY(stop >= 0);
        QCOMPARE(dialog.cellText(stop, Ui::ShortcutsDialog::Shortcuts),
                 native(Qt::CTRL | Qt::Key_F2) + QStringLiteral(", ") + native(Qt::Key_Escape));
        const int save = rowOf(dialog, QStringLiteral("Save"));
        QCOMPARE(dialog.cellText(save, Ui::ShortcutsDialog::Shortcuts), native(Qt::CTRL | Qt::Key_S));
        QCOMPARE(dialog.cellText(save, Ui::ShortcutsDialog::Menu), QStringLiteral("File"));
        QVERIFY(rowOf(dialog, QStringLiteral("Save As…")) >= 0);
        // A submenu's command names its whole path; one without a key and a hidden one are left out.
        QCOMPARE(dialog.cellText(rowOf(dialog, QStringLiteral("Hello")), Ui::ShortcutsDialog::Menu),
                 QStringLiteral("File › Examples"));
        QCOMPARE(rowOf(dialog, QStringLiteral("Plot with matplotlib")), -1);
        QCOMPARE(rowOf(dialog, QStringLiteral("Hidden")), -1);
    }

    void filterNarrowsTheRows()
    {
        Ui::ShortcutsDialog dialog(m_window.menuBar(), &m_window);
        dialog.open();
        dialog.setFilterText(QStringLiteral("stop"));
        QCOMPARE(dialog.rowCount(), 1);
        QCOMPARE(dialog.cellText(0, Ui::ShortcutsDialog::Command), QStringLiteral("Stop"));
        dialog.setFilterText(native(Qt::Key_F5)); // by key
        QCOMPARE(dialog.rowCount(), 1);
        QCOMPARE(dialog.cellText(0, Ui::ShortcutsDialog::Command), QStringLiteral("Run"));
        dialog.setFilterText(QStringLiteral("file")); // by menu
        QCOMPARE(dialog.rowCount(), 3);
        dialog.setFilterText(QStringLiteral("no such command"));
        QCOMPARE(dialog.rowCount(), 0);
        dialog.setFilterText(QString());
        QCOMPARE(dialog.rowCount(), 5);
    }

    void anActionAddedLaterShowsWhenOpenedAgain()
    {
        Ui::ShortcutsDialog dialog(m_window.menuBar(), &m_window);
        dialog.open();
        dialog.setFilterText(QStringLiteral("stop"));
        dialog.reject();
        QAction *later = add(m_run, QStringLiteral("Run with &Input…"), {QKeySequence(Qt::Key_F6)});
        dialog.open();
        QCOMPARE(dialog.rowCount(), 6); // and the old filter is gone
        const int row = rowOf(dialog, QStringLiteral("Run with Input…"));
        QVERIFY(row >= 0);
        QCOMPARE(dialog.cellText(row, Ui::ShortcutsDialog::Shortcuts), native(Qt::Key_F6));
        // A changed key shows too.
        later->setShortcut(QKeySequence(Qt::Key_F7));
        dialog.reject();
        dialog.open();
        QCOMPARE(dialog.cellText(rowOf(dialog, QStringLiteral("Run with Input…")), Ui::ShortcutsDialog::Shortcuts),
                 native(Qt::Key_F7));
        delete later;
    }
};

QTEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
