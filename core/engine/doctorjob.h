#pragma once

#include "engine/doctorreport.h"
#include "languages/languageregistry.h"
#include "settings/enginesettings.h"

#include <QObject>
#include <QProcessEnvironment>

namespace Sandpit::Core {

/// The checks of one `sandpit doctor`, made on the doctor's thread (see Doctor): the sandbox
/// probe first, since it runs processes and the window waits for its level, then Docker and
/// the toolchains, which block on the daemon and on `--version`.
class DoctorJob final : public QObject
{
    Q_OBJECT
public:
    struct Config {
        LanguageRegistry languages;
        EngineSettings settings;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        QString helperPath; ///< empty: found as a run finds it
    };

    explicit DoctorJob(Config config, QObject *parent = nullptr);

    /// `everything` false: the local sandbox only (localChecked(), then the job ends).
    void run(bool everything);

Q_SIGNALS:
    void localChecked(const Sandpit::Core::LocalSandboxCheck &check);
    void checked(const Sandpit::Core::DoctorReport &report);

private:
    void finishWith(const LocalSandboxCheck &local, bool everything);
    QList<DockerImageCheck> imagesToCheck() const;

    Config m_config;
};

} // namespace Sandpit::Core
