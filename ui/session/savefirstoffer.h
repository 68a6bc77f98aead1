#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace Sandpit::Ui {

class DocumentTab;

/// Where an unsaved program cannot go on (its input sets live in a file beside it), a question
/// with a Save now button instead of a dead end: it opens the Save dialog and, once the program
/// is on disk, carries on with what the user asked for.
class SaveFirstOffer final : public QObject
{
    Q_OBJECT
public:
    explicit SaveFirstOffer(QWidget *window);

    /// `proceed(path)` at once if `tab` has a file; else the question, saying `why`, and
    /// `proceed` once it is saved (never, if the user cancels the question or the dialog).
    void whenSaved(DocumentTab *tab, const QString &why, std::function<void(const QString &path)> proceed);

private:
    QWidget *m_window;
};

} // namespace Sandpit::Ui
