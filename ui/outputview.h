#pragma once

#include <QList>
#include <QPlainTextEdit>
#include <QTextCharFormat>
#include <QTimer>

namespace Sandpit::Ui {

/// The read-only text of a run's output. Bounded so no program can freeze the window: appends
/// are batched on a short timer, the document keeps at most kMaxLines lines, and very long
/// lines are folded.
class OutputView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    enum class Kind { Stdout, Stderr, Input, Note, Error };

    static constexpr int kMaxLines = 5000;
    static constexpr int kFoldColumns = 4000;
    static constexpr int kFlushIntervalMs = 30;
    /// Text waiting for the next flush; beyond this the oldest waiting text is dropped.
    static constexpr qsizetype kMaxPendingChars = 4 * 1024 * 1024;

    explicit OutputView(QWidget *parent = nullptr);

    void append(Kind kind, const QString &text);
    /// Appends `text` as a line of its own, ending an unfinished line first.
    void appendLine(Kind kind, const QString &text);
    void clearAll();
    /// Writes the waiting text now instead of at the next timer tick.
    void flush();
    bool hasDroppedLines() const { return m_dropped; }

Q_SIGNALS:
    void linesDropped();

private:
    struct Segment {
        Kind kind;
        QString text;
    };

    QString fold(const QString &text);
    void markDropped();
    const QTextCharFormat &format(Kind kind) const;

    QList<Segment> m_pending;
    qsizetype m_pendingChars = 0;
    QTimer m_flushTimer;
    int m_column = 0; // characters since the last newline, counting text still pending
    bool m_dropped = false;
    QTextCharFormat m_formats[5];
};

} // namespace Sandpit::Ui
