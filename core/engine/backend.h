#pragma once

#include "engine/runjob.h"
#include "model/runerror.h"
#include "model/runrequest.h"

#include <memory>

namespace Sandpit::Core {

/// A way to run programs: the local sandbox or Docker. Used only on the worker thread.
class Backend
{
public:
    virtual ~Backend() = default;
    Backend() = default;
    Backend(const Backend &) = delete;
    Backend &operator=(const Backend &) = delete;

    virtual QString id() const = 0;
    /// A job ready to start, or the reason this request cannot run here.
    virtual Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &request) = 0;
};

} // namespace Sandpit::Core
