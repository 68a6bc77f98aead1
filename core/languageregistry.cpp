#include "languageregistry.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace Sandpit::Core {

namespace {
QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString();
    return out;
}

std::expected<Language, QString> parseLanguage(const QJsonObject &o, int index)
{
    Language l;
    l.id = o.value(QLatin1String("id")).toString();
    l.name = o.value(QLatin1String("name")).toString(l.id);
    if (l.id.isEmpty())
        return std::unexpected(QStringLiteral("language %1 has no \"id\"").arg(index + 1));
    for (const QString &ext : stringList(o.value(QLatin1String("extensions"))))
        l.extensions << ext.toLower();
    l.lexer = o.value(QLatin1String("lexer")).toString();
    const QJsonObject toolchain = o.value(QLatin1String("toolchain")).toObject();
    l.toolchainCandidates = stringList(toolchain.value(QLatin1String("candidates")));
    l.installHint = toolchain.value(QLatin1String("install")).toString();
    l.runCommand = stringList(o.value(QLatin1String("run")));
    if (l.canRun() && l.toolchainCandidates.isEmpty())
        return std::unexpected(QStringLiteral("language \"%1\" has a run command but no toolchain candidates").arg(l.id));
    const QJsonObject env = o.value(QLatin1String("env")).toObject();
    for (auto it = env.begin(); it != env.end(); ++it)
        l.environment.insert(it.key(), it.value().toString());
    l.dockerImage = o.value(QLatin1String("docker_image")).toString();
    l.templateCode = o.value(QLatin1String("template")).toString();
    return l;
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

std::expected<LanguageRegistry, QString> LanguageRegistry::fromJson(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return std::unexpected(QStringLiteral("not valid JSON at offset %1: %2")
                                   .arg(parseError.offset)
                                   .arg(parseError.errorString()));
    const QJsonValue list = doc.object().value(QLatin1String("languages"));
    if (!list.isArray())
        return std::unexpected(QStringLiteral("expected an object with a \"languages\" array"));
    LanguageRegistry registry;
    const QJsonArray array = list.toArray();
    for (int i = 0; i < array.size(); ++i) {
        auto language = parseLanguage(array.at(i).toObject(), i);
        if (!language)
            return std::unexpected(language.error());
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
