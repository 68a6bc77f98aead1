#pragma once

#include "backend.h"
#include "languageregistry.h"

#include <QStringList>

namespace Sandpit::Core {

/// Runs programs on this machine through sandpit-helper.
class LocalBackend final : public Backend
{
public:
    struct Config {
        QString helperPath;              ///< empty: found with findHelper()
        QStringList toolchainSearchPath; ///< empty: defaultToolchainSearchPath()
    };

    LocalBackend(LanguageRegistry languages, Config config);

    QString id() const override { return QStringLiteral("local"); }
    Expected<std::unique_ptr<RunJob>> createJob(const RunRequest &request) override;

    /// $SANDPIT_HELPER, else sandpit-helper beside the running program, else the installed
    /// libexec copy. Empty when none exists.
    static QString findHelper();

private:
    LanguageRegistry m_languages;
    Config m_config;
};

} // namespace Sandpit::Core
