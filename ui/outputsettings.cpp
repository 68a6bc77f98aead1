#include "outputsettings.h"

#include <QSettings>

namespace Sandpit::Ui {

std::expected<OutputSettings, QString> OutputSettings::load(const QSettings &settings,
                                                            const QProcessEnvironment &environment)
{
    const QString key = QStringLiteral("output/max_lines");
    const QString variable = QStringLiteral("SANDPIT_OUTPUT_MAX_LINES");
    OutputSettings out;
    QString text;
    QString origin;
    if (environment.contains(variable)) {
        text = environment.value(variable);
        origin = QStringLiteral("The environment variable %1").arg(variable);
    } else if (settings.contains(key)) {
        text = settings.value(key).toString();
        origin = QStringLiteral("The setting %1 (in %2)").arg(key, settings.fileName());
    } else {
        return out;
    }
    bool ok = false;
    const int lines = text.trimmed().toInt(&ok);
    if (!ok || lines < kFewestLines || lines > kMostLines) {
        return std::unexpected(QStringLiteral("%1 must be a whole number of lines between %2 and %3, but it is \"%4\".")
                                   .arg(origin)
                                   .arg(kFewestLines)
                                   .arg(kMostLines)
                                   .arg(text));
    }
    out.maxLines = lines;
    return out;
}

} // namespace Sandpit::Ui
