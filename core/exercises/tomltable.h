#pragma once
// Reading one TOML table of a pack with every problem said where it is. toml++ gives each node
// and key its line and column; this turns a wrong type, a missing key or an unknown key (a typo
// must not pass silently) into a PackProblem at that place, so the loaders only say what they
// expect.

#include "exercises/exercise.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <expected>
#include <initializer_list>
#include <optional>
#include <string_view>

#include <toml++/toml.h>

namespace Sandpit::Core {

/// The problems found in one file, each at its place.
class TomlProblems final
{
public:
    explicit TomlProblems(QString file)
        : m_file(std::move(file))
    {
    }

    void add(const toml::source_region &where, const QString &message);
    void addAt(int line, int column, const QString &message);
    const QString &file() const { return m_file; }
    /// The file's top table: a key missing there is a problem of the file, at no line.
    void setRoot(const toml::table &root) { m_root = &root; }
    bool isRoot(const toml::table &table) const { return &table == m_root; }
    const QList<PackProblem> &list() const { return m_problems; }
    bool isEmpty() const { return m_problems.isEmpty(); }

private:
    QString m_file;
    QList<PackProblem> m_problems;
    const toml::table *m_root = nullptr;
};

/// A parsed TOML file, or the problem that stopped it: unreadable, too large, not UTF-8, a NUL
/// byte, or a syntax error, each with the line and column toml++ or the byte check found.
std::expected<toml::table, PackProblem> parseTomlFile(const QString &path);

/// One table, its keys checked against the ones it may have when it is made.
class TomlTable final
{
public:
    /// `what` names the table in messages ("[limits]", "the test \"small\""); `known` are the
    /// keys it may hold: any other is reported as unknown, with the known ones listed.
    TomlTable(const toml::table &table, TomlProblems &problems, QString what,
              std::initializer_list<std::string_view> known);

    const toml::node *node(std::string_view key) const;
    bool has(std::string_view key) const { return node(key) != nullptr; }
    std::optional<QString> string(std::string_view key, bool required = false) const;
    /// An integer or a float.
    std::optional<double> number(std::string_view key) const;
    std::optional<qint64> integer(std::string_view key) const;
    std::optional<QStringList> strings(std::string_view key) const;
    const toml::table *table(std::string_view key) const;
    const toml::array *array(std::string_view key) const;

    /// A problem at the key's value, or at the table itself when the key is absent.
    void problem(std::string_view key, const QString &message) const;
    /// "'key': message", for a message that is a sentence of its own.
    void problemWithKey(std::string_view key, const QString &message) const;
    void problemHere(const QString &message) const;
    const QString &what() const { return m_what; }
    TomlProblems &problems() const { return m_problems; }

private:
    void wrongType(std::string_view key, const toml::node &value, const char *expected) const;

    const toml::table &m_table;
    TomlProblems &m_problems;
    QString m_what;
};

/// "a string", "an integer", ... for messages.
QString tomlTypeName(const toml::node &node);
QString fromToml(std::string_view text);

} // namespace Sandpit::Core
