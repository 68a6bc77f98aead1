// The [[tests]] of exercise.toml.
#include "exercises/exercisereader.h"

#include "exercises/packfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace Sandpit::Core {

namespace {

// A test's stdin or expected stdout is read whole into memory, and shown in the window.
constexpr qint64 kMaxTestFileBytes = 64LL * 1024 * 1024;

std::optional<QByteArray> readBytes(const TomlTable &test, const PackFiles &files, const char *key)
{
    const QString path = files.resolveKey(test, key);
    if (path.isEmpty())
        return std::nullopt;
    QFile file(path);
    if (file.size() > kMaxTestFileBytes || !file.open(QIODevice::ReadOnly)) {
        test.problem(key, QStringLiteral("cannot be read, or is larger than %1 bytes").arg(kMaxTestFileBytes));
        return std::nullopt;
    }
    return file.readAll();
}

/// `stdin = "…"` or `stdin_file = "…"` (likewise stdout): the bytes, and whether either was given.
std::optional<QByteArray> inlineOrFile(const TomlTable &test, const PackFiles &files, const char *inlineKey,
                                       const char *fileKey)
{
    if (test.has(inlineKey) && test.has(fileKey)) {
        test.problem(fileKey, QStringLiteral("and '%1' are both given: keep one").arg(QLatin1String(inlineKey)));
        return std::nullopt;
    }
    if (test.has(fileKey))
        return readBytes(test, files, fileKey);
    if (const auto text = test.string(inlineKey))
        return text->toUtf8();
    return std::nullopt;
}

QList<InputFile> readInputFiles(const TomlTable &test, const PackFiles &files)
{
    QList<InputFile> result;
    const toml::array *array = test.array("files");
    if (!array)
        return result;
    for (const toml::node &item : *array) {
        if (const auto *text = item.as_string()) {
            const auto path = files.resolve(fromToml(text->get()));
            if (path)
                result.append(InputFile{*path, QFileInfo(*path).fileName()});
            else
                test.problems().add(item.source(), QStringLiteral("'files': %1").arg(path.error()));
            continue;
        }
        if (!item.is_table()) {
            test.problems().add(item.source(), QStringLiteral("'files' holds strings or {from, name} tables"));
            continue;
        }
        const TomlTable file(*item.as_table(), test.problems(), QStringLiteral("a 'files' table"), {"from", "name"});
        if (!file.has("from")) {
            file.problemHere(QStringLiteral("a 'files' table needs 'from', the file in the pack"));
            continue;
        }
        const QString path = files.resolveKey(file, "from");
        const QString name = file.string("name").value_or(QFileInfo(path).fileName());
        if (!PackFiles::isPlainRelativePath(name))
            file.problem("name", QStringLiteral("must be a relative path without \"..\""));
        else if (!path.isEmpty())
            result.append(InputFile{path, name});
    }
    return result;
}

QList<ExpectedFile> readOutputFiles(const TomlTable &test, const PackFiles &files)
{
    QList<ExpectedFile> result;
    const toml::array *array = test.array("output_files");
    if (!array)
        return result;
    for (const toml::node &item : *array) {
        if (!item.is_table()) {
            test.problems().add(item.source(), QStringLiteral("each of [[tests.output_files]] must be a table"));
            continue;
        }
        const TomlTable file(*item.as_table(), test.problems(), QStringLiteral("[[tests.output_files]]"),
                             {"name", "file", "min_size"});
        ExpectedFile expected;
        expected.name = file.string("name", true).value_or(QString());
        if (!expected.name.isEmpty() && !PackFiles::isPlainRelativePath(expected.name))
            file.problem("name", QStringLiteral("must be a path below output/, without \"..\""));
        expected.sourcePath = files.resolveKey(file, "file");
        expected.minimumSize = file.integer("min_size").value_or(0);
        if (expected.minimumSize < 0)
            file.problem("min_size", QStringLiteral("must be 0 or more bytes"));
        result.append(expected);
    }
    return result;
}

std::optional<Visibility> readVisibility(const TomlTable &test)
{
    const QString name = test.string("visibility").value_or(QStringLiteral("visible"));
    if (const auto visibility = visibilityFromId(name))
        return visibility;
    test.problem("visibility", QStringLiteral("must be \"example\", \"visible\", \"hidden\" or \"secret\""));
    return std::nullopt;
}

ExerciseTest readTest(const TomlTable &test, const PackFiles &files, const PackLanguages &languages)
{
    ExerciseTest result;
    result.name = test.string("name", true).value_or(QString());
    result.stdinData = inlineOrFile(test, files, "stdin", "stdin_file").value_or(QByteArray());
    if (test.has("stdin_file"))
        result.stdinFile = test.string("stdin_file").value_or(QString());
    result.arguments = test.strings("args").value_or(QStringList());
    result.inputFiles = readInputFiles(test, files);
    result.expectedStdout = inlineOrFile(test, files, "stdout", "stdout_file");
    if (test.has("stdout_file"))
        result.expectedStdoutFile = test.string("stdout_file").value_or(QString());
    result.expectedFiles = readOutputFiles(test, files);
    result.expectedExitCode = int(test.integer("exit_code").value_or(0));
    if (const auto code = test.integer("exit_code"); code && (*code < 0 || *code > 255))
        test.problem("exit_code", QStringLiteral("must be an exit code from 0 to 255"));
    result.points = int(std::clamp<qint64>(test.integer("points").value_or(1), 0, 1000000));
    if (const auto points = test.integer("points"); points && *points < 0)
        test.problem("points", QStringLiteral("must be 0 or more"));
    result.hint = test.string("hint").value_or(QString());
    result.visibility = readVisibility(test).value_or(Visibility::Visible);
    result.checker = readChecker(test, files, languages);
    if (const toml::table *limits = test.table("limits"))
        result.limits = readLimits(*limits, test.problems(), QStringLiteral("[tests.limits]"), &result.timeScaling);
    return result;
}

} // namespace

QList<ExerciseTest> readTests(const TomlTable &exercise, const PackFiles &files, const PackLanguages &languages)
{
    QList<ExerciseTest> tests;
    const toml::array *array = exercise.array("tests");
    if (!array || array->empty()) {
        if (!exercise.has("tests") || array)
            exercise.problemHere(QStringLiteral("the exercise has no [[tests]]: a Check would have nothing to run"));
        return tests;
    }
    QSet<QString> names;
    for (const toml::node &item : *array) {
        if (!item.is_table()) {
            exercise.problems().add(item.source(), QStringLiteral("each of [[tests]] must be a table"));
            continue;
        }
        const TomlTable test(*item.as_table(), exercise.problems(), QStringLiteral("[[tests]]"),
                             {"name", "stdin", "stdin_file", "args", "files", "stdout", "stdout_file", "exit_code",
                              "points", "hint", "visibility", "checker", "limits", "output_files"});
        ExerciseTest read = readTest(test, files, languages);
        if (!read.name.isEmpty() && names.contains(read.name))
            test.problem("name",
                         QStringLiteral("\"%1\" names another test too: test names must differ").arg(read.name));
        names.insert(read.name);
        tests.append(read);
    }
    return tests;
}

} // namespace Sandpit::Core
