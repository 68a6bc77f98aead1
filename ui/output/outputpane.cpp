#include "output/outputpane.h"

#include "model/killdetail.h"
#include "model/typeids.h"
#include "model/units.h"
#include "output/outputrecorder.h"
#include "output/outputview.h"
#include "run/imagepullbar.h"
#include "run/inputline.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

using Kind = OutputView::Kind;

OutputPane::OutputPane(QWidget *parent)
    : QWidget(parent)
    , m_view(new OutputView(this))
    , m_droppedNote(new QLabel(this))
    , m_pullBar(new ImagePullBar(this))
    , m_inputPrompt(new QLabel(QStringLiteral("stdin ›"), this))
    , m_input(new InputLine(this))
    , m_saveButton(new QToolButton(this))
    , m_recorder(new OutputRecorder(this))
{
    m_view->setObjectName(QStringLiteral("outputView"));
    m_input->setObjectName(QStringLiteral("inputLine"));
    m_droppedNote->setObjectName(QStringLiteral("droppedNote"));
    m_saveButton->setObjectName(QStringLiteral("saveOutputButton"));
    m_saveButton->setText(QStringLiteral("Save output…"));
    m_saveButton->setToolTip(QStringLiteral("Save everything the program printed to a file, including lines the pane "
                                            "no longer shows"));
    m_saveButton->setEnabled(false);
    m_droppedNote->setWordWrap(true);
    m_droppedNote->setStyleSheet(QStringLiteral("QLabel { background: #fff3cd; color: #5c4400; padding: 3px 6px; }"));
    m_droppedNote->hide();
    m_inputPrompt->setStyleSheet(QStringLiteral("QLabel { color: #1565c0; font-weight: bold; }"));

    auto *inputRow = new QHBoxLayout;
    inputRow->setContentsMargins(4, 2, 4, 4);
    inputRow->addWidget(m_inputPrompt);
    inputRow->addWidget(m_input, 1);
    inputRow->addWidget(m_saveButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_pullBar);
    layout->addWidget(m_droppedNote);
    layout->addWidget(m_view, 1);
    layout->addLayout(inputRow);

    connect(m_view, &OutputView::linesDropped, this, &OutputPane::showDropped);
    connect(m_view, &OutputView::placeActivated, this, &OutputPane::placeActivated);
    connect(m_input, &InputLine::lineEntered, this, &OutputPane::submitLine);
    connect(m_input, &InputLine::endOfInputRequested, this, &OutputPane::endInput);
    connect(m_saveButton, &QToolButton::clicked, this, &OutputPane::chooseSaveFile);
    connect(m_recorder, &OutputRecorder::saved, this, &OutputPane::outputSaved);
    connect(m_recorder, &OutputRecorder::saveFailed, this, &OutputPane::outputSaveFailed);
    updateInputState();
}

int OutputPane::maxLines() const
{
    return m_view->maxLines();
}

void OutputPane::setMaxLines(int lines)
{
    m_view->setMaxLines(lines);
}

void OutputPane::linkSources(const Core::DiagnosticParser &parser)
{
    m_view->setLinkedSources(parser);
}

QString OutputPane::plainText() const
{
    m_view->flush();
    return m_view->toPlainText();
}

int OutputPane::lineCount() const
{
    m_view->flush();
    const QTextDocument *document = m_view->document();
    return document->blockCount() - (document->lastBlock().length() <= 1 ? 1 : 0);
}

bool OutputPane::hasDroppedLines() const
{
    m_view->flush();
    return m_view->droppedLines() > 0;
}

bool OutputPane::hasPendingText() const
{
    return m_view->hasPendingText();
}

qint64 OutputPane::recordedBytes() const
{
    return m_recorder->recordedBytes();
}

QWidget *OutputPane::inputLine() const
{
    return m_input;
}

bool OutputPane::isInputEnabled() const
{
    return m_input->isEnabled();
}

void OutputPane::clear()
{
    m_view->clearAll();
    m_droppedNote->hide();
    m_pullBar->dismiss();
    m_recorder->restart();
    m_saveButton->setEnabled(false);
    m_input->discard(); // half an answer to the last run is no answer to this one
    m_inputClosed = false;
    updateInputState();
}

