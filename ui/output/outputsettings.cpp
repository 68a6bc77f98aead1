#include "output/outputsettings.h"

#include <QSettings>

namespace Sandpit::Ui {

namespace {
const auto kKey = QStringLiteral("output/max_lines");

// The words after the setting's name, shared by load() and the settings dialog.
std::expected<int, QString> parseLines(const QString &text)
{
    bool ok = false;
    const int lines = text.trimmed().toInt(&ok);
    if (!ok || lines < OutputSettings::kFewestLines || lines > OutputSettings::kMostLines) {
        return std::unexpected(QStringLiteral("must be a whole number of lines between %1 and %2, but it is \"%3\".")
                                   .arg(OutputSettings::kFewestLines)
                                   .arg(OutputSettings::kMostLines)
                                   .arg(text));
    }
    return lines;
}
} // namespace

std::optional<QString> OutputSettings::problemWith(const QString &key, const QString &text)
{
    if (key != kKey)
        return std::nullopt;
    const auto lines = parseLines(text);
    return lines ? std::nullopt : std::optional<QString>(lines.error());
}

std::expected<OutputSettings, QString> OutputSettings::load(const QSettings &settings,
                                                            const QProcessEnvironment &environment)
{
    const QString variable = QStringLiteral("SANDPIT_OUTPUT_MAX_LINES");
    OutputSettings out;
    QString text;
    QString origin;
    if (environment.contains(variable)) {
        text = environment.value(variable);
        origin = QStringLiteral("The environment variable %1").arg(variable);
    } else if (settings.contains(kKey)) {
        text = settings.value(kKey).toString();
        origin = QStringLiteral("The setting %1 (in %2)").arg(kKey, settings.fileName());
    } else {
        return out;
    }
    const auto lines = parseLines(text);
    if (!lines)
        return std::unexpected(origin + QLatin1Char(' ') + lines.error());
    out.maxLines = *lines;
    return out;
}

} // namespace Sandpit::Ui
