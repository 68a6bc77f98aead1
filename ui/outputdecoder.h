#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Sandpit::Ui {

/// Turns one output stream's chunks into displayable text. It keeps state between chunks,
/// so a UTF-8 sequence split across two reads still decodes as one character.
class OutputDecoder final
{
public:
    /// Invalid UTF-8 becomes U+FFFD; control characters other than tab and newline become
    /// their visible Control Pictures (NUL shows as U+2400); CR LF and a lone CR become newlines.
    QString decode(QByteArrayView bytes);
    /// The end of the stream: U+FFFD if it stopped inside a UTF-8 sequence, else nothing.
    QString finish();
    void reset();

private:
    QString clean(const QString &text);

    QByteArray m_carry; // the start of a UTF-8 sequence whose remaining bytes are still to come
    bool m_afterCr = false;
};

} // namespace Sandpit::Ui
