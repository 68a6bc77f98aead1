#pragma once

#include "model/runerror.h"

#include <QString>

namespace Sandpit::Core {

/// pip (and setuptools, for an sdist) as wheels from this computer, which the setup step runs
/// pip from ("python3 pip.whl/pip install ..."): the same pip on both backends, whether or not
/// the sandbox's Python or the Docker image has one of its own (the offline images do not).
/// Debian ships them as python3-pip-whl and python3-setuptools-whl.
struct PipTools {
    QString pipWheel;
    QString setuptoolsWheel; ///< empty: none here, and an sdist cannot be built

    /// The newest of each in `folder`; an error with the package to install when pip's is
    /// missing.
    static Expected<PipTools> find(const QString &folder = QStringLiteral("/usr/share/python-wheels"));
};

} // namespace Sandpit::Core
