#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringView>

namespace Sandpit::Ui {

/// Turns one output stream's chunks of UTF-8 into text. It keeps state between chunks, so a
/// sequence split across two reads still decodes as one character.
class OutputDecoder final
{
public:
    /// Invalid UTF-8 becomes U+FFFD. Control characters pass through: AnsiParser deals with
    /// them. The text lives in a buffer reused by the next call: a flood of output decodes
    /// without allocating megabytes a chunk.
    QStringView decode(QByteArrayView bytes);
    /// The end of the stream: U+FFFD if it stopped inside a UTF-8 sequence, else nothing.
    QString finish();
    /// Forgets an unfinished sequence (the buffer stays: a new decoder releases it).
    void reset();

private:
    QByteArray m_carry; // the start of a UTF-8 sequence whose remaining bytes are still to come
    QString m_text;
};

} // namespace Sandpit::Ui
