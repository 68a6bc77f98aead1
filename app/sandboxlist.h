#pragma once

#include "sandboxes/sandboxstore.h"

#include <QJsonObject>

namespace Sandpit::App {

/// `sandpit sandbox list`: the sandboxes of every backend as a table or as JSON.
class SandboxList final
{
public:
    /// One sandbox as `list --json` gives it; the README lists the fields.
    static QJsonObject toJson(const Core::SandboxInfo &sandbox);
    /// The table: name, backend, state, since, memory, image/workspace, owner.
    static QString table(const QList<Core::SandboxInfo> &sandboxes);
    static QString stateWord(Core::SandboxInfo::State state);
};

} // namespace Sandpit::App
