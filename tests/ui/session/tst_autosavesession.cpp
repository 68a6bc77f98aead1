// Journaled autosave in the window: typed text reaches the journal without a save, a save or a
// closed tab is reflected there, a clean exit leaves nothing to offer, and a dead session's
// buffers come back as recovered tabs without touching the learner's files.

#include "editor/editorwidget.h"
#include "history/bufferjournal.h"
#include "languages/languageregistry.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"
#include "session/recoveryoffer.h"
#include "support/testfiles.h"

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

class TestAutosaveSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void typedTextIsJournaledWithoutASave();
    void aSavedBufferIsNoLongerModifiedInTheJournal();
    void aClosedTabLeavesTheJournal();
    void aCleanExitLeavesNothingToOffer();
    void aLogoutWithEverythingSavedLeavesNothingToOffer();
    void aLogoutKeepsExactlyTheUnsavedText();
    void aDeadSessionsBuffersAreRestoredAsRecoveredTabs();

private:
    /// The journal entries on disk, by buffer id.
    QMap<QString, Core::BufferJournal::Entry> entries() const;
    QString write(const QString &name, const QByteArray &content)
    {
        return TestFiles::writeInto(*m_dir, name, content);
    }
    /// Nothing in the journal for the next start to offer.
    bool noSessionLeft() const
    {
        return QDir(m_dir->filePath(QStringLiteral("journal")))
            .entryList({QStringLiteral("session-*")}, QDir::Dirs)
            .isEmpty();
    }

    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Ui::DocumentTabs> m_tabs;
    std::unique_ptr<Ui::AutosaveSession> m_autosave;
};

void TestAutosaveSession::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_tabs = std::make_unique<Ui::DocumentTabs>(m_languages);
    m_tabs->newTab();
    m_autosave = std::make_unique<Ui::AutosaveSession>(m_dir->filePath(QStringLiteral("journal")), *m_tabs);
    m_autosave->start();
}

void TestAutosaveSession::cleanup()
{
    m_autosave.reset();
    m_tabs.reset();
}

QMap<QString, Core::BufferJournal::Entry> TestAutosaveSession::entries() const
{
    // Read as the next Sandpit would, with this session pretending to be gone: a copy of the
    // folder with an owner that does not exist.
    QMap<QString, Core::BufferJournal::Entry> byId;
    const QString copy = m_dir->filePath(QStringLiteral("copy"));
    QDir(copy).removeRecursively();
    const QDir journal(m_dir->filePath(QStringLiteral("journal")));
    for (const QString &session : journal.entryList({QStringLiteral("session-*")}, QDir::Dirs)) {
        const QDir from(journal.filePath(session));
        const QString to = copy + QLatin1Char('/') + session;
        QDir().mkpath(to);
        for (const QString &name : from.entryList(QDir::Files))
            QFile::copy(from.filePath(name), to + QLatin1Char('/') + name);
        QFile owner(to + QStringLiteral("/owner"));
        if (owner.open(QIODevice::WriteOnly | QIODevice::Truncate))
            owner.write("999999999");
    }
    for (const auto &entry : Core::BufferJournal::findAbandoned(copy).entries)
        byId.insert(entry.bufferId, entry);
    return byId;
}

void TestAutosaveSession::typedTextIsJournaledWithoutASave()
{
    Ui::DocumentTab *tab = m_tabs->current();
    // Non-ASCII too: the journal takes the editor's UTF-8 bytes and decodes them on its thread.
    const QString typed = QStringLiteral("print('never saved: h\u00e9llo \u2713 \U0001F600')\n");
    tab->editor()->setText(typed);
    tab->editor()->setCursorPosition(0, 5);
    QTRY_COMPARE_WITH_TIMEOUT(entries().value(tab->bufferId()).text, typed, 10000);
    const auto entry = entries().value(tab->bufferId());
    QVERIFY(entry.modified);
    QVERIFY(entry.filePath.isEmpty());
    QCOMPARE(entry.languageId, QStringLiteral("python"));
    QCOMPARE(entry.column, 5);
}

