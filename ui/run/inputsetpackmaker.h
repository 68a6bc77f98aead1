#pragma once

#include "history/inputset.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace Sandpit::Ui {

class InputSetPackDialog;

/// Input sets → exercise: asks for a title and a folder, writes a one-exercise pack from the
/// program and its input sets on a worker thread (PackWriter), then offers to open it.
class InputSetPackMaker final : public QObject
{
    Q_OBJECT
public:
    explicit InputSetPackMaker(QWidget *dialogParent);

public Q_SLOTS:
    /// `program` (saved, absolute) in `languageId`, with `sets`.
    void make(const QString &program, const QString &languageId, const Sandpit::Core::InputSets &sets);

Q_SIGNALS:
    /// The learner chose to open the new pack at `folder`, made from `program`.
    void packOpenRequested(const QString &folder, const QString &program);
    void message(const QString &text);

private:
    void write(const QString &folder, const QString &title);
    void offerToOpen(const QString &folder);

    QWidget *m_dialogParent;
    QPointer<InputSetPackDialog> m_dialog;
    QString m_program;
    QString m_languageId;
    Core::InputSets m_sets;
};

} // namespace Sandpit::Ui
