#include "exercises/tomltable.h"

#include "files/programfile.h"

#include <QFile>
#include <QFileInfo>

#include <string>

namespace Sandpit::Core {

namespace {

// A pack's TOML file is a few kilobytes; past this it is not one, and reading it whole would
// only cost memory.
constexpr qint64 kMaxTomlBytes = 4LL * 1024 * 1024;

QString quoted(std::string_view key)
{
    return QLatin1Char('\'') + fromToml(key) + QLatin1Char('\'');
}

/// The line and 1-based column (in characters) of byte `offset`.
std::pair<int, int> lineAndColumn(const QByteArray &bytes, qsizetype offset)
{
    const qsizetype lineStart = bytes.lastIndexOf('\n', offset - 1) + 1;
    const int line = int(bytes.left(lineStart).count('\n')) + 1;
    const QByteArrayView before = QByteArrayView(bytes).sliced(lineStart, offset - lineStart);
    return {line, int(QString::fromUtf8(before).size()) + 1};
}

} // namespace

QString fromToml(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

void TomlProblems::add(const toml::source_region &where, const QString &message)
{
    addAt(int(where.begin.line), int(where.begin.column), message);
}

void TomlProblems::addAt(int line, int column, const QString &message)
{
    m_problems.append(PackProblem{m_file, line, column, message, {}});
}

std::expected<toml::table, PackProblem> parseTomlFile(const QString &path)
{
    const auto problemAt = [&](int line, int column, const QString &message) {
        return std::unexpected(PackProblem{path, line, column, message, {}});
    };
    QFile file(path);
    if (!QFileInfo(path).isFile())
        return problemAt(0, 0, QStringLiteral("the file is missing"));
    if (file.size() > kMaxTomlBytes)
        return problemAt(0, 0,
                         QStringLiteral("the file is %1 bytes; a pack's TOML file may have at most %2")
                             .arg(file.size())
                             .arg(kMaxTomlBytes));
    if (!file.open(QIODevice::ReadOnly))
        return problemAt(0, 0, QStringLiteral("the file cannot be read (%1)").arg(file.errorString()));
    const QByteArray bytes = file.readAll();
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0) {
        const auto [line, column] = lineAndColumn(bytes, nul);
        return problemAt(line, column, QStringLiteral("a NUL byte: a TOML file is text"));
    }
    if (const qsizetype bad = ProgramFile::firstInvalidUtf8(bytes); bad >= 0) {
        const auto [line, column] = lineAndColumn(bytes, bad);
        return problemAt(line, column, QStringLiteral("the file is not valid UTF-8 here (TOML files are UTF-8)"));
    }
    try {
        return toml::parse(std::string_view(bytes.constData(), size_t(bytes.size())), path.toStdString());
    } catch (const toml::parse_error &error) {
        return problemAt(int(error.source().begin.line), int(error.source().begin.column),
                         fromToml(error.description()));
    }
}

QString tomlTypeName(const toml::node &node)
{
    switch (node.type()) {
    case toml::node_type::table:
        return QStringLiteral("a table");
    case toml::node_type::array:
        return QStringLiteral("an array");
    case toml::node_type::string:
        return QStringLiteral("a string");
    case toml::node_type::integer:
        return QStringLiteral("an integer");
    case toml::node_type::floating_point:
        return QStringLiteral("a float");
    case toml::node_type::boolean:
        return QStringLiteral("a boolean");
    default:
        return QStringLiteral("a date or time");
    }
}

TomlTable::TomlTable(const toml::table &table, TomlProblems &problems, QString what,
                     std::initializer_list<std::string_view> known)
    : m_table(table)
    , m_problems(problems)
    , m_what(std::move(what))
{
    QStringList knownNames;
    for (std::string_view key : known)
        knownNames.append(fromToml(key));
    for (const auto &[key, value] : table) {
        if (knownNames.contains(fromToml(key.str())))
            continue;
        m_problems.add(key.source(),
                       QStringLiteral("unknown key %1 in %2 (it may have: %3)")
                           .arg(quoted(key.str()), m_what, knownNames.join(QStringLiteral(", "))));
    }
}

const toml::node *TomlTable::node(std::string_view key) const
{
    return m_table.get(key);
}

void TomlTable::problem(std::string_view key, const QString &message) const
{
    if (const toml::node *value = node(key))
        m_problems.add(value->source(), quoted(key) + QLatin1Char(' ') + message);
    else
        problemHere(message);
}

void TomlTable::problemWithKey(std::string_view key, const QString &message) const
{
    if (const toml::node *value = node(key))
        m_problems.add(value->source(), quoted(key) + QStringLiteral(": ") + message);
    else
        problemHere(message);
}

void TomlTable::problemHere(const QString &message) const
{
    if (m_problems.isRoot(m_table))
        m_problems.addAt(0, 0, message);
    else
        m_problems.add(m_table.source(), message);
}

void TomlTable::wrongType(std::string_view key, const toml::node &value, const char *expected) const
{
    m_problems.add(value.source(),
                   QStringLiteral("%1 in %2 must be %3, not %4")
                       .arg(quoted(key), m_what, QLatin1String(expected), tomlTypeName(value)));
}

std::optional<QString> TomlTable::string(std::string_view key, bool required) const
{
    const toml::node *value = node(key);
    if (!value) {
        if (required)
            problemHere(QStringLiteral("%1 lacks the required key %2").arg(m_what, quoted(key)));
        return std::nullopt;
    }
    if (const auto *text = value->as_string())
        return fromToml(text->get());
    wrongType(key, *value, "a string");
    return std::nullopt;
}

std::optional<double> TomlTable::number(std::string_view key) const
{
    const toml::node *value = node(key);
    if (!value)
        return std::nullopt;
    if (const auto *integer = value->as_integer())
        return double(integer->get());
    if (const auto *floating = value->as_floating_point())
        return floating->get();
    wrongType(key, *value, "a number");
    return std::nullopt;
}

std::optional<qint64> TomlTable::integer(std::string_view key) const
{
    const toml::node *value = node(key);
    if (!value)
        return std::nullopt;
    if (const auto *integer = value->as_integer())
        return qint64(integer->get());
    wrongType(key, *value, "an integer");
    return std::nullopt;
}

std::optional<QStringList> TomlTable::strings(std::string_view key) const
{
    const toml::array *items = array(key);
    if (!items)
        return std::nullopt;
    QStringList list;
    bool allStrings = true;
    for (const toml::node &item : *items) {
        if (const auto *text = item.as_string()) {
            list.append(fromToml(text->get()));
        } else {
            m_problems.add(
                item.source(),
                QStringLiteral("%1 in %2 must hold strings only, not %3").arg(quoted(key), m_what, tomlTypeName(item)));
            allStrings = false;
        }
    }
    return allStrings ? std::optional(list) : std::nullopt;
}

const toml::table *TomlTable::table(std::string_view key) const
{
    const toml::node *value = node(key);
    if (value && !value->is_table())
        wrongType(key, *value, "a table");
    return value ? value->as_table() : nullptr;
}

const toml::array *TomlTable::array(std::string_view key) const
{
    const toml::node *value = node(key);
    if (value && !value->is_array())
        wrongType(key, *value, "an array");
    return value ? value->as_array() : nullptr;
}

} // namespace Sandpit::Core
