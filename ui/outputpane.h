#pragma once

#include "outputdecoder.h"
#include "runerror.h"
#include "runresult.h"

#include <QWidget>

class QLabel;

namespace Sandpit::Ui {

class ImagePullBar;
class InputLine;
class OutputView;

/// A run's live output, stdout and stderr told apart, with an input line for the program's
/// stdin underneath. Passive: it shows what it is given and says what the user typed.
class OutputPane final : public QWidget
{
    Q_OBJECT
public:
    explicit OutputPane(QWidget *parent = nullptr);

    static int maxLines();
    /// What the pane shows, including text still waiting for the next batch.
    QString plainText() const;
    int lineCount() const;
    bool hasDroppedLines() const;
    bool isInputEnabled() const;
    /// The banner that offers to pull a missing Docker image; showError() and clear() drive
    /// its visibility, the window connects its pull.
    ImagePullBar *imagePullBar() const { return m_pullBar; }

public Q_SLOTS:
    void clear();
    void appendOutput(Sandpit::Core::OutputStream stream, const QByteArray &bytes);
    void appendNote(const QString &text);
    void showFinished(const Sandpit::Core::RunResult &result);
    void showError(const Sandpit::Core::RunError &error);
    void setInputEnabled(bool enabled);

Q_SIGNALS:
    /// Bytes for the program's stdin (a typed line with its "\n").
    void inputSubmitted(const QByteArray &bytes);
    void inputClosed();

private:
    void submitLine(const QString &text);
    void endInput(const QString &rest);
    void flushDecoders();
    void updateInputState();

    OutputView *m_view;
    QLabel *m_droppedNote;
    ImagePullBar *m_pullBar;
    QLabel *m_inputPrompt;
    InputLine *m_input;
    OutputDecoder m_stdout;
    OutputDecoder m_stderr;
    bool m_inputWanted = false;
    bool m_inputClosed = false;
};

} // namespace Sandpit::Ui
