// The editor's tools in the real window: presentation mode scaling every pane and surviving a
// run and a restart, a file changed by another program, find, tabs with their own run state,
// the keyboard shortcuts page and the settings dialog.

#include "editor/findbar.h"
#include "session/changebanner.h"
#include "session/diskwatcher.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "support/windowharness.h"
#include "window/shortcutsdialog.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFontMetricsF>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

using namespace Sandpit;

class TestMainWindowEditor : public QObject, private WindowHarness
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(setUpApplication("tst_mainwindoweditor")); }
    void init() { QVERIFY(openFreshWindow()); }
    void cleanup() { closeWindow(); }

    void presentationModeScalesEveryPaneAndSurvivesRunsAndRestarts();
    void aFileChangedByAnotherProgramOffersAReload();
    void afterSaveAsTheOldFileIsNoLongerWatched();
    void findOpensUnderTheEditorAndCounts();
    void eachTabKeepsItsOwnRunState();
    void shortcutsPageListsRunStopAndSave();
    void settingsOpenFromTheFileMenu();

private:
    /// The line height of the text in each pane the issue names.
    QList<qreal> paneTextHeights() const;
};

QList<qreal> TestMainWindowEditor::paneTextHeights() const
{
    QList<qreal> heights{qreal(currentEditor()->textHeight(0))};
    for (const char *name : {"outputView", "runStatus", "runMessage", "artifactsTable", "historyList"}) {
        auto *widget = m_window->findChild<QWidget *>(QString::fromLatin1(name));
        heights << (widget ? QFontMetricsF(widget->font()).height() : -1.0);
    }
    return heights;
}

void TestMainWindowEditor::presentationModeScalesEveryPaneAndSurvivesRunsAndRestarts()
{
    const QList<qreal> before = paneTextHeights();
    QVERIFY(!before.contains(-1.0));
    const QColor normalWindow = QApplication::palette().color(QPalette::Window);
    QAction *present = action("actionPresentation");
    QVERIFY(present && present->isCheckable());
    QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F11));
    present->trigger();
    const QList<qreal> presented = paneTextHeights();
    for (qsizetype i = 0; i < before.size(); ++i)
        QVERIFY2(presented.at(i) >= before.at(i) * 1.5,
                 qPrintable(QStringLiteral("pane %1: %2 → %3").arg(i).arg(before.at(i)).arg(presented.at(i))));
    QVERIFY(!m_window->statusBar()->isVisible());
    // High contrast: black text on white.
    QCOMPARE(QApplication::palette().color(QPalette::Text), QColor(Qt::black));

    runCode(QStringLiteral("print('still big')\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QCOMPARE(paneTextHeights(), presented);

    closeWindow();
    QVERIFY(openWindow());
    QVERIFY(action("actionPresentation")->isChecked());
    QCOMPARE(paneTextHeights(), presented);

    action("actionPresentation")->trigger();
    QCOMPARE(paneTextHeights(), before);
    QVERIFY(m_window->statusBar()->isVisible());
    QCOMPARE(QApplication::palette().color(QPalette::Window), normalWindow);
}

void TestMainWindowEditor::aFileChangedByAnotherProgramOffersAReload()
{
    const QString path = writeFile(QStringLiteral("watched.py"), "print('mine')\n");
    m_window->openFile(path);
    QTRY_COMPARE(m_editor->text(), QStringLiteral("print('mine')\n"));
    writeFile(QStringLiteral("watched.py"), "print('theirs')\n");
    Ui::ChangeBanner *banner = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((banner = m_window->findChild<Ui::ChangeBanner *>(QStringLiteral("changeBanner")))
                                 && banner->isVisible(),
                             10000);
    QVERIFY2(banner->message().contains(QStringLiteral("changed by another program")), qPrintable(banner->message()));
    QCOMPARE(m_editor->text(), QStringLiteral("print('mine')\n")); // nothing replaced without a click
    const auto buttons = banner->findChildren<QPushButton *>();
    auto reload = std::find_if(buttons.begin(), buttons.end(),
                               [](QPushButton *b) { return b->text() == QStringLiteral("Reload"); });
    QVERIFY(reload != buttons.end());
    (*reload)->click();
    QCOMPARE(m_editor->text(), QStringLiteral("print('theirs')\n"));
    QVERIFY(!m_editor->isModified());
    QVERIFY(!banner->isVisible());
}

void TestMainWindowEditor::afterSaveAsTheOldFileIsNoLongerWatched()
{
    const QString oldPath = writeFile(QStringLiteral("first.py"), "print('one')\n");
    const QString newPath = QFileInfo(oldPath).absolutePath() + QStringLiteral("/second.py");
    m_window->openFile(oldPath);
    QTRY_COMPARE(m_editor->text(), QStringLiteral("print('one')\n"));
    auto *watcher = m_window->findChild<Ui::DiskWatcher *>();
    QVERIFY(watcher);
    QTRY_VERIFY(watcher->watchedFiles().contains(oldPath));

    // Save As… opens Qt's own file dialog here (offscreen): answer it as a learner would.
    QTimer::singleShot(0, this, [newPath] {
        QFileDialog *dialog = nullptr;
        if (!QTest::qWaitFor(
                [&] { return (dialog = qobject_cast<QFileDialog *>(qApp->activeModalWidget())) != nullptr; }))
            return;
        dialog->selectFile(newPath);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept, as the Save button
    });
    action("actionSaveAs")->trigger();
    QTRY_COMPARE(tabs()->current()->document()->path(), newPath);
    QTRY_VERIFY(watcher->watchedFiles().contains(newPath));
    QVERIFY(!watcher->watchedFiles().contains(oldPath));

    // Another program changing the old file says nothing about this tab, which is second.py now.
    // A change to second.py after it is the marker that the watcher has heard of the writes.
    QSignalSpy changed(watcher, &Ui::DiskWatcher::changedOnDisk);
    QSignalSpy checked(watcher, &Ui::DiskWatcher::fileChecked);
    writeFile(QStringLiteral("first.py"), "print('changed')\n");
    writeFile(QStringLiteral("second.py"), "print('two')\n");
    const auto banner = [this] { return m_window->findChild<Ui::ChangeBanner *>(QStringLiteral("changeBanner")); };
    QTRY_VERIFY(banner() && banner()->isVisible());
    QCOMPARE(banner()->message(), QStringLiteral("second.py was changed by another program."));
    // Every file still watched has been looked at since (first.py too, were it watched): a look
    // reports a change before it says it has ended.
    const auto lookedAtAll = [&] {
        const QStringList watched = watcher->watchedFiles();
        return std::all_of(watched.begin(), watched.end(), [&](const QString &path) {
            const auto atPath = [&](const QList<QVariant> &look) { return look.at(0) == path; };
            return std::any_of(checked.begin(), checked.end(), atPath);
        });
    };
    QTRY_VERIFY(lookedAtAll());
    for (const QList<QVariant> &report : std::as_const(changed))
        QCOMPARE(report.at(0).toString(), newPath);
}

void TestMainWindowEditor::findOpensUnderTheEditorAndCounts()
{
    m_editor->setText(QStringLiteral("x = 1\nx = x + 1\nprint(x)\n"));
    auto *bar = m_window->findChild<Ui::FindBar *>(QStringLiteral("findBar"));
    QVERIFY(bar && !bar->isVisible());
    QCOMPARE(action("actionFind")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_F));
    action("actionFind")->trigger();
    QVERIFY(bar->isVisible());
    auto *field = bar->findChild<QLineEdit *>();
    QVERIFY(field);
    QTest::keyClicks(field, QStringLiteral("x"));
    QTRY_VERIFY2(bar->statusText().contains(QStringLiteral("of 4")), qPrintable(bar->statusText()));
}

