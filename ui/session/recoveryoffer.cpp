#include "session/recoveryoffer.h"

#include "editor/editorwidget.h"
#include "languages/languageregistry.h"
#include "session/autosavesession.h"
#include "session/documentfile.h"
#include "session/documenttab.h"
#include "session/documenttabs.h"

#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace Sandpit::Ui {

RecoveryOffer::RecoveryOffer(DocumentTabs &tabs, AutosaveSession &autosave, const Core::LanguageRegistry &languages,
                             QWidget *window)
    : QObject(window)
    , m_tabs(tabs)
    , m_autosave(autosave)
    , m_languages(languages)
    , m_window(window)
{
}

QList<Core::BufferJournal::Entry> RecoveryOffer::worthOffering(const Core::BufferJournal::Recovery &recovery)
{
    QList<Core::BufferJournal::Entry> entries;
    for (const auto &entry : recovery.entries) {
        // A new tab nobody typed in holds only its template: nothing to lose.
        if (entry.modified || !entry.filePath.isEmpty())
            entries << entry;
    }
    return entries;
}

void RecoveryOffer::offer(const Core::BufferJournal::Recovery &recovery)
{
    const QList<Core::BufferJournal::Entry> entries = worthOffering(recovery);
    if (entries.isEmpty()) {
        m_autosave.discard(recovery.sessionDirs);
        return;
    }
    QStringList lines;
    for (const auto &entry : entries) {
        const QString name = entry.filePath.isEmpty() ? QStringLiteral("a new program (never saved)")
                                                      : QFileInfo(entry.filePath).fileName();
        lines << (entry.modified ? QStringLiteral("• %1, with changes that were not saved").arg(name)
                                 : QStringLiteral("• %1").arg(name));
    }
    QString details = lines.join(QLatin1Char('\n'));
    if (!recovery.skipped.isEmpty())
        details += QStringLiteral("\n\nSome autosaved copies could not be read:\n")
            + recovery.skipped.join(QLatin1Char('\n'));
    auto *box = new QMessageBox(
        QMessageBox::Question, QStringLiteral("Recover unsaved work"),
        recovery.crashed ? QStringLiteral("Sandpit did not close properly last time. It kept what you were editing:")
                         : QStringLiteral("Sandpit was told to quit (by a logout, a shutdown or Ctrl+C) before "
                                          "these changes were saved. It kept them:"),
        QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("recoveryOffer"));
    box->setInformativeText(details
                            + QStringLiteral("\n\nRestore it? Each program opens in a tab of its own; your "
                                             "files are not changed until you save."));
    QPushButton *restoreButton = box->addButton(QStringLiteral("Restore"), QMessageBox::AcceptRole);
    restoreButton->setObjectName(QStringLiteral("restoreButton"));
    QPushButton *discardButton = box->addButton(QStringLiteral("Discard"), QMessageBox::DestructiveRole);
    discardButton->setObjectName(QStringLiteral("discardRecoveryButton"));
    box->setDefaultButton(restoreButton);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, restoreButton, discardButton, recovery](int) {
        if (box->clickedButton() == restoreButton)
            restore(recovery);
        else if (box->clickedButton() == discardButton)
            m_autosave.discard(recovery.sessionDirs);
        // Closed without an answer: the copies stay, and are offered again next time.
    });
    box->open();
}

void RecoveryOffer::restore(const Core::BufferJournal::Recovery &recovery)
{
    const QList<Core::BufferJournal::Entry> entries = worthOffering(recovery);
    for (const auto &entry : entries)
        restoreEntry(entry);
    // This session journals the restored buffers before the old session's copies go.
    m_autosave.journalNow();
    m_autosave.discard(recovery.sessionDirs);
    Q_EMIT message(entries.size() == 1
                       ? QStringLiteral("Restored 1 program from the last session.")
                       : QStringLiteral("Restored %1 programs from the last session.").arg(entries.size()));
}

void RecoveryOffer::restoreEntry(const Core::BufferJournal::Entry &entry)
{
    // A tab already showing the file takes the recovered text, unless it holds another
    // recovered copy (two dead sessions that both changed it): then each gets a tab.
    DocumentTab *tab = m_tabs.tabForPath(entry.filePath);
    if (!tab || tab->isRecovered())
        tab = m_tabs.freshTab();
    m_tabs.setCurrentWidget(tab);
    tab->showUnsavedText(entry.filePath, m_languages.find(entry.languageId), entry.text);
    tab->editor()->setCursorPosition(entry.line, entry.column);
    tab->editor()->ensureCursorVisible();
    if (!entry.modified) {
        // It matched its file when journaled. The journaled text stays in the tab rather than a
        // fresh read of the file, so nothing is lost if the file has gone; the disk watch
        // offers the file's newer text, if it changed since.
        tab->editor()->setModified(false);
        Q_EMIT tabReopened(tab, entry.text);
        return;
    }
    tab->setRecovered(true);
    Q_EMIT tabRecovered(tab, entry.journaledAt);
}

} // namespace Sandpit::Ui
