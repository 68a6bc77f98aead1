#pragma once

#include "language.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <expected>

namespace Sandpit::Core {

/// The languages Sandpit knows, read from JSON.
class LanguageRegistry final
{
public:
    /// The definitions shipped inside the program (resources/languages/languages.json).
    static LanguageRegistry builtIn();
    /// Parses a languages file; the error names what is wrong and where.
    static std::expected<LanguageRegistry, QString> fromJson(const QByteArray &json);

    const QList<Language> &languages() const { return m_languages; }
    const Language *find(const QString &id) const;
    /// The language for a file name by its extension, or nullptr.
    const Language *forFileName(const QString &fileName) const;

private:
    QList<Language> m_languages;
};

} // namespace Sandpit::Core
