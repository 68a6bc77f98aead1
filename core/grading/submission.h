#pragma once

#include "exercises/exercise.h"
#include "model/runerror.h"

#include <QList>
#include <QString>

namespace Sandpit::Core {

/// One student's submission, as found in the submissions folder and made ready to check.
struct Submission {
    QString student;    ///< the folder or zip name, without .zip
    QString source;     ///< absolute: the folder or zip as handed in
    QString file;       ///< absolute: the program to check, once found
    QString languageId; ///< the language it is checked in, once found
    QString error;      ///< why it cannot be graded; empty when `file` is set
};

/// Finding and opening submissions. Plain disk work (zips are unpacked with PackArchive's safe
/// extraction): call it off the GUI thread.
class SubmissionIntake final
{
public:
    /// `unpackRoot`: where zipped submissions are unpacked, a folder per zip.
    SubmissionIntake(Exercise exercise, QString languageId, QString unpackRoot);

    /// One entry per student folder or .zip in `folder`, sorted by name (hidden entries and
    /// other files are no students); an error when the folder cannot be read.
    static Expected<QList<Submission>> list(const QString &folder);

    /// Unpacks a zipped submission and finds its program and language, or sets its error: a
    /// refused zip (a `..` or absolute path, a link, a device, a zip bomb), no program, or more
    /// than one that could be it.
    void prepare(Submission &submission) const;

private:
    QString findProgram(const QString &folder, Submission &submission) const;

    Exercise m_exercise;
    QString m_languageId;
    QString m_unpackRoot;
};

} // namespace Sandpit::Core
