#include "sandboxes/sandboxlisting.h"

#include "engine/backendfactory.h"
#include "engine/backendid.h"

#include <algorithm>

namespace Sandpit::Ui {

SandboxStores everySandboxStore(const Core::LanguageRegistry &languages, const Core::EngineSettings &settings)
{
    return [languages = &languages, settings] {
        std::vector<std::unique_ptr<Core::SandboxStore>> stores;
        for (const QString &backend : {QString(Core::kLocalBackendId), QString(Core::kDockerBackendId)}) {
            if (auto store = Core::makeSandboxStore(backend, *languages, settings))
                stores.push_back(std::move(*store));
        }
        return stores;
    };
}

SandboxListing listSandboxes(const SandboxStores &stores)
{
    SandboxListing listing;
    for (const std::unique_ptr<Core::SandboxStore> &store : stores()) {
        Core::Expected<QList<Core::SandboxInfo>> found = store->list();
        if (found)
            listing.sandboxes += *found;
        else
            listing.problems << found.error().message;
    }
    std::sort(listing.sandboxes.begin(), listing.sandboxes.end(),
              [](const Core::SandboxInfo &a, const Core::SandboxInfo &b) {
                  return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
              });
    return listing;
}

QString applySandboxAction(const SandboxStores &stores, const QString &backend, const QString &name,
                           SandboxAction action)
{
    for (const std::unique_ptr<Core::SandboxStore> &store : stores()) {
        Core::Expected<QList<Core::SandboxInfo>> found = store->list();
        if (!found)
            continue;
        const bool holds = std::any_of(found->cbegin(), found->cend(), [&](const Core::SandboxInfo &info) {
            return info.name == name && info.backend == backend;
        });
        if (!holds)
            continue;
        if (action == SandboxAction::Start) {
            const Core::Expected<Core::SandboxInfo> started = store->start(name);
            return started ? QString() : started.error().message;
        }
        Core::Expected<void> done = action == SandboxAction::Stop ? store->stop(name)
            : action == SandboxAction::Kill                       ? store->kill(name)
                                                                  : store->remove(name);
        return done ? QString() : done.error().message;
    }
    return QStringLiteral("There is no sandbox called “%1” any more.").arg(name);
}

QString createSandbox(const SandboxStores &stores, const Core::SandboxSpec &spec)
{
    const std::vector<std::unique_ptr<Core::SandboxStore>> all = stores();
    for (const std::unique_ptr<Core::SandboxStore> &store : all) {
        const Core::Expected<QList<Core::SandboxInfo>> found = store->list();
        if (found
            && std::any_of(found->cbegin(), found->cend(), [&](const auto &info) { return info.name == spec.name; }))
            return QStringLiteral("A sandbox named “%1” exists already; remove it, or choose another name.")
                .arg(spec.name);
    }
    for (const std::unique_ptr<Core::SandboxStore> &store : all) {
        if (store->backend() != spec.backend)
            continue;
        const Core::Expected<Core::SandboxInfo> made = store->create(spec);
        return made ? QString() : made.error().message;
    }
    return QStringLiteral("Sandboxes cannot be made on %1 here.").arg(spec.backend);
}

} // namespace Sandpit::Ui