void TestMainWindowEditor::eachTabKeepsItsOwnRunState()
{
    runCode(QStringLiteral("raise SystemExit(3)\n"));
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    action("actionNew")->trigger();
    QCOMPARE(tabs()->count(), 2);
    QVERIFY(tabs()->tabIcon(1).isNull()); // never run
    QVERIFY(!tabs()->tabIcon(0).isNull());
    QVERIFY2(tabs()->tabToolTip(0).contains(QStringLiteral("Last run")), qPrintable(tabs()->tabToolTip(0)));
    QCOMPARE(tabs()->tabs().at(0)->runState(), Ui::DocumentTab::RunState::Stopped);
    currentEditor()->setText(QStringLiteral("print('second tab')\n"));
    action("actionRun")->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_runPane->statusText(), QStringLiteral("Finished"), kRunTimeoutMs);
    QCOMPARE(tabs()->tabs().at(1)->runState(), Ui::DocumentTab::RunState::Succeeded);
    QCOMPARE(tabs()->tabs().at(0)->runState(), Ui::DocumentTab::RunState::Stopped);
    QCOMPARE(m_editor->text(), QStringLiteral("raise SystemExit(3)\n"));
}

void TestMainWindowEditor::shortcutsPageListsRunStopAndSave()
{
    action("actionKeyboardShortcuts")->trigger();
    auto *dialog = m_window->findChild<Ui::ShortcutsDialog *>(QStringLiteral("shortcutsDialog"));
    QVERIFY(dialog && dialog->isVisible());
    QStringList rows;
    for (int row = 0; row < dialog->rowCount(); ++row)
        rows << dialog->cellText(row, 1) + QLatin1Char('=') + dialog->cellText(row, 2);
    const QString all = rows.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("Run=F5")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Stop=Ctrl+F2")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Stop the Program or Check=Esc")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Save=Ctrl+S")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Presentation")), qPrintable(all));
    dialog->close();
}

void TestMainWindowEditor::settingsOpenFromTheFileMenu()
{
    QCOMPARE(action("actionSettings")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
    action("actionSettings")->trigger();
    auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("settingsDialog"));
    QVERIFY(dialog && dialog->isVisible());
    dialog->reject();
}

QTEST_MAIN(TestMainWindowEditor)
#include "tst_mainwindoweditor.moc"
