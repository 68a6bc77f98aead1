#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <expected>

namespace Sandpit::Core {

/// An exercise.toml as a learner build has it: its text, with each `[[tests]]` table whose
/// visibility is "secret" taken out (with its subtables) and every language's `solution` key
/// removed (the build leaves solution/ out); every other line as it was, comments included.
struct LearnerToml {
    QByteArray text;
    int secretTests = 0;
    /// The files the secret tests name (stdin_file, stdout_file, files, output_files, a
    /// checker program), relative to the exercise's folder and cleaned.
    QStringList secretFiles;
    /// The files the tests that stay name, and the exercise's checker program, the same way: a
    /// file in both stays.
    QStringList keptFiles;
};

/// `text`, an exercise.toml that PackLoader read without a problem, for a learner build. An
/// error when a secret test is not written as a `[[tests]]` table of its own (an inline array),
/// which this cannot take out without rewriting the file.
std::expected<LearnerToml, QString> learnerExerciseToml(const QByteArray &text);

} // namespace Sandpit::Core
