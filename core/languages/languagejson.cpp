#include "languages/languagejson.h"

#include "model/diagnosticparser.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>

namespace Sandpit::Core {

namespace {

struct LimitKey {
    const char *key;
    double scale; // to the Limits field's unit
    double max;
    std::optional<qint64> LimitOverrides::*wide;
    std::optional<int> LimitOverrides::*narrow;
};

constexpr LimitKey kLimitKeys[] = {
    {"timeout_sec", 1000, 86400, &LimitOverrides::wallTimeMs, nullptr},
    {"cpu_sec", 1000, 86400, &LimitOverrides::cpuTimeMs, nullptr},
    {"memory_mb", 1024.0 * 1024, 1024 * 1024, &LimitOverrides::memoryBytes, nullptr},
    {"output_kb", 1024, 1024 * 1024, &LimitOverrides::outputBytes, nullptr},
    {"file_size_mb", 1024.0 * 1024, 1024 * 1024, &LimitOverrides::fileSizeBytes, nullptr},
    {"processes", 1, 100000, nullptr, &LimitOverrides::processes},
    {"open_files", 1, 100000, nullptr, &LimitOverrides::openFiles},
};

const QStringList kLanguageKeys{
    QStringLiteral("id"),          QStringLiteral("name"),         QStringLiteral("extensions"),
    QStringLiteral("lexer"),       QStringLiteral("install"),      QStringLiteral("compile"),
    QStringLiteral("run"),         QStringLiteral("env"),          QStringLiteral("docker_image"),
    QStringLiteral("template"),    QStringLiteral("default_file"), QStringLiteral("support"),
    QStringLiteral("diagnostics"), QStringLiteral("line_comment"), QStringLiteral("indent_width"),
    QStringLiteral("repl"),
};
const QStringList kReplKeys{QStringLiteral("command"), QStringLiteral("with_file")};
const QStringList kStepKeys{QStringLiteral("toolchain"), QStringLiteral("command"), QStringLiteral("limits")};

// Reads the keys of one language, remembering the first problem with its place.
class Reader
{
public:
    explicit Reader(QString where)
        : m_where(std::move(where))
    {
    }

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

    void fail(const QString &what)
    {
        if (m_error.isEmpty())
            m_error = m_where + QLatin1Char(' ') + what;
    }

    void checkKeys(const QJsonObject &object, const QStringList &known, const QString &prefix = {})
    {
        for (const QString &key : object.keys()) {
            if (!known.contains(key))
                fail(QStringLiteral("has an unknown key \"%1%2\" (known: %3)")
                         .arg(prefix, key, known.join(QStringLiteral(", "))));
        }
    }

    QString string(const QJsonObject &object, const QString &key, const QString &fallback = {})
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return fallback;
        if (!value.isString())
            fail(QStringLiteral("has \"%1\" that is not a string").arg(key));
        return value.toString();
    }

    QStringList strings(const QJsonObject &object, const QString &key, const QString &shownKey)
    {
        const QJsonValue value = object.value(key);
        QStringList out;
        if (value.isUndefined())
            return out;
        if (!value.isArray())
            fail(QStringLiteral("has \"%1\" that is not an array of strings").arg(shownKey));
        for (const QJsonValue &v : value.toArray()) {
            if (!v.isString())
                fail(QStringLiteral("has \"%1\" that is not an array of strings").arg(shownKey));
            out << v.toString();
        }
        return out;
    }

    LimitOverrides limits(const QJsonObject &object, const QString &prefix)
    {
        LimitOverrides out;
        QStringList known;
        for (const LimitKey &k : kLimitKeys)
            known << QLatin1String(k.key);
        checkKeys(object, known, prefix);
        for (const LimitKey &k : kLimitKeys) {
            const QJsonValue value = object.value(QLatin1String(k.key));
            if (value.isUndefined())
                continue;
            const double number = value.toDouble(-1);
            if (!value.isDouble() || !std::isfinite(number) || number <= 0 || number > k.max) {
                fail(QStringLiteral("has \"%1%2\" that is not a number above 0 and at most %3")
                         .arg(prefix, QLatin1String(k.key))
                         .arg(k.max));
                continue;
            }
            const qint64 scaled = std::max<qint64>(1, std::llround(number * k.scale));
            if (k.wide)
                out.*k.wide = scaled;
            else
                out.*k.narrow = int(scaled);
        }
        return out;
    }

