#pragma once

#include "languages/language.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <expected>

class QJsonArray;

namespace Sandpit::Core {

/// The languages Sandpit knows, read from JSON: the built-in definitions, each of which a
/// user's own languages.json may change key by key, and to which it may add languages.
class LanguageRegistry final
{
public:
    /// The registry and what went wrong with the user's file, if anything.
    struct Loaded;

    /// The definitions shipped inside the program (resources/languages/languages.json).
    static LanguageRegistry builtIn();
    /// The built-ins with `userFile` laid over them. A missing file is no problem; a broken
    /// one is ignored as a whole, and `problem` says what is wrong, in which file, and where.
    static Loaded withUserFile(const QString &userFile);
    /// languages.json in the user's configuration folder (QStandardPaths::AppConfigLocation).
    static QString userFilePath();

    /// Parses a languages file; the error names what is wrong and where.
    static std::expected<LanguageRegistry, QString> fromJson(const QByteArray &json);
    /// Parses `base` with `overlay` laid over it: a language of the overlay whose id is in
    /// `base` replaces the keys it gives (objects such as "compile" key by key), and one with
    /// a new id is added.
    static std::expected<LanguageRegistry, QString> fromJson(const QByteArray &base, const QByteArray &overlay);

    const QList<Language> &languages() const { return m_languages; }
    const Language *find(const QString &id) const;
    /// The language for a file name by its extension, or nullptr.
    const Language *forFileName(const QString &fileName) const;

private:
    static std::expected<LanguageRegistry, QString> parseAll(const QJsonArray &array);

    QList<Language> m_languages;
};

struct LanguageRegistry::Loaded {
    LanguageRegistry registry;
    QString problem; ///< empty when the user's file was absent or fine
};

} // namespace Sandpit::Core
