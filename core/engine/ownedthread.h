#pragma once

#include <QThread>

#include <memory>

namespace Sandpit::Core {

/// A QThread held by its owner: going out of scope quits its event loop and waits, so that
/// the objects living there (deleted on QThread::finished) are gone when the owner is.
struct ThreadStopper {
    void operator()(QThread *thread) const
    {
        thread->quit();
        thread->wait();
        delete thread;
    }
};
using OwnedThread = std::unique_ptr<QThread, ThreadStopper>;

} // namespace Sandpit::Core