void OutputPane::appendOutput(Core::OutputStream stream, const QByteArray &bytes)
{
    m_recorder->record(bytes);
    m_saveButton->setEnabled(true);
    m_view->appendOutput(stream == Core::OutputStream::Stderr ? Kind::Stderr : Kind::Stdout, bytes);
}

void OutputPane::appendNote(const QString &text)
{
    m_view->appendLine(Kind::Note, text);
}

void OutputPane::showFinished(const Core::RunResult &result)
{
    m_view->endOutput();
    const QString summary = Core::resultHeadline(result);
    m_view->appendLine(Kind::Note, QStringLiteral("— %1 · %2 —").arg(summary, Core::formatDuration(result.wallMs)));
    // Never weaker than asked without saying so, where the learner is already looking.
    if (!result.notice.isEmpty())
        m_view->appendLine(Kind::Error, QStringLiteral("⚠ %1").arg(result.notice));
    if (result.isolation.level != Core::IsolationReport::Level::Full) {
        m_view->appendLine(Kind::Error,
                           QStringLiteral("⚠ This run was not fully isolated (%1): %2")
                               .arg(Core::isolationLevelId(result.isolation.level),
                                    result.isolation.details.value(0, QStringLiteral("no details"))));
    }
}

void OutputPane::showError(const Core::RunError &error)
{
    m_view->endOutput();
    m_view->appendLine(Kind::Error, error.message);
    m_pullBar->offerPull(error);
}

void OutputPane::setInputEnabled(bool enabled)
{
    m_inputWanted = enabled;
    updateInputState();
}

void OutputPane::submitLine(const QString &text)
{
    if (!m_input->isEnabled())
        return;
    m_view->append(Kind::Input, text + QLatin1Char('\n'));
    Q_EMIT inputSubmitted(text.toUtf8() + '\n');
}

void OutputPane::endInput(const QString &rest)
{
    if (!m_input->isEnabled())
        return;
    if (!rest.isEmpty()) {
        m_view->append(Kind::Input, rest);
        Q_EMIT inputSubmitted(rest.toUtf8());
    }
    m_view->appendLine(Kind::Note, QStringLiteral("(end of input)"));
    m_inputClosed = true;
    updateInputState();
    Q_EMIT inputClosed();
}

void OutputPane::chooseSaveFile()
{
    // Window-modal and non-blocking, like every dialog here: the event loop keeps turning.
    auto *dialog = new QFileDialog(this, QStringLiteral("Save output"),
                                   m_saveFolder.isEmpty() ? QDir::homePath() : m_saveFolder);
    dialog->setObjectName(QStringLiteral("saveOutputDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilters({QStringLiteral("Text files (*.txt *.log)"), QStringLiteral("All files (*)")});
    dialog->selectFile(QStringLiteral("output.txt"));
    connect(dialog, &QFileDialog::fileSelected, this, &OutputPane::saveOutput);
    dialog->open();
}

void OutputPane::saveOutput(const QString &path)
{
    m_saveFolder = QFileInfo(path).absolutePath();
    m_recorder->saveTo(path);
}

void OutputPane::showDropped(qint64 total)
{
    m_droppedNote->setText(
        QStringLiteral("%L1 older lines were dropped to keep Sandpit responsive: the pane keeps the "
                       "last %L2 lines at most. Save output… keeps all the output Sandpit received, up to the "
                       "run's output limit.")
            .arg(total)
            .arg(m_view->maxLines()));
    m_droppedNote->show();
}

void OutputPane::updateInputState()
{
    const bool enabled = m_inputWanted && !m_inputClosed;
    m_input->setEnabled(enabled);
    m_inputPrompt->setEnabled(enabled);
    if (enabled)
        m_input->setPlaceholderText(
            QStringLiteral("Type a line for the program and press Enter · Esc clears it · Ctrl+D ends the input"));
    else if (m_inputWanted)
        m_input->setPlaceholderText(QStringLiteral("The input is closed"));
    else
        m_input->setPlaceholderText(QStringLiteral("Input goes here while a program runs"));
}

} // namespace Sandpit::Ui
