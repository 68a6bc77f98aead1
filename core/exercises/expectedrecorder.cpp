// PackWriter::recordExpected: a run's actual stdout becomes a test's expected one. The author's
// exercise.toml is edited as text, in the fewest bytes (comments, order and spacing stay), at
// the places toml++ reports; the result is read back before it is kept.
#include "exercises/packwriter.h"

#include "exercises/exercisereader.h"
#include "exercises/packfiles.h"
#include "exercises/tomltext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Sandpit::Core {

namespace {

/// A new tests/<name>.out below `folder`, named for the test and taken by no file yet.
QString newOutputFile(const QString &folder, const QString &testName)
{
    const QString slug = slugOf(testName, QStringLiteral("test"));
    QString relative = QStringLiteral("tests/%1.out").arg(slug);
    for (int n = 2; QFileInfo::exists(folder + QLatin1Char('/') + relative); ++n)
        relative = QStringLiteral("tests/%1-%2.out").arg(slug).arg(n);
    return relative;
}

const toml::table *findTest(const toml::table &document, const QString &testName)
{
    const toml::array *tests = document["tests"].as_array();
    if (!tests)
        return nullptr;
    for (const toml::node &item : *tests) {
        const toml::table *test = item.as_table();
        const auto name = test ? (*test)["name"].value<std::string_view>() : std::nullopt;
        if (name && fromToml(*name) == testName)
            return test;
    }
    return nullptr;
}

/// exercise.toml with the test's `stdout = …` replaced by (or, when it has none, added to it)
/// `stdout_file = "…"`.
std::expected<QByteArray, QString> editedToml(const QString &tomlPath, const QString &testName, const QString &file)
{
    auto document = parseTomlFile(tomlPath);
    if (!document)
        return std::unexpected(QStringLiteral("%1 cannot be read: %2").arg(tomlPath, document.error().toString()));
    QFile in(tomlPath);
    if (!in.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("%1 cannot be read: %2.").arg(tomlPath, in.errorString()));
    QByteArray text = in.readAll();
    const toml::table *test = findTest(*document, testName);
    if (!test)
        return std::unexpected(QStringLiteral("%1 has no test named \"%2\".").arg(tomlPath, testName));
    const QByteArray setting = "stdout_file = " + tomlString(file);
    const auto offset
        = [&](const toml::source_position &at) { return tomlByteOffset(text, int(at.line), int(at.column)); };
    for (const auto &[key, value] : *test) {
        if (key.str() != "stdout")
            continue;
        const qsizetype from = offset(key.source().begin);
        return text.replace(from, offset(value.source().end) - from, setting);
    }
    const toml::node &name = *test->get("name");
    qsizetype at = offset(name.source().end);
    if (test->is_inline())
        return text.insert(at, ", " + setting);
    const QByteArray newline = text.contains("\r\n") ? "\r\n" : "\n";
    at = text.indexOf('\n', at);
    if (at < 0)
        return text + newline + setting + newline;
    return text.insert(at + 1, setting + newline);
}

/// The exercise as it now reads: the test must expect `actual`, from `file`.
bool recordedAsMeant(const Exercise &exercise, const QString &testName, const QString &file, const QByteArray &actual)
{
    const auto reread
        = readExercise(exercise.folder, QFileInfo(exercise.folder).absolutePath(), PackLanguages::defaults());
    if (!reread)
        return false;
    for (const ExerciseTest &test : reread->tests)
        if (test.name == testName)
            return test.expectedStdout == actual && test.expectedStdoutFile == file;
    return false;
}

} // namespace

std::expected<void, QString> PackWriter::recordExpected(const Exercise &exercise, const QString &testName,
                                                        const QByteArray &actual)
{
    const ExerciseTest *test = nullptr;
    for (const ExerciseTest &candidate : exercise.tests)
        if (candidate.name == testName)
            test = &candidate;
    if (!test)
        return std::unexpected(
            QStringLiteral("The exercise \"%1\" has no test named \"%2\".").arg(exercise.id, testName));
    if (!test->expectedStdoutFile.isEmpty())
        return writePackFile(exercise.folder + QLatin1Char('/') + test->expectedStdoutFile, actual);

    const QString tomlPath = exercise.folder + QStringLiteral("/exercise.toml");
    const QString file = newOutputFile(exercise.folder, testName);
    QFile original(tomlPath);
    if (!original.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("%1 cannot be read: %2.").arg(tomlPath, original.errorString()));
    const QByteArray before = original.readAll();
    const auto edited = editedToml(tomlPath, testName, file);
    if (!edited)
        return std::unexpected(edited.error());
    const QString outPath = exercise.folder + QLatin1Char('/') + file;
    auto written = writePackFile(outPath, actual);
    if (written)
        written = writePackFile(tomlPath, *edited);
    if (written && recordedAsMeant(exercise, testName, file, actual))
        return {};
    // Put back what the author had: a half-made change is worse than none.
    writePackFile(tomlPath, before);
    QFile::remove(outPath);
    return std::unexpected(
        written ? QStringLiteral("The edited %1 did not read back as meant; it was left as it was.").arg(tomlPath)
                : written.error());
}

} // namespace Sandpit::Core
