#include "files/workspace.h"

#include "files/folderremoval.h"
#include "files/keptworkspace.h"
#include "files/ownerfile.h"
#include "files/runfolders.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <utility>

namespace Sandpit::Core {

namespace {
Expected<void> writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size()) {
        return makeError(
            RunError::Code::SetupFailed,
            QStringLiteral("Could not write %1 into the run's workspace: %2.").arg(path, file.errorString()));
    }
    return {};
}

Expected<void> copyInput(const InputFile &input, const QString &workDir)
{
    const QFileInfo source(input.hostPath);
    const QString name = input.name.isEmpty() ? source.fileName() : input.name;
    if (!source.exists())
        return std::unexpected(missingInputError(input));
    if (!isSafeRelativePath(name)) {
        return makeError(RunError::Code::BadRequest,
                         QStringLiteral("The input file name \"%1\" must stay inside the workspace.").arg(name));
    }
    const QString target = workDir + QLatin1Char('/') + name;
    if (source.isFile()) {
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::remove(target); // a kept workspace has last run's copy
        if (!QFile::copy(source.absoluteFilePath(), target)) {
            return makeError(RunError::Code::BadRequest,
                             QStringLiteral("Could not copy the input file %1 (is it readable?).").arg(input.hostPath));
        }
        return {};
    }
    // A folder: its regular files and subfolders, never what its symlinks point at.
    QDirIterator it(source.absoluteFilePath(),
                    QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    QDir().mkpath(target);
    while (it.hasNext()) {
        const QFileInfo entry(it.next());
        const QString relative = QDir(source.absoluteFilePath()).relativeFilePath(entry.absoluteFilePath());
        const QString destination = target + QLatin1Char('/') + relative;
        if (entry.isDir()) {
            QDir().mkpath(destination);
        } else if (QFile::remove(destination), !QFile::copy(entry.absoluteFilePath(), destination)) {
            return makeError(
                RunError::Code::BadRequest,
                QStringLiteral("Could not copy %1 from the input folder %2.").arg(relative, input.hostPath));
        }
    }
    return {};
}
} // namespace

RunError missingInputError(const InputFile &input)
{
    return {RunError::Code::MissingInputFile,
            QStringLiteral("The input file %1 does not exist: was it moved or deleted?").arg(input.hostPath)};
}

bool isSafeRelativePath(const QString &path)
{
    if (path.isEmpty() || QDir::isAbsolutePath(path) || path.contains(QChar(0)))
        return false;
    const QString clean = QDir::cleanPath(path);
    return clean != QLatin1String("..") && !clean.startsWith(QLatin1String("../")) && clean != QLatin1String(".");
}

Workspace::Workspace(QString root)
    : m_root(std::move(root))
{
}

Workspace::Workspace(Workspace &&other) noexcept
    : m_root(std::exchange(other.m_root, {}))
{
}

Workspace &Workspace::operator=(Workspace &&other) noexcept
{
    if (this != &other) {
        if (!m_root.isEmpty())
            FolderRemoval::removePath(m_root);
        m_root = std::exchange(other.m_root, {});
    }
    return *this;
}

Workspace::~Workspace()
{
    // Not QDir::removeRecursively(): it works by path, and gives up on a read-only folder the
    // program made.
    if (!m_root.isEmpty())
        FolderRemoval::removePath(m_root);
}

Expected<Workspace> Workspace::create()
{
    const auto parent = RunFolders::parent();
    if (!parent)
        return std::unexpected(parent.error());
    QTemporaryDir dir(*parent + QStringLiteral("/sandpit-run-XXXXXX"));
    if (!dir.isValid()) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not create a workspace in %1: %2.").arg(*parent, dir.errorString()));
    }
    dir.setAutoRemove(false);
    Workspace workspace(dir.path());
    // Who owns it, for removeAbandoned() after a crash.
    OwnerFile::write(workspace.root());
    if (!QDir().mkpath(workspace.outputDir())) {
        return makeError(RunError::Code::SetupFailed,
                         QStringLiteral("Could not create the output folder in %1.").arg(workspace.workDir()));
    }
    return workspace;
}

Expected<void> Workspace::populate(const RunRequest &request) const
{
    // The kept files first: the sources and input files of this run are newer.
    if (!request.keptWorkspace.isEmpty()) {
        if (auto copied = KeptWorkspace::copyIn(request.keptWorkspace, workDir()); !copied)
            return copied;
    }
    for (const SourceFile &source : request.sources) {
        if (!isSafeRelativePath(source.name)) {
            return makeError(
                RunError::Code::BadRequest,
                QStringLiteral("The source file name \"%1\" must stay inside the workspace.").arg(source.name));
        }
        if (auto written = writeFile(workDir() + QLatin1Char('/') + source.name, source.content); !written)
            return written;
    }
    for (const InputFile &input : request.inputFiles) {
        if (auto copied = copyInput(input, workDir()); !copied)
            return copied;
    }
    return {};
}

QString Workspace::root() const
{
    return m_root;
}

QString Workspace::workDir() const
{
    return m_root + QStringLiteral("/work");
}

QString Workspace::outputDir() const
{
    return workDir() + QStringLiteral("/output");
}

QString Workspace::reportPath() const
{
    return m_root + QStringLiteral("/report");
}

QString Workspace::jobPath() const
{
    return m_root + QStringLiteral("/job");
}

} // namespace Sandpit::Core
