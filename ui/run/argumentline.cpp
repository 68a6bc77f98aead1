#include "run/argumentline.h"

#include <algorithm>
#include <utility>

namespace Sandpit::Ui {

QStringList splitArgumentLine(const QString &line)
{
    QStringList words;
    QString word;
    bool inWord = false; // a word has begun, even an empty one ("")
    QChar quote;         // the quote we are inside, or null
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == QLatin1Char('\\') && quote != QLatin1Char('\'') && i + 1 < line.size()) {
            word += line.at(++i);
            inWord = true;
        } else if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else
                word += c;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            inWord = true;
        } else if (c.isSpace()) {
            if (inWord)
                words << std::exchange(word, QString());
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

QString joinArgumentLine(const QStringList &arguments)
{
    QStringList quoted;
    for (const QString &argument : arguments) {
        const bool plain = !argument.isEmpty() && std::none_of(argument.cbegin(), argument.cend(), [](QChar c) {
            return c.isSpace() || c == QLatin1Char('"') || c == QLatin1Char('\'') || c == QLatin1Char('\\');
        });
        if (plain) {
            quoted << argument;
            continue;
        }
        QString escaped = argument;
        escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + escaped + QLatin1Char('"');
    }
    return quoted.join(QLatin1Char(' '));
}

} // namespace Sandpit::Ui
