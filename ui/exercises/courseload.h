#pragma once

#include "exercises/exercise.h"
#include "exercises/progressstore.h"
#include "languages/languagefwd.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Ui {

/// A course as the Exercises pane shows it: the pack as read, and the learner's progress in it.
struct LoadedCourse {
    QString path; ///< what was opened: a folder or a .zip
    std::expected<Core::Course, Core::PackProblem> course;
    Core::ProgressStore::Loaded progress;
};

/// Where a course is read from and its progress kept; a plain value, so a load can take a copy
/// to a worker thread.
struct CourseSources {
    QString unpackFolder;
    QString progressFolder;
    QStringList languageIds;
    QHash<QString, QString> languageNames; ///< id → the name people know ("JavaScript (Node)")
};

/// The languages a pack may name, from `languages`, with their names.
CourseSources courseSources(const Core::LanguageRegistry &languages, const QString &unpackFolder,
                            const QString &progressFolder);

/// Reads the pack at `path` and the learner's progress in it: disk work, for a worker thread.
LoadedCourse loadCourse(const QString &path, const CourseSources &sources);

/// The statement as the pane shows it: the exercise's Markdown, then its example tests' input
/// and expected output.
QString statementMarkdown(const Core::Exercise &exercise);

} // namespace Sandpit::Ui