void TestAutosaveSession::aSavedBufferIsNoLongerModifiedInTheJournal()
{
    const QString path = write(QStringLiteral("hello.py"), "print('hello')\n");
    m_tabs->openFile(path);
    Ui::DocumentTab *tab = m_tabs->current();
    QTRY_COMPARE(tab->document()->path(), path);
    tab->editor()->append(QStringLiteral("print('more')\n"));
    QTRY_VERIFY_WITH_TIMEOUT(entries().value(tab->bufferId()).modified, 10000);
    QSignalSpy saved(tab, &Ui::DocumentTab::savedToDisk);
    tab->save();
    QVERIFY(saved.wait());
    QTRY_VERIFY_WITH_TIMEOUT(!entries().value(tab->bufferId()).modified, 10000);
    QCOMPARE(entries().value(tab->bufferId()).filePath, path);
}

void TestAutosaveSession::aClosedTabLeavesTheJournal()
{
    Ui::DocumentTab *first = m_tabs->current();
    first->editor()->setText(QStringLiteral("typed"));
    m_tabs->newTab();
    QTRY_VERIFY_WITH_TIMEOUT(entries().contains(first->bufferId()), 10000);
    const QString id = first->bufferId();
    m_tabs->closeTab(first); // discarded on purpose
    QTRY_VERIFY_WITH_TIMEOUT(!entries().contains(id), 10000);
    QCOMPARE(entries().size(), 1);
}

void TestAutosaveSession::aCleanExitLeavesNothingToOffer()
{
    m_tabs->current()->editor()->setText(QStringLiteral("typed"));
    QSignalSpy journaled(m_autosave.get(), &Ui::AutosaveSession::journaled);
    m_autosave->journalNow();
    QVERIFY(journaled.wait());
    m_autosave.reset();
    QVERIFY(noSessionLeft());
}

void TestAutosaveSession::aLogoutWithEverythingSavedLeavesNothingToOffer()
{
    // The rough edge of issue 18: a file open without changes, journaled, then a logout.
    const QString path = write(QStringLiteral("saved.py"), "print('saved')\n");
    m_tabs->openFile(path);
    QTRY_COMPARE(m_tabs->current()->document()->path(), path);
    m_autosave->journalNow();
    QTRY_VERIFY_WITH_TIMEOUT(entries().contains(m_tabs->current()->bufferId()), 10000);
    m_autosave->keepUnsaved();
    m_autosave.reset();
    QVERIFY(noSessionLeft());
}

void TestAutosaveSession::aLogoutKeepsExactlyTheUnsavedText()
{
    const QString path = write(QStringLiteral("saved.py"), "print('saved')\n");
    const QString edited = write(QStringLiteral("edited.py"), "print('on disk')\n");
    Ui::DocumentTab *untouched = m_tabs->current();
    m_tabs->openFile(path);
    QTRY_COMPARE(m_tabs->current()->document()->path(), path);
    m_tabs->openFile(edited);
    Ui::DocumentTab *tab = m_tabs->current();
    QTRY_COMPARE(tab->document()->path(), edited);
    m_autosave->journalNow();
    QTRY_COMPARE_WITH_TIMEOUT(entries().size(), 2, 10000);
    // Typed after the last autosave: keepUnsaved() must write it, not rely on the timer.
    tab->editor()->append(QStringLiteral("print('typed')\n"));
    m_autosave->keepUnsaved();
    m_autosave.reset();
    const auto kept = entries();
    QCOMPARE(kept.keys(), QStringList{tab->bufferId()});
    QCOMPARE(kept.first().filePath, edited);
    QCOMPARE(kept.first().text, QStringLiteral("print('on disk')\nprint('typed')\n"));
    QVERIFY(kept.first().modified);
    QVERIFY(!kept.contains(untouched->bufferId()));
    // Offered as what a logout left, not as a crash's.
    QVERIFY(!Core::BufferJournal::findAbandoned(m_dir->filePath(QStringLiteral("copy"))).crashed);
    QFile file(edited);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("print('on disk')\n")); // not saved behind the learner's back
}

