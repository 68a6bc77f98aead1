#include "output/outputintake.h"

#include "output/outputbuffer.h"
#include "output/styleformats.h"

namespace Sandpit::Ui {

namespace {
/// Reads escape sequences for the style they leave, and nothing else.
class StyleOnlySink final : public AnsiParser::Sink
{
public:
    void text(QStringView, const TextStyle &) override { }
    void control(AnsiParser::Control, int) override { }
};

/// Just after the `count`-th newline of `bytes`.
qsizetype afterNewlines(QByteArrayView bytes, qsizetype count)
{
    qsizetype position = 0;
    for (qsizetype i = 0; i < count; ++i)
        position = bytes.indexOf('\n', position) + 1;
    return position;
}
} // namespace

void OutputIntake::addOutput(OutputKind kind, const QByteArray &bytes)
{
    if (!bytes.isEmpty())
        add({Type::Output, kind, bytes, {}, 0, QByteArrayView(bytes).count('\n')});
}

void OutputIntake::addText(OutputKind kind, const QString &text, bool ownLine)
{
    // Newlines are counted low where unsure (an own line may end nothing): skipping counts on
    // them, and must never skip a line that the pane would still show.
    if (ownLine)
        add({Type::OwnLine, kind, {}, {}, 0, 0});
    if (!text.isEmpty())
        add({Type::Text, kind, {}, text, 0, text.count(QLatin1Char('\n'))});
}

void OutputIntake::addEnd()
{
    add({Type::End, OutputKind::Stdout, {}, {}, 0, 0});
}

void OutputIntake::add(Entry entry)
{
    m_newlines += entry.newlines;
    m_entries.append(std::move(entry));
}

void OutputIntake::clear()
{
    m_entries.clear();
    m_newlines = 0;
    // New decoders, too: a flood's decoding buffer is not kept for the next run.
    m_stdout = {};
    m_stderr = {};
}

void OutputIntake::readInto(OutputBuffer &buffer, qsizetype maxLines, qsizetype bytes)
{
    skip(buffer, maxLines);
    while (bytes > 0 && !m_entries.isEmpty()) {
        Entry &entry = m_entries.first();
        const qsizetype before = entry.type == Type::Output ? entry.offset : 0;
        read(entry, buffer, bytes);
        if (entry.type == Type::Output) {
            bytes -= entry.offset - before;
            if (entry.offset < entry.bytes.size())
                continue;
        } else {
            bytes -= entry.text.size() + 1;
        }
        m_newlines -= entry.newlines;
        m_entries.removeFirst();
    }
}

void OutputIntake::read(Entry &entry, OutputBuffer &buffer, qsizetype budget)
{
    buffer.setStyleBase(StyleFormats::key(entry.kind));
    switch (entry.type) {
    case Type::Output: {
        Stream &s = stream(entry.kind);
        // A stateful decoder and parser: the slice may end anywhere.
        const QByteArrayView slice = QByteArrayView(entry.bytes)
                                         .sliced(entry.offset)
                                         .first(std::min(budget, entry.bytes.size() - entry.offset));
        const qsizetype newlines = slice.count('\n');
        s.parser.parse(s.decoder.decode(slice), buffer);
        entry.offset += slice.size();
        entry.newlines -= newlines;
        m_newlines -= newlines;
        return;
    }
    case Type::Text:
        buffer.appendPlain(entry.text, StyleFormats::key(entry.kind));
        return;
    case Type::OwnLine:
        buffer.endOpenLine();
        return;
    case Type::End:
        for (const OutputKind kind : {OutputKind::Stdout, OutputKind::Stderr}) {
            buffer.setStyleBase(StyleFormats::key(kind));
            stream(kind).parser.parse(stream(kind).decoder.finish(), buffer);
        }
        return;
    }
}

void OutputIntake::skip(OutputBuffer &buffer, qsizetype maxLines)
{
    // Every '\n' ends a line, so when more than maxLines of them wait, all that comes before
    // the newest maxLines would be pushed out of the pane unseen: it is not decoded or laid
    // out, and what the buffer holds goes too.
    qsizetype excess = m_newlines - maxLines;
    if (excess <= 0)
        return;
    qint64 skipped = 0;
    while (excess > 0 && !m_entries.isEmpty()) {
        Entry &entry = m_entries.first();
        if (entry.newlines > excess) {
            if (entry.type == Type::Output) { // the first lines of this chunk go
                const QByteArrayView rest = QByteArrayView(entry.bytes).sliced(entry.offset);
                const qsizetype end = afterNewlines(rest, excess);
                skipBytes(stream(entry.kind), rest.first(end));
                entry.offset += end;
                entry.newlines -= excess;
                m_newlines -= excess;
                skipped += excess;
            }
            break;
        }
        if (entry.type == Type::Output) {
            skipBytes(stream(entry.kind), QByteArrayView(entry.bytes).sliced(entry.offset));
        } else if (entry.type == Type::End) {
            m_stdout.decoder.reset();
            m_stderr.decoder.reset();
        }
        excess -= entry.newlines;
        skipped += entry.newlines;
        m_newlines -= entry.newlines;
        m_entries.removeFirst();
    }
    buffer.skipAll(skipped);
}

void OutputIntake::skipBytes(Stream &stream, QByteArrayView bytes)
{
    // Only escape sequences matter in skipped bytes, for the style they leave, and only from
    // the first ESC on (an ESC byte always starts a character; UTF-8 never uses it inside one).
    const qsizetype escape = stream.parser.isIdle() ? bytes.indexOf('\x1b') : 0;
    if (escape > 0)
        stream.decoder.reset();
    if (escape >= 0) {
        StyleOnlySink sink;
        stream.parser.parse(stream.decoder.decode(bytes.sliced(escape)), sink);
    }
    // What was skipped ends with a newline, unless it is a whole chunk: then the next chunk's
    // start finishes a skipped line, and an unfinished character in it is not wanted either.
    stream.decoder.reset();
}

} // namespace Sandpit::Ui
