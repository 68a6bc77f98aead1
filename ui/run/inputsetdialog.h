#pragma once

#include "history/inputset.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace Sandpit::Ui {

/// Run with input…: the program's input sets in a list, the chosen one's name, stdin and
/// expected output beside it. Passive: it never reads or writes the file itself, it asks
/// with saveRequested() and runRequested() and shows what it is given.
class InputSetDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit InputSetDialog(QWidget *parent = nullptr);

public Q_SLOTS:
    /// The sets of `programName`, as read from its file; the first one is selected.
    void showSets(const QString &programName, const Sandpit::Core::InputSets &sets);
    /// Reading or saving failed: the message stays until the next success, and editing is
    /// off while the file could not be read (so nothing can replace it).
    void showProblem(const QString &message, bool editable);
    /// `sets` are now on disk at `path`.
    void showSaved(const QString &path, const Sandpit::Core::InputSets &sets);
    void showLoading(const QString &programName);

Q_SIGNALS:
    void saveRequested(const Sandpit::Core::InputSets &sets);
    void runRequested(const Sandpit::Core::InputSet &set);
    /// Run all sets: every set, in order, with a result for each.
    void runAllRequested(const Sandpit::Core::InputSets &sets);
    /// Make Exercise Pack…: these sets (as edited) as the tests of a new exercise.
    void makePackRequested(const Sandpit::Core::InputSets &sets);

private:
    void select(int row);
    void storeEdits();
    void addSet();
    void deleteSet();
    void runSelected();
    void runAll();
    void saveIfChanged();
    void updateButtons();

    QListWidget *m_list;
    QLineEdit *m_name;
    QPlainTextEdit *m_stdin;
    QCheckBox *m_hasExpected;
    QPlainTextEdit *m_expected;
    QLabel *m_message;
    QPushButton *m_add;
    QPushButton *m_delete;
    QPushButton *m_save;
    QPushButton *m_run;
    QPushButton *m_runAll;
    QPushButton *m_makePack;
    Core::InputSets m_sets;
    Core::InputSets m_savedSets; // as on disk, to save only a change
    int m_row = -1;              // the set in the fields, or -1
    bool m_editable = false;
};

} // namespace Sandpit::Ui
