#pragma once

#include "exercises/exercise.h"

#include <QString>

#include <expected>

namespace Sandpit::Core {

/// Where a learner's own files for exercises live: ordinary files, one folder per course and
/// exercise below a root in the user's documents (configurable), so switching exercises never
/// loses work and the files outlive Sandpit. Disk work: off the GUI thread.
class LearnerFiles final
{
public:
    explicit LearnerFiles(QString root);

    /// The learner's file for `exercise` in `language`: <root>/<course id>/<exercise id>/<entry>.
    QString pathFor(const Course &course, const Exercise &exercise, const ExerciseLanguage &language) const;
    /// pathFor(), created from the starter when it does not exist yet; an existing file is never
    /// touched.
    std::expected<QString, QString> ensure(const Course &course, const Exercise &exercise,
                                           const ExerciseLanguage &language) const;
    /// Replaces the learner's file with the starter; returns the text it had, for the caller to
    /// keep in the history.
    std::expected<QByteArray, QString> resetToStarter(const Course &course, const Exercise &exercise,
                                                      const ExerciseLanguage &language) const;

    const QString &root() const { return m_root; }

private:
    QString m_root;
};

} // namespace Sandpit::Core
