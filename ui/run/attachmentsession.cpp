#include "run/attachmentsession.h"

#include "files/keptworkspace.h"
#include "settings/settingsdialog.h"
#include "window/backgroundtask.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QSettings>

namespace Sandpit::Ui {

namespace {
const auto kSettingsKey = QStringLiteral("attachments/programs");
const auto kInputsKey = QStringLiteral("inputs");
const auto kPersistentKey = QStringLiteral("persistent");
const auto kArgumentsKey = QStringLiteral("arguments");

// The settings dialog's "workspace mode for new programs", read from the same key it writes.
bool keptByDefault()
{
    return QSettings().value(SettingsDialog::kKeptWorkspaceKey, false).toBool();
}

QList<Attachment> check(const QStringList &paths)
{
    QList<Attachment> out;
    for (const QString &path : paths) {
        const QFileInfo info(path);
        QString problem;
        if (!info.exists())
            problem = QStringLiteral(
                          "%1 is missing: it was moved or deleted. Runs fail until you remove it or put it back.")
                          .arg(path);
        else if (!info.isReadable())
            problem = QStringLiteral("%1 cannot be read.").arg(path);
        out.append({path, info.isDir(), problem});
    }
    return out;
}
} // namespace

AttachmentSession::AttachmentSession(QString dataDir, QObject *parent)
    : QObject(parent)
    , m_dataDir(std::move(dataDir))
{
    qRegisterMetaType<QList<Attachment>>();
    load();
}

void AttachmentSession::setProgram(const QString &path)
{
    if (path == m_program)
        return;
    const bool firstSave = m_program.isEmpty() && !path.isEmpty();
    m_program = path;
    // Only a mode chosen for the unsaved program goes with it, not the default it started with.
    if (firstSave && (!m_paths.isEmpty() || !m_arguments.isEmpty() || m_persistent != keptByDefault())) {
        store(); // what was attached before the first save goes with the program
    } else {
        load();
    }
    Q_EMIT modeChanged(m_persistent);
    Q_EMIT argumentsChanged(m_arguments);
    refresh();
}

QList<Core::InputFile> AttachmentSession::inputFiles() const
{
    QList<Core::InputFile> files;
    for (const QString &path : m_paths)
        files.append({path, {}});
    return files;
}

QString AttachmentSession::keptWorkspace() const
{
    return m_persistent ? workspaceFolder() : QString();
}

QString AttachmentSession::workspaceFolder() const
{
    // One folder per program file, named by a hash of its path: the path itself may be long
    // or hold characters a folder name cannot.
    const QByteArray key = m_program.isEmpty()
        ? QByteArray("untitled")
        : QCryptographicHash::hash(m_program.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return m_dataDir + QStringLiteral("/workspaces/") + QString::fromLatin1(key);
}

void AttachmentSession::attach(const QStringList &paths)
{
    for (const QString &path : paths) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        if (!m_paths.contains(absolute))
            m_paths.append(absolute);
    }
    store();
    refresh();
}

void AttachmentSession::detach(const QString &path)
{
    m_paths.removeAll(path);
    store();
    refresh();
}

void AttachmentSession::setPersistent(bool persistent)
{
    if (persistent == m_persistent)
        return;
    m_persistent = persistent;
    store();
    Q_EMIT modeChanged(m_persistent);
}

void AttachmentSession::setArguments(const QStringList &arguments)
{
    if (arguments == m_arguments)
        return;
    m_arguments = arguments;
    store();
    Q_EMIT argumentsChanged(m_arguments);
}

void AttachmentSession::resetWorkspace()
{
    const QString folder = workspaceFolder();
    runInBackground<QString>(
        this,
        [folder] {
            const auto reset = Core::KeptWorkspace::reset(folder);
            return reset ? QString() : reset.error().message;
        },
        [this](const QString &problem) {
            Q_EMIT workspaceReset(problem.isEmpty(),
                                  problem.isEmpty() ? QStringLiteral("The workspace is empty again: the "
                                                                     "next run starts from a clean one.")
                                                    : problem);
        });
}

void AttachmentSession::refresh()
{
    const quint64 generation = ++m_generation;
    const QStringList paths = m_paths;
    runInBackground<QList<Attachment>>(
        this, [paths] { return check(paths); },
        [this, generation](const QList<Attachment> &attachments) {
            if (generation == m_generation)
                Q_EMIT attachmentsChanged(attachments);
        });
}

void AttachmentSession::load()
{
    const QVariantMap entry = QSettings().value(kSettingsKey).toMap().value(m_program).toMap();
    m_paths = entry.value(kInputsKey).toStringList();
    m_persistent = entry.value(kPersistentKey, keptByDefault()).toBool();
    m_arguments = entry.value(kArgumentsKey).toStringList();
}

void AttachmentSession::store() const
{
    QSettings settings;
    QVariantMap programs = settings.value(kSettingsKey).toMap();
    // A fresh program is stored only while new ones are kept: it was chosen, not defaulted.
    if (m_paths.isEmpty() && m_arguments.isEmpty() && !m_persistent && !keptByDefault())
        programs.remove(m_program);
    else
        programs.insert(
            m_program,
            QVariantMap{{kInputsKey, m_paths}, {kPersistentKey, m_persistent}, {kArgumentsKey, m_arguments}});
    settings.setValue(kSettingsKey, programs);
}

} // namespace Sandpit::Ui
