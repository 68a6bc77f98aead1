#pragma once

#include "exercises/exercise.h"
#include "languages/languagefwd.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

/// Reads an exercise pack: a folder holding course.toml and one folder per exercise, or the
/// same folder zipped. Documented in docs/EXERCISES.md. Plain disk work: call it off the GUI
/// thread.
class PackLoader final
{
public:
    /// `unpackRoot`: where a zipped pack is unpacked (a folder per pack below it, replaced when
    /// the zip changed). Nothing is ever written outside it: entries with ".." or absolute
    /// paths, links and device files are refused.
    explicit PackLoader(QString unpackRoot);

    /// The course at `path` (a folder or a .zip). An error only when there is no course at all
    /// (no course.toml, or one that cannot be read); an exercise with a problem is left out,
    /// its problem listed in Course::problems, and the rest stays usable.
    std::expected<Course, PackProblem> load(const QString &path) const;

    /// The languages a pack may name, and which language a checker program's or a wrong
    /// solution's extension means: the window and the CLI pass their LanguageRegistry. Without
    /// it any language id is taken, and extensions mean Sandpit's built-in languages.
    void setLanguages(const LanguageRegistry &registry);
    /// Only the ids (for tests and callers without a registry); extensions as without one.
    void setLanguageIds(const QStringList &ids);

private:
    std::expected<Course, PackProblem> loadFolder(const QString &folder) const;

    QString m_unpackRoot;
    QStringList m_languageIds;
    QHash<QString, QString> m_languageByExtension;
};

} // namespace Sandpit::Core
