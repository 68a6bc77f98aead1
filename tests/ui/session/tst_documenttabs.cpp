// The editor's tabs: each file in a tab of its own with its own language, an untouched tab
// reused, unsaved changes asked about before a tab closes, files dropped on the editor opened.

#include "editor/editorwidget.h"
#include "languages/languageregistry.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "support/testfiles.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Sandpit;

class TestDocumentTabs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void anUntouchedTabTakesTheFirstFile();
    void eachFileHasItsOwnTabAndLexer();
    void openingAnOpenFileShowsItsTab();
    void closingATabWithChangesAsksFirst();
    void closingTheLastTabLeavesANewProgram();
    void droppedFilesAreOpenedNotPasted();
    void runStateIsShownOnTheTab();
    void savesInQuickSuccessionLeaveTheNewestText();

private:
    QString write(const QString &name, const QByteArray &content)
    {
        return TestFiles::writeInto(*m_dir, name, content);
    }
    bool waitForTitle(const QString &title);

    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
    std::unique_ptr<Ui::DocumentTabs> m_tabs;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestDocumentTabs::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_tabs = std::make_unique<Ui::DocumentTabs>(m_languages);
    m_tabs->resize(800, 600);
    m_tabs->show();
    m_tabs->newTab();
}

void TestDocumentTabs::cleanup()
{
    m_tabs.reset();
}

bool TestDocumentTabs::waitForTitle(const QString &title)
{
    return QTest::qWaitFor([&] { return m_tabs->tabText(m_tabs->currentIndex()) == title; }, 5000);
}

void TestDocumentTabs::anUntouchedTabTakesTheFirstFile()
{
    m_tabs->openFile(write(QStringLiteral("hello.py"), "print('hello')\n"));
    QVERIFY(waitForTitle(QStringLiteral("hello.py")));
    QCOMPARE(m_tabs->count(), 1);
    QCOMPARE(m_tabs->current()->editor()->text(), QStringLiteral("print('hello')\n"));
}

void TestDocumentTabs::eachFileHasItsOwnTabAndLexer()
{
    m_tabs->current()->editor()->setText(QStringLiteral("typed, so this tab is kept"));
    m_tabs->openFile(write(QStringLiteral("a.py"), "x = 1\n"));
    QVERIFY(waitForTitle(QStringLiteral("a.py")));
    m_tabs->openFile(write(QStringLiteral("b.c"), "int main(void) { return 0; }\n"));
    QVERIFY(waitForTitle(QStringLiteral("b.c")));
    QCOMPARE(m_tabs->count(), 3);
    QCOMPARE(m_tabs->tabs().at(0)->editor()->text(), QStringLiteral("typed, so this tab is kept"));
    QCOMPARE(m_tabs->tabs().at(1)->editor()->lexerName(), QStringLiteral("python"));
    QCOMPARE(m_tabs->tabs().at(2)->editor()->lexerName(), QStringLiteral("cpp"));
    QCOMPARE(m_tabs->tabs().at(2)->document()->language()->id, QStringLiteral("c"));
    QCOMPARE(m_tabs->tabText(0), QStringLiteral("untitled.py*"));
}

void TestDocumentTabs::openingAnOpenFileShowsItsTab()
{
    const QString path = write(QStringLiteral("a.py"), "x = 1\n");
    m_tabs->openFile(path);
    QVERIFY(waitForTitle(QStringLiteral("a.py")));
    m_tabs->newTab();
    QCOMPARE(m_tabs->count(), 2);
    m_tabs->openFile(path);
    QCOMPARE(m_tabs->count(), 2);
    QCOMPARE(m_tabs->currentIndex(), 0);
}

void TestDocumentTabs::closingATabWithChangesAsksFirst()
{
    m_tabs->current()->editor()->setText(QStringLiteral("precious"));
    m_tabs->newTab();
    Ui::DocumentTab *precious = m_tabs->tabs().first();
    QSignalSpy closed(m_tabs.get(), &Ui::DocumentTabs::tabClosed);
    m_tabs->requestClose(precious);
    QTRY_VERIFY(qobject_cast<QMessageBox *>(qApp->activeModalWidget()));
    auto *question = qobject_cast<QMessageBox *>(qApp->activeModalWidget());
    QCOMPARE(question->objectName(), QStringLiteral("unsavedChangesQuestion"));
    QVERIFY(question->text().contains(QStringLiteral("untitled.py")));
    // Cancel keeps everything.
    question->button(QMessageBox::Cancel)->click();
    QCOMPARE(m_tabs->count(), 2);
    QCOMPARE(closed.count(), 0);
    m_tabs->requestClose(precious);
    QTRY_VERIFY(qobject_cast<QMessageBox *>(qApp->activeModalWidget()));
    qobject_cast<QMessageBox *>(qApp->activeModalWidget())->button(QMessageBox::Discard)->click();
    QTRY_COMPARE(m_tabs->count(), 1);
    QCOMPARE(closed.count(), 1);
}

void TestDocumentTabs::closingTheLastTabLeavesANewProgram()
{
    Ui::DocumentTab *only = m_tabs->current();
    m_tabs->requestClose(only); // nothing typed: no question
    QCOMPARE(m_tabs->count(), 1);
    QVERIFY(m_tabs->current() != only);
    QCOMPARE(m_tabs->tabText(0), QStringLiteral("untitled.py"));
}

void TestDocumentTabs::droppedFilesAreOpenedNotPasted()
{
    const QString path = write(QStringLiteral("dropped.py"), "print('dropped')\n");
    QSignalSpy dropped(m_tabs.get(), &Ui::DocumentTabs::filesDropped);
    Ui::EditorWidget *editor = m_tabs->current()->editor();
    const QString before = editor->text();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint at(50, 20);
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(editor->viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(editor->viewport(), &drop);
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(dropped.first().first().toStringList(), QStringList{path});
    QCOMPARE(editor->text(), before);
}

void TestDocumentTabs::runStateIsShownOnTheTab()
{
    Ui::DocumentTab *tab = m_tabs->current();
    QVERIFY(m_tabs->tabIcon(0).isNull());
    tab->setRunning();
    QVERIFY(!m_tabs->tabIcon(0).isNull());
    tab->setFinished(false, QStringLiteral("Stopped: time limit"), {});
    QVERIFY(m_tabs->tabToolTip(0).contains(QStringLiteral("Last run: Stopped: time limit")));
    QCOMPARE(tab->runState(), Ui::DocumentTab::RunState::Stopped);
}

void TestDocumentTabs::savesInQuickSuccessionLeaveTheNewestText()
{
    // Ctrl+S pressed while the last save is still being written: one write at a time, and the
    // file ends with what the learner typed last, never an older text landing late.
    const QString path = write(QStringLiteral("quick.py"), "x = 0\n");
    m_tabs->openFile(path);
    QVERIFY(waitForTitle(QStringLiteral("quick.py")));
    Ui::DocumentTab *tab = m_tabs->current();
    QSignalSpy writes(tab, &Ui::DocumentTab::savingToDisk);
    int done = 0;
    for (int i = 1; i <= 3; ++i) {
        tab->editor()->setText(QStringLiteral("x = %1\n").arg(i));
        tab->save([&done] { ++done; });
    }
    QTRY_COMPARE(done, 3);
    QTRY_VERIFY(!tab->isModified());
    QVERIFY(writes.size() <= 3);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("x = 3\n"));
}

QTEST_MAIN(TestDocumentTabs)
#include "tst_documenttabs.moc"
