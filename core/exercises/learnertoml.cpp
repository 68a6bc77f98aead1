#include "exercises/learnertoml.h"

#include "exercises/tomltable.h"

#include <QDir>
#include <QList>

#include <algorithm>

#include <toml++/toml.h>

namespace Sandpit::Core {

namespace {
/// The file lines of `text`, each with its line end.
QList<QByteArray> linesOf(const QByteArray &text)
{
    QList<QByteArray> lines;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        end = end < 0 ? text.size() : end + 1;
        lines.append(text.mid(start, end - start));
        start = end;
    }
    return lines;
}

void addPath(QStringList &paths, const toml::node *node)
{
    if (const auto *text = node ? node->as_string() : nullptr)
        paths.append(QDir::cleanPath(fromToml(text->get())));
}

/// The files one test table names.
QStringList filesOf(const toml::table &test)
{
    QStringList paths;
    addPath(paths, test.get("stdin_file"));
    addPath(paths, test.get("stdout_file"));
    if (const auto *files = test.get_as<toml::array>("files")) {
        for (const toml::node &item : *files) {
            addPath(paths, &item);
            if (const auto *table = item.as_table())
                addPath(paths, table->get("from"));
        }
    }
    if (const auto *outputs = test.get_as<toml::array>("output_files")) {
        for (const toml::node &item : *outputs)
            if (const auto *table = item.as_table())
                addPath(paths, table->get("file"));
    }
    if (const auto *checker = test.get_as<toml::table>("checker"))
        addPath(paths, checker->get("program"));
    return paths;
}

bool isSecret(const toml::table &test)
{
    const auto visibility = test["visibility"].value<std::string>();
    return visibility && *visibility == "secret";
}

/// The lines (1-based) where a table is opened by a header, `[a.b]` or `[[a]]`, below `node`:
/// where one table's text ends and the next one's begins. Lines in a multi-line string are
/// never among them, as they would be to a reader of lines.
void collectHeaderLines(const toml::node &node, QList<int> &lines)
{
    if (const auto *table = node.as_table()) {
        if (!table->is_inline() && table->source().begin.line > 0)
            lines.append(int(table->source().begin.line));
        for (const auto &[key, value] : *table)
            collectHeaderLines(value, lines);
    } else if (const auto *array = node.as_array()) {
        for (const toml::node &item : *array)
            collectHeaderLines(item, lines);
    }
}

/// The line after the last line of `test`'s text: the first header below it that opens none
/// of its own subtables, or the end of the file.
int endOf(const toml::table &test, const QList<int> &allHeaders, int lineCount)
{
    QList<int> own;
    collectHeaderLines(test, own);
    const int begin = int(test.source().begin.line);
    for (int line : allHeaders)
        if (line > begin && !own.contains(line))
            return line;
    return lineCount + 1;
}

/// The lines that hold a language's `solution = …`, to be left out.
QList<int> solutionLines(const toml::table &document)
{
    QList<int> lines;
    if (const auto *languages = document.get_as<toml::table>("languages")) {
        for (const auto &[id, language] : *languages) {
            const auto *table = language.as_table();
            const toml::node *solution = table ? table->get("solution") : nullptr;
            if (solution && solution->source().begin.line == solution->source().end.line)
                lines.append(int(solution->source().begin.line));
        }
    }
    return lines;
}
} // namespace

std::expected<LearnerToml, QString> learnerExerciseToml(const QByteArray &text)
{
    toml::table document;
    try {
        document = toml::parse(std::string_view(text.constData(), size_t(text.size())));
    } catch (const toml::parse_error &error) {
        return std::unexpected(fromToml(error.description()));
    }
    const QList<QByteArray> lines = linesOf(text);
    QList<int> headers;
    collectHeaderLines(document, headers);
    std::sort(headers.begin(), headers.end());
    QList<bool> dropped(lines.size() + 2, false); // by line number, 1-based
    LearnerToml result;
    // The exercise's own checker judges every test that stays, even when a secret test names
    // the same program.
    if (const auto *checker = document.get_as<toml::table>("checker"))
        addPath(result.keptFiles, checker->get("program"));
    if (const auto *tests = document.get_as<toml::array>("tests")) {
        for (const toml::node &node : *tests) {
            const auto *test = node.as_table();
            if (!test)
                continue;
            if (!isSecret(*test)) {
                result.keptFiles += filesOf(*test);
                continue;
            }
            if (test->is_inline())
                return std::unexpected(
                    QStringLiteral(
                        "line %1: a secret test is not a [[tests]] table of its own; write it as one, so that a "
                        "learner build can leave it out")
                        .arg(test->source().begin.line));
            ++result.secretTests;
            result.secretFiles += filesOf(*test);
            for (int line = int(test->source().begin.line); line < endOf(*test, headers, int(lines.size())); ++line)
                dropped[line] = true;
        }
    }
    for (int line : solutionLines(document))
        dropped[line] = true;
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (!dropped.at(i + 1))
            result.text += lines.at(i);
    return result;
}

} // namespace Sandpit::Core
