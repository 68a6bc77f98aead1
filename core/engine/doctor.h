#pragma once

#include "engine/doctorjob.h"
#include "engine/ownedthread.h"

#include <QObject>

namespace Sandpit::Core {

/// Runs the doctor's checks on a thread of its own and tells the caller's thread: the
/// window's toolbar and Help page, and `sandpit doctor`, use it alike. The probe starts
/// processes and the Docker check blocks on the daemon, so none of it may run on the GUI thread.
class Doctor final : public QObject
{
    Q_OBJECT
public:
    explicit Doctor(DoctorJob::Config config, QObject *parent = nullptr);
    /// With this environment, and the helper found as a run finds it.
    Doctor(const LanguageRegistry &languages, const EngineSettings &settings, QObject *parent = nullptr);
    ~Doctor() override;

    /// For the checks started from now on: the page says what a run with these settings gets.
    void setSettings(const EngineSettings &settings) { m_config.settings = settings; }
    void setAllowWeaker(IsolationReport::Level weakest) { m_config.settings.allowWeaker = weakest; }

    /// The local sandbox only: localChecked() follows.
    void checkLocal();
    /// Everything: localChecked(), then checked().
    void checkAll();

Q_SIGNALS:
    void localChecked(const Sandpit::Core::LocalSandboxCheck &check);
    void checked(const Sandpit::Core::DoctorReport &report);

private:
    void launch(bool everything);

    DoctorJob::Config m_config;
    OwnedThread m_thread;
    QObject *m_home = nullptr; // lives on m_thread and holds the jobs; deleted when it finishes
};

} // namespace Sandpit::Core
