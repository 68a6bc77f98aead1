// From one start to the next: quitting asks about unsaved changes and can save them all, and
// the files that were open come back with their cursors, unless the learner said not to.

#include "editor/editorwidget.h"
#include "languages/languageregistry.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "session/sessionkeeper.h"
#include "support/testfiles.h"

#include <QApplication>
#include <QCheckBox>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

class TestSessionKeeper : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void openFilesAndCursorsComeBack();
    void quitWithNothingUnsavedDoesNotAsk();
    void saveAllWritesEveryFileThenQuits();
    void quitWithoutSavingLeavesTheFiles();
    void cancelKeepsTheWindowOpen();
    void reopenUntickedRestoresNothing();

private:
    /// A new window with its tabs, as at a start of Sandpit.
    void startWindow();
    QString write(const QString &name, const QByteArray &content)
    {
        return TestFiles::writeInto(*m_dir, name, content);
    }
    void openBoth();
    QMessageBox *askToQuitAfterChanging(std::initializer_list<int> tabs);
    /// The quit question once it is up.
    QMessageBox *question();

    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QWidget> m_window;
    Ui::DocumentTabs *m_tabs = nullptr;
    Ui::SessionKeeper *m_keeper = nullptr;
    QString m_a;
    QString m_b;
    bool m_quit = false; ///< the keeper's go-ahead to quit came
};

void TestSessionKeeper::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SandpitTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_sessionkeeper"));
}

void TestSessionKeeper::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    m_a = write(QStringLiteral("a.py"), "first = 1\nsecond = 2\nthird = 3\n");
    m_b = write(QStringLiteral("b.py"), "print('b')\n");
    m_quit = false;
    startWindow();
}

void TestSessionKeeper::startWindow()
{
    m_window = std::make_unique<QWidget>();
    m_tabs = new Ui::DocumentTabs(m_languages, m_window.get());
    m_keeper = new Ui::SessionKeeper(*m_tabs, m_window.get());
    m_tabs->newTab();
    m_window->show();
}

void TestSessionKeeper::cleanup()
{
    m_window.reset();
}

void TestSessionKeeper::openBoth()
{
    m_tabs->openFile(m_a);
    QTRY_COMPARE(m_tabs->current()->document()->path(), m_a);
    m_tabs->newTab();
    m_tabs->openFile(m_b);
    QTRY_COMPARE(m_tabs->current()->document()->path(), m_b);
}

// Opens a.py and b.py, changes the tabs named ("a = 'changed'" in a.py's), asks to quit and
// returns the question that raised.
QMessageBox *TestSessionKeeper::askToQuitAfterChanging(std::initializer_list<int> tabs)
{
    openBoth();
    for (int tab : tabs)
        m_tabs->tabs().at(tab)->editor()->setText(QStringLiteral("%1 = 'changed'\n").arg(QLatin1Char("ab"[tab])));
    m_keeper->confirmQuit([this] { m_quit = true; });
    return question();
}

QMessageBox *TestSessionKeeper::question()
{
    QMessageBox *box = nullptr;
    if (!QTest::qWaitFor([&] { return (box = qobject_cast<QMessageBox *>(qApp->activeModalWidget())) != nullptr; },
                         5000))
        qWarning("no question appeared");
    return box;
}

void TestSessionKeeper::openFilesAndCursorsComeBack()
{
    openBoth();
    m_tabs->tabs().at(0)->editor()->setCursorPosition(2, 4);
    m_tabs->setCurrentIndex(0);
    m_keeper->save();

    // The next start: a new window reading the same settings.
    cleanup();
    startWindow();
    m_keeper->restore();
    QTRY_COMPARE(m_tabs->count(), 2);
    QTRY_COMPARE(m_tabs->tabs().at(1)->document()->path(), m_b);
    QTRY_COMPARE(m_tabs->tabs().at(0)->document()->path(), m_a);
    QTRY_COMPARE(m_tabs->tabs().at(0)->editor()->text(), QString::fromUtf8(TestFiles::readFile(m_a)));
    int line = 0, column = 0;
    m_tabs->tabs().at(0)->editor()->getCursorPosition(&line, &column);
    QCOMPARE(line, 2);
    QCOMPARE(column, 4);
}

void TestSessionKeeper::quitWithNothingUnsavedDoesNotAsk()
{
    openBoth();
    m_keeper->confirmQuit([this] { m_quit = true; });
    QVERIFY(m_quit);
}

void TestSessionKeeper::saveAllWritesEveryFileThenQuits()
{
    QMessageBox *box = askToQuitAfterChanging({0, 1});
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("a.py, b.py")));
    box->findChild<QPushButton *>(QStringLiteral("saveAllButton"))->click();
    QTRY_VERIFY(m_quit);
    QCOMPARE(TestFiles::readFile(m_a), QByteArray("a = 'changed'\n"));
    QCOMPARE(TestFiles::readFile(m_b), QByteArray("b = 'changed'\n"));
}

void TestSessionKeeper::quitWithoutSavingLeavesTheFiles()
{
    QMessageBox *box = askToQuitAfterChanging({0});
    QVERIFY(box);
    box->findChild<QPushButton *>(QStringLiteral("discardButton"))->click();
    QTRY_VERIFY(m_quit);
    QCOMPARE(TestFiles::readFile(m_a), QByteArray("first = 1\nsecond = 2\nthird = 3\n"));
}

void TestSessionKeeper::cancelKeepsTheWindowOpen()
{
    QMessageBox *box = askToQuitAfterChanging({1});
    QVERIFY(box);
    // The answer is handled once the question has gone (it deletes itself on close).
    QPointer<QMessageBox> asked(box);
    box->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!asked);
    QVERIFY(!m_quit);
    QVERIFY(!qApp->activeModalWidget());
    QCOMPARE(m_tabs->tabs().at(1)->editor()->text(), QStringLiteral("b = 'changed'\n"));
}

void TestSessionKeeper::reopenUntickedRestoresNothing()
{
    QMessageBox *box = askToQuitAfterChanging({0});
    QVERIFY(box);
    QVERIFY(box->checkBox()->isChecked()); // on by default
    box->checkBox()->setChecked(false);
    box->findChild<QPushButton *>(QStringLiteral("discardButton"))->click();
    QTRY_VERIFY(m_quit);
    m_keeper->save();

    cleanup();
    startWindow();
    // restore() asks for every file it reopens before it returns ("Opening …"); only the
    // reading happens later, so nothing asked for now means nothing comes.
    QSignalSpy messages(m_tabs, &Ui::DocumentTabs::message);
    m_keeper->restore();
    QCOMPARE(messages.count(), 0);
    QCOMPARE(m_tabs->count(), 1);
    QVERIFY(m_tabs->current()->document()->path().isEmpty());
}

QTEST_MAIN(TestSessionKeeper)
#include "tst_sessionkeeper.moc"
