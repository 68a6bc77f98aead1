#pragma once
// Disk work off the GUI thread whose result comes back to an owner on the GUI thread.

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

#include <memory>
#include <type_traits>

namespace Sandpit::Core {

/// Runs `work` on the global thread pool, then `done(result)` on `owner`'s thread. Only the
/// promise crosses threads: the watcher is a child of `owner`, so a result that arrives after the
/// owner is gone goes with it, and no pointer to `owner` is read off its thread (a QPointer read
/// there is checked, then the owner can be deleted before it is used). `work` must hold only
/// copies. (QFuture::then(context, …) reads its context on the worker thread too, in Qt 6.4.)
template<typename Work, typename Done>
void runOffThread(QObject *owner, Work work, Done done)
{
    using Result = std::invoke_result_t<Work>;
    auto promise = std::make_shared<QPromise<Result>>();
    auto *watcher = new QFutureWatcher<Result>(owner);
    QObject::connect(watcher, &QFutureWatcherBase::finished, owner, [watcher, done = std::move(done)] {
        watcher->deleteLater();
        // No result: the pool dropped the work unrun (it is shutting down), and the promise's
        // destructor finished it empty.
        if (watcher->future().resultCount() > 0)
            done(watcher->result());
    });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, work = std::move(work)]() mutable {
        promise->addResult(work());
        promise->finish();
    });
}

} // namespace Sandpit::Core
