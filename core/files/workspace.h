#pragma once

#include "model/runerror.h"
#include "model/runrequest.h"

#include <QString>

namespace Sandpit::Core {

/// A fresh folder for one run: the program's sources and input files in work/, an empty
/// work/output/ for what it makes, and room beside work/ for the helper's report. The folder
/// and everything in it is removed when the Workspace is destroyed. It is made in this user's
/// own folder (RunFolders::parent()), never directly in the shared temporary folder.
class Workspace final
{
public:
    /// An empty workspace: work/ and work/output/. An error when this user's folder for runs
    /// cannot be made or is not safe to use.
    static Expected<Workspace> create();
    /// Writes the request's sources and copies its input files into work/.
    Expected<void> populate(const RunRequest &request) const;

    Workspace(Workspace &&) noexcept;
    Workspace &operator=(Workspace &&) noexcept;
    ~Workspace();

    QString root() const;
    QString workDir() const;
    QString outputDir() const;
    QString reportPath() const;
    QString jobPath() const;

private:
    explicit Workspace(QString root);
    QString m_root; ///< empty once moved from
};

/// The error for an input file that is not there (RunError::Code::MissingInputFile).
RunError missingInputError(const InputFile &input);

/// True for a relative path that stays inside its folder ("a/b.py", not "../x" or "/etc").
bool isSafeRelativePath(const QString &path);

} // namespace Sandpit::Core
