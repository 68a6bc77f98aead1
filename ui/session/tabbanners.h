#pragma once

#include <QDateTime>
#include <QHash>
#include <QObject>

class QWidget;

namespace Sandpit::Ui {

class ChangeBanner;
class DiskWatcher;
class DocumentTab;
class DocumentTabs;

/// The bars above a tab's editor that ask the learner about its text: a file changed or removed
/// by another program (reload, see the differences, or keep what is in Sandpit), and a tab
/// recovered after a crash (see the differences from the file, or go back to it). Nothing is
/// replaced without a click.
class TabBanners final : public QObject
{
    Q_OBJECT
public:
    TabBanners(DocumentTabs &tabs, QWidget *window);

    /// Marks a tab restored from the journal, and offers its differences from the file; warns
    /// if the file changed after the copy was journaled (at `journaledAt`).
    void showRecovered(DocumentTab *tab, const QDateTime &journaledAt);
    /// A tab reopened with the text its file had when journaled: a file changed or removed
    /// since is reported as any other program's change.
    void watchReopened(DocumentTab *tab, const QString &text);

Q_SIGNALS:
    void message(const QString &text);

private:
    void watch(DocumentTab *tab);
    void showChangedOnDisk(const QString &path, const QString &newText);
    void showRemovedFromDisk(const QString &path);
    /// The file's text against the tab's, with buttons; `reloadChoice` takes the disk's side.
    void showDiff(DocumentTab *tab, const QString &diskLabel, const QString &diskText, const QString &tabLabel,
                  const QString &reloadChoice, const QString &keepChoice);
    void reload(DocumentTab *tab, const QString &text);
    ChangeBanner *bannerOf(DocumentTab *tab);

    DocumentTabs &m_tabs;
    QWidget *m_window;
    DiskWatcher *m_watcher;
    QHash<DocumentTab *, QString> m_shownPath; // the file each tab showed, to unwatch when it moves on
};

} // namespace Sandpit::Ui
