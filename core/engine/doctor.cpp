#include "engine/doctor.h"

namespace Sandpit::Core {

Doctor::Doctor(DoctorJob::Config config, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_thread(new QThread)
    , m_home(new QObject)
{
    qRegisterMetaType<Sandpit::Core::LocalSandboxCheck>();
    qRegisterMetaType<Sandpit::Core::DoctorReport>();
    m_thread->setObjectName(QStringLiteral("sandpit-doctor"));
    m_home->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_home, &QObject::deleteLater);
    m_thread->start();
}

namespace {
DoctorJob::Config configFor(const LanguageRegistry &languages, const EngineSettings &settings)
{
    DoctorJob::Config config;
    config.languages = languages;
    config.settings = settings;
    return config;
}
} // namespace

Doctor::Doctor(const LanguageRegistry &languages, const EngineSettings &settings, QObject *parent)
    : Doctor(configFor(languages, settings), parent)
{
}

// The thread stops here (OwnedThread): a probe still running ends with its job, whose helper
// is killed and takes its namespaces along.
Doctor::~Doctor() = default;

void Doctor::checkLocal()
{
    launch(false);
}

void Doctor::checkAll()
{
    launch(true);
}

void Doctor::launch(bool everything)
{
    // Made on the doctor's thread, as a child of m_home, so that it lives and dies there. Its
    // signals reach this object queued, on the caller's thread.
    auto *job = new DoctorJob(m_config, nullptr);
    job->moveToThread(m_thread.get());
    connect(job, &DoctorJob::localChecked, this, &Doctor::localChecked);
    connect(job, &DoctorJob::checked, this, &Doctor::checked);
    QMetaObject::invokeMethod(job, [job, home = m_home, everything] {
        job->setParent(home);
        job->run(everything);
    });
}

} // namespace Sandpit::Core