    LanguageStep step(const QJsonObject &object, const QString &name)
    {
        LanguageStep step;
        const QString prefix = name + QLatin1Char('.');
        checkKeys(object, kStepKeys, prefix);
        step.toolchain = strings(object, QStringLiteral("toolchain"), prefix + QStringLiteral("toolchain"));
        step.command = strings(object, QStringLiteral("command"), prefix + QStringLiteral("command"));
        const QJsonValue limits = object.value(QLatin1String("limits"));
        if (!limits.isUndefined() && !limits.isObject())
            fail(QStringLiteral("has \"%1limits\" that is not an object").arg(prefix));
        step.limits = this->limits(limits.toObject(), prefix + QStringLiteral("limits."));
        if (step.command.isEmpty())
            fail(QStringLiteral("has a \"%1\" step without a \"command\"").arg(name));
        const bool usesToolchain = step.command.join(QLatin1Char(' ')).contains(QLatin1String("{toolchain}"));
        if (usesToolchain && step.toolchain.isEmpty())
            fail(QStringLiteral("uses {toolchain} in \"%1.command\" but has no \"%1.toolchain\" candidates").arg(name));
        return step;
    }

    std::optional<LanguageStep> optionalStep(const QJsonObject &language, const QString &name)
    {
        const QJsonValue value = language.value(name);
        if (value.isUndefined() || value.isNull())
            return std::nullopt;
        if (!value.isObject()) {
            fail(QStringLiteral("has \"%1\" that is not an object").arg(name));
            return std::nullopt;
        }
        return step(value.toObject(), name);
    }

    // "repl": {"command": [...], "with_file": [... "{entry}" ...]}. Only {entry} is filled in,
    // and only in with_file: the REPL's program is found by name, not as a toolchain.
    std::optional<LanguageRepl> repl(const QJsonObject &language)
    {
        const QJsonValue value = language.value(QLatin1String("repl"));
        if (value.isUndefined() || value.isNull())
            return std::nullopt;
        if (!value.isObject()) {
            fail(QStringLiteral("has \"repl\" that is not an object"));
            return std::nullopt;
        }
        const QJsonObject object = value.toObject();
        checkKeys(object, kReplKeys, QStringLiteral("repl."));
        LanguageRepl repl;
        repl.command = strings(object, QStringLiteral("command"), QStringLiteral("repl.command"));
        repl.withFile = strings(object, QStringLiteral("with_file"), QStringLiteral("repl.with_file"));
        // A placeholder is a lower-case word in braces; other braces are the REPL's own code.
        static const QRegularExpression placeholder(QStringLiteral("\\{[a-z_]+\\}"));
        const QString command = repl.command.join(QLatin1Char(' '));
        const QString withFile = repl.withFile.join(QLatin1Char(' '));
        if (repl.command.isEmpty() || repl.command.first().isEmpty() || command.contains(placeholder))
            fail(
                QStringLiteral("has a \"repl.command\" that is not a program and its arguments, without placeholders"));
        if (repl.withFile.isEmpty() || repl.withFile.first().isEmpty() || !withFile.contains(QLatin1String("{entry}"))
            || QString(withFile).remove(QLatin1String("{entry}")).contains(placeholder))
            fail(
                QStringLiteral("has a \"repl.with_file\" that does not run {entry} (the only placeholder it may use)"));
        return repl;
    }

private:
    QString m_where;
    QString m_error;
};

} // namespace

