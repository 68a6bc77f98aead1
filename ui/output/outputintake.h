#pragma once

#include "output/ansiparser.h"
#include "output/outputdecoder.h"
#include "output/outputkind.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Sandpit::Ui {

class OutputBuffer;

/// What the pane was given and has not read yet, in order: the program's chunks as received
/// and the pane's own text (echoed input, notes). It is read into an OutputBuffer a slice at
/// a time, so a flood never holds the event loop for long, and lines that newer ones will
/// push out of the pane are skipped unread. Each stream keeps its own decoder and parser.
class OutputIntake final
{
public:
    /// Program output (OutputKind::Stdout or Stderr), as received.
    void addOutput(OutputKind kind, const QByteArray &bytes);
    /// Text of the pane's own; with `ownLine`, it starts on a line of its own.
    void addText(OutputKind kind, const QString &text, bool ownLine);
    /// The streams have ended: a UTF-8 sequence left unfinished shows as U+FFFD.
    void addEnd();

    bool isEmpty() const { return m_entries.isEmpty(); }
    /// Lines that wait unread (counted low: a folded line counts once).
    qsizetype newlines() const { return m_newlines; }
    /// Reads about `bytes` bytes of what waits into `buffer`, after skipping the lines older
    /// than its newest `maxLines` (the buffer's waiting lines among them).
    void readInto(OutputBuffer &buffer, qsizetype maxLines, qsizetype bytes);
    void clear();

private:
    enum class Type : quint8 { Output, Text, OwnLine, End };
    struct Entry {
        Type type;
        OutputKind kind;
        QByteArray bytes; // Output
        QString text;     // Text and OwnLine
        qsizetype offset = 0;
        qsizetype newlines = 0;
    };
    struct Stream {
        OutputDecoder decoder;
        AnsiParser parser;
    };

    void add(Entry entry);
    void skip(OutputBuffer &buffer, qsizetype maxLines);
    void skipBytes(Stream &stream, QByteArrayView bytes);
    void read(Entry &entry, OutputBuffer &buffer, qsizetype budget);
    Stream &stream(OutputKind kind) { return kind == OutputKind::Stderr ? m_stderr : m_stdout; }

    QList<Entry> m_entries;
    qsizetype m_newlines = 0; // in all entries, unread
    Stream m_stdout;
    Stream m_stderr;
};

} // namespace Sandpit::Ui
