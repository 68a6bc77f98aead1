#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Sandpit::Ui {

/// Turns one output stream's chunks of UTF-8 into text. It keeps state between chunks, so a
/// sequence split across two reads still decodes as one character.
class OutputDecoder final
{
public:
    /// Invalid UTF-8 becomes U+FFFD. Control characters pass through: AnsiParser deals with them.
    QString decode(QByteArrayView bytes);
    /// The end of the stream: U+FFFD if it stopped inside a UTF-8 sequence, else nothing.
    QString finish();
    void reset();

private:
    QByteArray m_carry; // the start of a UTF-8 sequence whose remaining bytes are still to come
};

} // namespace Sandpit::Ui
