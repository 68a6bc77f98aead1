#pragma once

#include <QAction>
#include <QKeySequence>
#include <QList>
#include <QMenu>
#include <QString>

namespace Sandpit::Ui {

/// An action with the object name tests and the shortcuts page find it by, and its keys.
/// A QMenu parent gets it as its last item.
inline QAction *namedAction(const QString &name, const QString &text, const QList<QKeySequence> &keys, QObject *parent)
{
    auto *action = new QAction(text, parent);
    action->setObjectName(name);
    action->setShortcuts(keys);
    if (auto *menu = qobject_cast<QMenu *>(parent))
        menu->addAction(action);
    return action;
}

} // namespace Sandpit::Ui
