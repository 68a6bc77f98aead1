#pragma once

#include "sandboxes/sandboxstore.h"
#include "settings/enginesettings.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace Sandpit::Core {
class LanguageRegistry;
}

namespace Sandpit::Ui {

/// Every backend's named sandboxes, made fresh for each use on a worker thread, since a store
/// blocks (disk, processes, the Docker API).
using SandboxStores = std::function<std::vector<std::unique_ptr<Core::SandboxStore>>()>;

/// The stores of every backend (this computer's sandbox, Docker) as the settings describe them.
/// `languages` must outlive the stores' uses (it is the application's).
SandboxStores everySandboxStore(const Core::LanguageRegistry &languages, const Core::EngineSettings &settings);

/// What the Sandboxes pane shows: every store's sandboxes, and a sentence for each store that
/// could not answer (Docker down does not hide the local ones).
struct SandboxListing {
    QList<Core::SandboxInfo> sandboxes;
    QStringList problems;
};

/// Lists every store's sandboxes, sorted by name. Blocks: call it off the GUI thread.
SandboxListing listSandboxes(const SandboxStores &stores);

/// Starts, stops, kills or removes `name` in whichever store holds it. Blocks: call it off the
/// GUI thread. Returns an empty string, or a sentence saying what went wrong.
enum class SandboxAction { Start, Stop, Kill, Remove };
QString applySandboxAction(const SandboxStores &stores, const QString &backend, const QString &name,
                           SandboxAction action);

/// Creates `spec` in the store of its backend, refusing a name another backend has (a name is
/// unique across backends, as `sandpit sandbox create` keeps it). Blocks: call it off the GUI
/// thread. Returns an empty string, or a sentence saying what went wrong.
QString createSandbox(const SandboxStores &stores, const Core::SandboxSpec &spec);

} // namespace Sandpit::Ui
