#include "outputdecoder.h"

#include <QStringDecoder>

namespace Sandpit::Ui {

namespace {
constexpr char16_t kControlPictures = 0x2400;
constexpr char16_t kDeletePicture = 0x2421;

/// How many bytes at the end of `data` begin a UTF-8 sequence that is not complete yet.
qsizetype incompleteTail(QByteArrayView data)
{
    const qsizetype size = data.size();
    for (qsizetype back = 1; back <= 3 && back <= size; ++back) {
        const auto byte = static_cast<unsigned char>(data[size - back]);
        if ((byte & 0xC0) == 0x80)
            continue; // a continuation byte: the lead is further back
        const int length = byte >= 0xC2 && byte <= 0xDF ? 2 : byte >= 0xE0 && byte <= 0xEF ? 3
                         : byte >= 0xF0 && byte <= 0xF4                                 ? 4
                                                                                         : 0;
        return length > back ? back : 0;
    }
    return 0;
}

QString decodeComplete(QByteArrayView data)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    return decoder.decode(data);
}
} // namespace

QString OutputDecoder::decode(QByteArrayView bytes)
{
    // Qt 6.4's stateful QStringDecoder swallows the byte that follows a sequence left
    // unfinished at the end of the previous chunk ("\xe2\x82" then "AB" gives "\uFFFDB"), so the
    // unfinished tail is carried here and every decode sees only whole sequences.
    QByteArray data = m_carry + bytes.toByteArray();
    const qsizetype tail = incompleteTail(data);
    m_carry = data.right(tail);
    data.chop(tail);
    return clean(decodeComplete(data));
}

QString OutputDecoder::finish()
{
    const QString rest = clean(decodeComplete(m_carry));
    reset();
    return rest;
}

void OutputDecoder::reset()
{
    m_carry.clear();
    m_afterCr = false;
}

QString OutputDecoder::clean(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text) {
        const char16_t u = ch.unicode();
        if (u == u'\n') {
            if (!m_afterCr)
                out += ch;
            m_afterCr = false;
            continue;
        }
        m_afterCr = false;
        if (u == u'\r') {
            // Progress bars redraw a line with CR; a text pane cannot, so each redraw gets a line.
            out += QLatin1Char('\n');
            m_afterCr = true;
        } else if (u == u'\t') {
            out += ch;
        } else if (u < 0x20) {
            out += QChar(char16_t(kControlPictures + u));
        } else if (u == 0x7f) {
            out += QChar(kDeletePicture);
        } else {
            out += ch;
        }
    }
    return out;
}

} // namespace Sandpit::Ui