void TestAutosaveSession::aDeadSessionsBuffersAreRestoredAsRecoveredTabs()
{
    // What a killed Sandpit left: two new programs, a file with edits that never reached it,
    // and a file that was open unchanged.
    const QString path = write(QStringLiteral("kept.py"), "print('on disk')\n");
    const QString clean = write(QStringLiteral("clean.py"), "print('clean')\n");
    const QString dead = m_dir->filePath(QStringLiteral("dead"));
    {
        Core::BufferJournal journal(dead);
        QVERIFY(journal.open());
        QVERIFY(journal.write({QStringLiteral("a"), QString(), QStringLiteral("python"),
                               QStringLiteral("print('new')\n"), 0, 3, true, QDateTime::currentDateTimeUtc()}));
        QVERIFY(journal.write({QStringLiteral("b"), path, QStringLiteral("python"),
                               QStringLiteral("print('on disk')\nprint('edited')\n"), 1, 2, true,
                               QDateTime::currentDateTimeUtc()}));
        QVERIFY(journal.write({QStringLiteral("c"), QString(), QStringLiteral("python"),
                               QStringLiteral("print('second')\n"), 0, 0, true, QDateTime::currentDateTimeUtc()}));
        QVERIFY(journal.write({QStringLiteral("d"), clean, QStringLiteral("python"), QStringLiteral("print('clean')\n"),
                               0, 0, false, QDateTime::currentDateTimeUtc()}));
        QFile owner(journal.sessionDir() + QStringLiteral("/owner"));
        QVERIFY(owner.open(QIODevice::WriteOnly | QIODevice::Truncate));
        owner.write("999999999");
    }
    const auto recovery = Core::BufferJournal::findAbandoned(dead);
    QCOMPARE(recovery.entries.size(), 4);

    Ui::RecoveryOffer offer(*m_tabs, *m_autosave, m_languages, nullptr);
    offer.restore(recovery);
    QCOMPARE(m_tabs->count(), 4); // the untouched tab took one; each untitled buffer has its own
    QMap<QString, Ui::DocumentTab *> byText;
    for (Ui::DocumentTab *tab : m_tabs->tabs())
        byText.insert(tab->editor()->text(), tab);
    Ui::DocumentTab *untitled = byText.value(QStringLiteral("print('new')\n"));
    Ui::DocumentTab *second = byText.value(QStringLiteral("print('second')\n"));
    Ui::DocumentTab *named = byText.value(QStringLiteral("print('on disk')\nprint('edited')\n"));
    Ui::DocumentTab *unchanged = byText.value(QStringLiteral("print('clean')\n"));
    QVERIFY(untitled && second && named && unchanged);
    QVERIFY(untitled->isRecovered() && untitled->isModified());
    QVERIFY(second->isRecovered() && second->isModified());
    QVERIFY(untitled->document()->path().isEmpty() && second->document()->path().isEmpty());
    // A file that had no unsaved changes comes back as it was: not marked, nothing to save.
    QCOMPARE(unchanged->document()->path(), clean);
    QVERIFY(!unchanged->isRecovered() && !unchanged->isModified());
    QCOMPARE(named->document()->path(), path);
    QCOMPARE(named->editor()->text(), QStringLiteral("print('on disk')\nprint('edited')\n"));
    QVERIFY(named->isRecovered() && named->isModified());
    int line = 0, column = 0;
    named->editor()->getCursorPosition(&line, &column);
    QCOMPARE(line, 1);
    QCOMPARE(column, 2);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("print('on disk')\n"));
    // Once this session has them, the dead one's copies go: nothing is offered twice.
    QTRY_VERIFY_WITH_TIMEOUT(Core::BufferJournal::findAbandoned(dead).entries.isEmpty(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(entries().size(), 4, 10000);
}

QTEST_MAIN(TestAutosaveSession)
#include "tst_autosavesession.moc"
