#pragma once
// What the importer tests share: a draft written as a pack into a test's folder, then read back
// with PackLoader as Sandpit would open it, so each test asserts what a user would see.

#include "exercises/import/packdraftwriter.h"
#include "exercises/packloader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

namespace SandpitTest {

inline QString importFixture(const QString &name)
{
    return QStringLiteral(SANDPIT_FIXTURES_DIR "/import/") + name;
}

/// The one exercise of the pack written from `draft` into `dir`; none (and a test failure
/// message) when it was not written or does not load.
inline std::optional<Sandpit::Core::Exercise> writtenExercise(const Sandpit::Core::PackDraft &draft,
                                                              const QTemporaryDir &dir)
{
    const QString folder = dir.path() + QStringLiteral("/pack");
    const auto written = Sandpit::Core::PackDraftWriter::write(draft, folder, false);
    if (!written) {
        qWarning("not written: %s", qPrintable(written.error()));
        return std::nullopt;
    }
    const auto course = Sandpit::Core::PackLoader(dir.path() + QStringLiteral("/unpack")).load(folder);
    if (!course || course->exercises.size() != 1) {
        qWarning("the pack written does not load");
        return std::nullopt;
    }
    return course->exercises.first();
}

/// Writes `content` to `path`, for a test's own broken input; false on failure.
inline bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

inline bool hasWarning(const QStringList &warnings, const QString &part)
{
    for (const QString &warning : warnings)
        if (warning.contains(part))
            return true;
    return false;
}

} // namespace SandpitTest