std::expected<Language, QString> parseLanguage(const QJsonObject &o)
{
    Language l;
    l.id = o.value(QLatin1String("id")).toString();
    Reader read(QStringLiteral("the language \"%1\"").arg(l.id));
    read.checkKeys(o, kLanguageKeys);
    l.name = read.string(o, QStringLiteral("name"), l.id);
    for (const QString &ext : read.strings(o, QStringLiteral("extensions"), QStringLiteral("extensions")))
        l.extensions << ext.toLower();
    l.lexer = read.string(o, QStringLiteral("lexer"));
    l.installHint = read.string(o, QStringLiteral("install"));
    l.lineComment = read.string(o, QStringLiteral("line_comment"));
    if (l.lineComment.contains(QLatin1Char('\n')) || l.lineComment != l.lineComment.trimmed())
        read.fail(QStringLiteral("has a \"line_comment\" with spaces or a line break"));
    const QJsonValue indent = o.value(QLatin1String("indent_width"));
    if (!indent.isUndefined()) {
        l.indentWidth = indent.toInt(0);
        if (!indent.isDouble() || indent.toDouble() != l.indentWidth || l.indentWidth < 1 || l.indentWidth > 16)
            read.fail(QStringLiteral("has an \"indent_width\" that is not a whole number from 1 to 16"));
    }
    l.compile = read.optionalStep(o, QStringLiteral("compile"));
    if (auto run = read.optionalStep(o, QStringLiteral("run")))
        l.run = *run;
    const QJsonValue env = o.value(QLatin1String("env"));
    if (!env.isUndefined() && !env.isObject())
        read.fail(QStringLiteral("has \"env\" that is not an object"));
    const QJsonObject envObject = env.toObject();
    for (auto it = envObject.begin(); it != envObject.end(); ++it) {
        if (!it.value().isString() || it.key().isEmpty() || it.key().contains(QLatin1Char('=')))
            read.fail(QStringLiteral("has \"env.%1\" that is not a variable name with a string value").arg(it.key()));
        l.environment.insert(it.key(), it.value().toString());
    }
    l.dockerImage = read.string(o, QStringLiteral("docker_image"));
    l.templateCode = read.string(o, QStringLiteral("template"));
    l.defaultFileName = read.string(o, QStringLiteral("default_file"));
    if (l.defaultFileName.isEmpty() && !l.extensions.isEmpty())
        l.defaultFileName = QStringLiteral("main.") + l.extensions.first();
    if (!l.defaultFileName.isEmpty()
        && (l.defaultFileName.contains(QLatin1Char('/')) || l.defaultFileName.startsWith(QLatin1Char('.'))))
        read.fail(QStringLiteral("has a \"default_file\" that is not a plain file name"));
    l.supportFiles = read.strings(o, QStringLiteral("support"), QStringLiteral("support"));
    for (const QString &name : std::as_const(l.supportFiles)) {
        if (name.contains(QLatin1Char('/')) || !QFile::exists(QStringLiteral(":/sandpit/languages/support/") + name))
            read.fail(QStringLiteral("names a support file \"%1\" that Sandpit does not have").arg(name));
    }
    l.diagnosticFormats = read.strings(o, QStringLiteral("diagnostics"), QStringLiteral("diagnostics"));
    for (const QString &format : std::as_const(l.diagnosticFormats)) {
        if (!DiagnosticParser::knownFormats().contains(format)) {
            read.fail(QStringLiteral("names a \"diagnostics\" format \"%1\" that Sandpit cannot read (known: %2)")
                          .arg(format, DiagnosticParser::knownFormats().join(QStringLiteral(", "))));
        }
    }
    l.repl = read.repl(o);
    if (l.compile && !l.canRun())
        read.fail(QStringLiteral("has a \"compile\" step but no \"run\" step"));
    if (!l.compile && l.run.command.join(QLatin1Char(' ')).contains(QLatin1String("{binary}")))
        read.fail(QStringLiteral("runs {binary} but has no \"compile\" step to build it"));
    if (read.failed())
        return std::unexpected(read.error());
    return l;
}

} // namespace Sandpit::Core
