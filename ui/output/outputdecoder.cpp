#include "output/outputdecoder.h"

#include <QStringDecoder>

#include <utility>

namespace Sandpit::Ui {

namespace {
/// How many bytes at the end of `data` begin a UTF-8 sequence that is not complete yet.
qsizetype incompleteTail(QByteArrayView data)
{
    const qsizetype size = data.size();
    for (qsizetype back = 1; back <= 3 && back <= size; ++back) {
        const auto byte = static_cast<unsigned char>(data[size - back]);
        if ((byte & 0xC0) == 0x80)
            continue; // a continuation byte: the lead is further back
        const int length = byte >= 0xC2 && byte <= 0xDF ? 2
            : byte >= 0xE0 && byte <= 0xEF              ? 3
            : byte >= 0xF0 && byte <= 0xF4              ? 4
                                                        : 0;
        return length > back ? back : 0;
    }
    return 0;
}

/// Decodes `data`, which ends on a whole sequence, into `out`, reusing its capacity.
void decodeComplete(QByteArrayView data, QString &out)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    out.resize(decoder.requiredSpace(data.size()));
    const QChar *end = decoder.appendToBuffer(out.data(), data);
    out.resize(end - out.constData());
}
} // namespace

QStringView OutputDecoder::decode(QByteArrayView bytes)
{
    // Qt 6.4's stateful QStringDecoder swallows the byte that follows a sequence left
    // unfinished at the end of the previous chunk ("\xe2\x82" then "AB" gives "\uFFFDB"), so the
    // unfinished tail is carried here and every decode sees only whole sequences.
    QByteArray joined; // only when a sequence was split: most chunks are decoded in place
    QByteArrayView data = bytes;
    if (!m_carry.isEmpty()) {
        joined = std::exchange(m_carry, {}) + bytes.toByteArray();
        data = joined;
    }
    const qsizetype tail = incompleteTail(data);
    m_carry = data.last(tail).toByteArray();
    decodeComplete(data.chopped(tail), m_text);
    return m_text;
}

QString OutputDecoder::finish()
{
    // The carry is the start of one sequence (see incompleteTail), so it is one character lost.
    const bool cut = !m_carry.isEmpty();
    reset();
    return cut ? QString(QChar::ReplacementCharacter) : QString();
}

void OutputDecoder::reset()
{
    m_carry.clear();
}

} // namespace Sandpit::Ui
