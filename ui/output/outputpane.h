#pragma once

#include "model/diagnosticparser.h"
#include "model/runerror.h"
#include "model/runresult.h"

#include <QWidget>

class QLabel;
class QToolButton;

namespace Sandpit::Ui {

class ImagePullBar;
class InputLine;
class OutputRecorder;
class OutputView;

/// A run's live output, stdout and stderr told apart, with an input line for the program's
/// stdin underneath. Passive: it shows what it is given and says what the user typed.
class OutputPane final : public QWidget
{
    Q_OBJECT
public:
    explicit OutputPane(QWidget *parent = nullptr);

    int maxLines() const;
    /// What the pane shows, including text still waiting for the next batch.
    QString plainText() const;
    /// Lines shown (including those waiting), not counting an empty last line.
    int lineCount() const;
    /// Whether lines were dropped, counting those that wait to be drawn.
    bool hasDroppedLines() const;
    /// True while received text waits to be drawn; false once the pane has caught up.
    bool hasPendingText() const;
    bool isInputEnabled() const;
    /// Bytes of output this run received (all of them, shown or not): what Save output… writes.
    qint64 recordedBytes() const;
    /// The banner that offers to pull a missing Docker image; showError() and clear() drive
    /// its visibility, the window connects its pull.
    ImagePullBar *imagePullBar() const { return m_pullBar; }
    /// Where the program's input is typed: the window moves the keys here during a run.
    QWidget *inputLine() const;

public Q_SLOTS:
    void clear();
    void appendOutput(Sandpit::Core::OutputStream stream, const QByteArray &bytes);
    void appendNote(const QString &text);
    void showFinished(const Sandpit::Core::RunResult &result);
    void showError(const Sandpit::Core::RunError &error);
    void setInputEnabled(bool enabled);
    /// How many lines the pane keeps (the setting output/max_lines); older lines are dropped.
    void setMaxLines(int lines);
    /// Until clear(), the lines that name a place in these sources (a traceback's frame, a
    /// compiler's error) are links to it: the run's own sources and diagnostic formats.
    void linkSources(const Sandpit::Core::DiagnosticParser &parser);
    /// Asks where to save everything the run printed (not just the lines still shown).
    void chooseSaveFile();
    /// Writes everything the run printed, stdout and stderr as received, to `path`, on a
    /// thread of its own; outputSaved or outputSaveFailed follows.
    void saveOutput(const QString &path);

Q_SIGNALS:
    /// Bytes for the program's stdin (a typed line with its "\n").
    void inputSubmitted(const QByteArray &bytes);
    void inputClosed();
    /// A link in the output was clicked: the learner wants to see this line of `file`.
    void placeActivated(const QString &file, int line, int column);
    void outputSaved(const QString &path, qint64 bytes);
    void outputSaveFailed(const QString &path, const QString &message);

private:
    void submitLine(const QString &text);
    void endInput(const QString &rest);
    void updateInputState();
    void showDropped(qint64 total);

    OutputView *m_view;
    QLabel *m_droppedNote;
    ImagePullBar *m_pullBar;
    QLabel *m_inputPrompt;
    InputLine *m_input;
    QToolButton *m_saveButton;
    OutputRecorder *m_recorder;
    QString m_saveFolder; // where the last save went, for the next one
    bool m_inputWanted = false;
    bool m_inputClosed = false;
};

} // namespace Sandpit::Ui
