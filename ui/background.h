#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

namespace Sandpit::Ui {

/// Runs `work` on the thread pool and `done(result)` on `owner`'s thread. The watcher belongs
/// to `owner`, so a result that arrives after the owner is gone is simply dropped; the work
/// itself must hold only copies, and then finishes harmlessly.
template<typename T, typename Done>
void runInBackground(QObject *owner, std::function<T()> work, Done done)
{
    auto *watcher = new QFutureWatcher<T>(owner);
    QObject::connect(watcher, &QFutureWatcher<T>::finished, owner, [watcher, done] {
        done(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

} // namespace Sandpit::Ui
