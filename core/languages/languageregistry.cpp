#include "languages/languageregistry.h"

#include "languages/languagejson.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStandardPaths>

namespace Sandpit::Core {

namespace {
std::expected<QJsonArray, QString> languageArray(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return std::unexpected(
            QStringLiteral("not valid JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    const QJsonValue list = doc.object().value(QLatin1String("languages"));
    if (!list.isArray())
        return std::unexpected(QStringLiteral("expected an object with a \"languages\" array"));
    const QJsonArray array = list.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array.at(i).isObject())
            return std::unexpected(QStringLiteral("language %1 is not an object").arg(i + 1));
        if (array.at(i).toObject().value(QLatin1String("id")).toString().isEmpty())
            return std::unexpected(QStringLiteral("language %1 has no \"id\"").arg(i + 1));
    }
    return array;
}

// Objects merge key by key, so that an override can change one limit of one step; anything
// else (arrays included) is replaced whole.
QJsonObject merged(QJsonObject base, const QJsonObject &overlay)
{
    for (auto it = overlay.begin(); it != overlay.end(); ++it) {
        const QJsonValue old = base.value(it.key());
        if (old.isObject() && it.value().isObject())
            base.insert(it.key(), merged(old.toObject(), it.value().toObject()));
        else
            base.insert(it.key(), it.value());
    }
    return base;
}
} // namespace

LanguageRegistry LanguageRegistry::builtIn()
{
    QFile file(QStringLiteral(":/sandpit/languages/languages.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the built-in language definitions are missing from the program's resources");
    auto registry = fromJson(file.readAll());
    if (!registry)
        qFatal("the built-in language definitions are broken: %s", qPrintable(registry.error()));
    return *registry;
}

QString LanguageRegistry::userFilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/languages.json");
}

LanguageRegistry::Loaded LanguageRegistry::withUserFile(const QString &userFile)
{
    Loaded loaded{builtIn(), {}};
    QFile file(userFile);
    if (userFile.isEmpty() || !file.exists())
        return loaded;
    const auto ignored = [&](const QString &why) {
        loaded.problem = QStringLiteral("Your language definitions in %1 are ignored: %2. Sandpit uses its built-in "
                                        "languages until the file is fixed.")
                             .arg(userFile, why);
        return loaded;
    };
    if (!file.open(QIODevice::ReadOnly))
        return ignored(QStringLiteral("the file cannot be read (%1)").arg(file.errorString()));
    QFile builtInFile(QStringLiteral(":/sandpit/languages/languages.json"));
    builtInFile.open(QIODevice::ReadOnly);
    auto registry = fromJson(builtInFile.readAll(), file.readAll());
    if (!registry)
        return ignored(registry.error());
    loaded.registry = std::move(*registry);
    return loaded;
}

std::expected<LanguageRegistry, QString> LanguageRegistry::fromJson(const QByteArray &json)
{
    const auto array = languageArray(json);
    if (!array)
        return std::unexpected(array.error());
    return parseAll(*array);
}

std::expected<LanguageRegistry, QString> LanguageRegistry::fromJson(const QByteArray &base, const QByteArray &overlay)
{
    auto array = languageArray(base);
    if (!array)
        return std::unexpected(array.error());
    const auto extra = languageArray(overlay);
    if (!extra)
        return std::unexpected(extra.error());
    for (const QJsonValue &value : *extra) {
        const QJsonObject language = value.toObject();
        const QString id = language.value(QLatin1String("id")).toString();
        bool replaced = false;
        for (qsizetype i = 0; i < array->size() && !replaced; ++i) {
            if (array->at(i).toObject().value(QLatin1String("id")).toString() == id) {
                array->replace(i, merged(array->at(i).toObject(), language));
                replaced = true;
            }
        }
        if (!replaced)
            array->append(language);
    }
    return parseAll(*array);
}

std::expected<LanguageRegistry, QString> LanguageRegistry::parseAll(const QJsonArray &array)
{
    LanguageRegistry registry;
    for (const QJsonValue &value : array) {
        auto language = parseLanguage(value.toObject());
        if (!language)
            return std::unexpected(language.error());
        if (registry.find(language->id))
            return std::unexpected(QStringLiteral("the language \"%1\" is defined twice").arg(language->id));
        registry.m_languages << *language;
    }
    return registry;
}

const Language *LanguageRegistry::find(const QString &id) const
{
    for (const Language &l : m_languages) {
        if (l.id == id)
            return &l;
    }
    return nullptr;
}

const Language *LanguageRegistry::forFileName(const QString &fileName) const
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix.isEmpty())
        return nullptr;
    for (const Language &l : m_languages) {
        if (l.extensions.contains(suffix))
            return &l;
    }
    return nullptr;
}

} // namespace Sandpit::Core
