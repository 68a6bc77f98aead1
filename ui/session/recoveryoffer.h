#pragma once

#include "languages/languagefwd.h"

#include "history/bufferjournal.h"

#include <QObject>

class QWidget;

namespace Sandpit::Ui {

class AutosaveSession;
class DocumentTab;
class DocumentTabs;

/// After a crash: offers the buffers the dead Sandpit journaled, and restores each into a tab
/// of its own, marked as recovered, with the differences from the file on disk a click away.
class RecoveryOffer final : public QObject
{
    Q_OBJECT
public:
    RecoveryOffer(DocumentTabs &tabs, AutosaveSession &autosave, const Core::LanguageRegistry &languages,
                  QWidget *window);

    /// Asks whether to restore `recovery`'s buffers (window-modal, non-blocking).
    void offer(const Core::BufferJournal::Recovery &recovery);
    /// Restores them without asking.
    void restore(const Core::BufferJournal::Recovery &recovery);

Q_SIGNALS:
    void message(const QString &text);
    /// A tab now holds a recovered buffer, journaled at `journaledAt`, that differs from its
    /// file (or was never saved).
    void tabRecovered(Sandpit::Ui::DocumentTab *tab, const QDateTime &journaledAt);
    /// A tab holds a buffer that matched its file when journaled (`text`).
    void tabReopened(Sandpit::Ui::DocumentTab *tab, const QString &text);

private:
    /// The buffers worth offering: typed into, or a file that was open.
    static QList<Core::BufferJournal::Entry> worthOffering(const Core::BufferJournal::Recovery &recovery);
    void restoreEntry(const Core::BufferJournal::Entry &entry);

    DocumentTabs &m_tabs;
    AutosaveSession &m_autosave;
    const Core::LanguageRegistry &m_languages;
    QWidget *m_window;
};

} // namespace Sandpit::Ui
