#pragma once

#include "sandboxes/sandboxlisting.h"

#include <QWidget>

class QLabel;
class QTimer;
class QToolButton;
class QTreeWidget;

namespace Sandpit::Ui {

/// The named sandboxes (`sandpit sandbox create`) of every backend: what runs and since when,
/// with its memory; a terminal into one, the current file run in one, start, stop and remove. It
/// lists them off the GUI thread, again every few seconds while it is shown, and asks the
/// window for terminals and runs with signals.
class SandboxesPane final : public QWidget
{
    Q_OBJECT
public:
    enum Column { Name, Backend, State, Since, Memory, Where, Network, Owner, ColumnCount };

    explicit SandboxesPane(SandboxStores stores, QWidget *parent = nullptr);

    int rowCount() const;
    QString cellText(int row, int column) const;
    QString noteText() const;
    void selectRow(int row);

public Q_SLOTS:
    /// Lists the sandboxes again (off the GUI thread); a listing already under way is not repeated.
    void refresh();

Q_SIGNALS:
    void openTerminalRequested(const Sandpit::Core::SandboxInfo &sandbox);
    void runFileRequested(const Sandpit::Core::SandboxInfo &sandbox);
    /// A listing arrived and is shown.
    void listed();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void showListing(const SandboxListing &listing);
    void act(SandboxAction action);
    void confirmRemove();
    void askNew();
    void updateButtons();
    const Core::SandboxInfo *selected() const;

    SandboxStores m_stores;
    QTreeWidget *m_list;
    QLabel *m_note;
    QToolButton *m_new;
    QToolButton *m_terminal;
    QToolButton *m_runFile;
    QToolButton *m_start;
    QToolButton *m_stop;
    QToolButton *m_remove;
    QTimer *m_timer;
    QList<Core::SandboxInfo> m_sandboxes;
    QStringList m_problems;
    QString m_actionProblem;
    bool m_listing = false;
    bool m_listAgain = false;
};

} // namespace Sandpit::Ui
