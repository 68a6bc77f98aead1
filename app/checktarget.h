#pragma once

#include "exercises/exercise.h"
#include "languages/languageregistry.h"

#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::App {

/// The exercise `sandpit check` was asked to check, found as its command line names it.
struct CheckTarget {
    Core::Course course;
    Core::Exercise exercise;
};

/// Why no exercise was found: one line per problem, each "file:line:column: message" when
/// the pack is at fault (`packProblems`), so a pack's author can go to the place.
struct CheckTargetError {
    QStringList lines;
    bool packProblems = false;
};

/// Finds `name`: with `pack` the exercise id in that pack (a folder or a .zip); else an
/// exercise folder (its parent holds course.toml), or COURSE/EXERCISE of a bundled course
/// (by its folder name or its id). Zipped packs are unpacked below `unpackRoot`.
std::expected<CheckTarget, CheckTargetError> findCheckTarget(const QString &name, const QString &pack,
                                                             const QString &unpackRoot,
                                                             const Core::LanguageRegistry &languages);

/// The exercise's language for `file`: `languageId` when given (and the exercise's), else the
/// one whose entry has the file's extension, else (no file) the exercise's first. An error is
/// a sentence for the learner.
std::expected<QString, QString> checkLanguage(const Core::Exercise &exercise, const QString &languageId,
                                              const QString &file);

} // namespace Sandpit::App
