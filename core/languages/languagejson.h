#pragma once

#include "languages/language.h"

#include <QJsonObject>
#include <QString>

#include <expected>

namespace Sandpit::Core {

/// One language object of a languages file (see resources/languages/languages.json and the
/// README). Strict: an unknown key or a value of the wrong type is an error that names the
/// language and the key, because a typo in a user's file must not pass silently.
std::expected<Language, QString> parseLanguage(const QJsonObject &object);

} // namespace Sandpit::Core
