#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QSettings;
class QWidget;

namespace Sandpit::Ui {

class DocumentTab;
class DocumentTabs;

/// The tabs from one start of Sandpit to the next: quitting asks about unsaved changes, and
/// the files that were open come back with their cursors (setting `session/restore`, on by
/// default, offered in the quit question).
class SessionKeeper final : public QObject
{
    Q_OBJECT
public:
    SessionKeeper(DocumentTabs &tabs, QWidget *window);

    /// Reopens the files of the last session, if the learner wants that.
    void restore();
    /// Remembers the open files, their cursors and the current tab.
    void save() const;
    /// Runs `quit` once every unsaved change is saved or let go on purpose; asks first, and
    /// does nothing if the learner cancels or a save fails.
    void confirmQuit(std::function<void()> quit);

    static bool restoreEnabled(const QSettings &settings);

private:
    void saveEach(QList<QPointer<DocumentTab>> tabs, std::function<void()> then);

    DocumentTabs &m_tabs;
    QWidget *m_window;
};

} // namespace Sandpit::Ui
