#pragma once

#include <QProcessEnvironment>
#include <QString>

#include <expected>
#include <optional>

class QSettings;

namespace Sandpit::Ui {

/// The output pane's configuration: the setting output/max_lines, overridden by the
/// environment variable SANDPIT_OUTPUT_MAX_LINES, as EngineSettings does for the engine.
struct OutputSettings {
    /// Enough to scroll back through a long traceback or a table; a text document of this
    /// many ordinary lines takes a few MB and scrolls smoothly.
    static constexpr int kDefaultMaxLines = 10'000;
    static constexpr int kFewestLines = 100;
    /// Each line kept costs memory for as long as the pane shows it; Save output… keeps more.
    static constexpr int kMostLines = 100'000;

    int maxLines = kDefaultMaxLines;

    /// A bad value is an error that names the setting or variable, the value and what is
    /// expected; nothing is silently replaced.
    static std::expected<OutputSettings, QString> load(const QSettings &settings,
                                                       const QProcessEnvironment &environment);
    /// Why `text` is no good for output/max_lines, in the words load() puts after the
    /// setting's name; nothing when it is good (see Core::EngineSettings::problemWith).
    static std::optional<QString> problemWith(const QString &key, const QString &text);
};

} // namespace Sandpit::Ui
