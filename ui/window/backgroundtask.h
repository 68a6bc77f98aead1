#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

namespace Sandpit::Ui {

/// Runs `work` on `pool` and then `done(result)` on `owner`'s thread. The watcher belongs to
/// `owner`, so a result that arrives after the owner is gone is simply dropped; the work itself
/// must hold only copies, so it finishes harmlessly.
template<typename T, typename Done>
void runInBackground(QObject *owner, std::function<T()> work, Done done,
                     QThreadPool *pool = QThreadPool::globalInstance())
{
    auto *watcher = new QFutureWatcher<T>(owner);
    QObject::connect(watcher, &QFutureWatcher<T>::finished, owner, [watcher, done] {
        done(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(pool, std::move(work)));
}

} // namespace Sandpit::Ui
