#pragma once
// What an importer reads from another format, before it is written as a Sandpit pack: one
// exercise, its tests and its files. Each importer fills one; PackDraftWriter writes it.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandpit::Core {

struct DraftTest {
    QString name;
    QByteArray stdinData;
    std::optional<QByteArray> expectedStdout;
    QStringList arguments;
    QString hint;
    QString visibility = QStringLiteral("visible"); ///< "example", "visible" or "hidden"
    int points = 1;
    QString checkerToml; ///< a TOML value for this test's `checker`; empty: the exercise's
    std::optional<double> timeSeconds;
};

/// A program that goes into the pack: a solution, a wrong one, or the checker.
struct DraftProgram {
    QString fileName;   ///< its name in the pack
    QByteArray content; ///< read at import, so the source is never read twice
};

struct PackDraft {
    QString id;
    QString title;
    QString statementMarkdown;
    QString languageId;
    QString entryFile;
    std::optional<QByteArray> starter; ///< none: the first solution is the starter
    QList<DraftProgram> solutions;
    QList<DraftProgram> wrongs;
    QString checkerToml; ///< a TOML value for the exercise's `checker`; empty: the default
    std::optional<DraftProgram> checkerProgram;
    std::optional<double> timeSeconds;
    std::optional<int> memoryMegabytes;
    QStringList courseComments; ///< kept as comments in course.toml (a licence, a source)
    QList<DraftTest> tests;
    QStringList warnings; ///< "problem.yaml: 'validator_flags' ...": what could not be mapped
};

} // namespace Sandpit::Core
