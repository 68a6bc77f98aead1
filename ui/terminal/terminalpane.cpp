#include "terminal/terminalpane.h"

#include "model/killdetail.h"
#include "run/runmessage.h"
#include "terminal/terminalview.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

TerminalPane::TerminalPane(QWidget *parent)
    : QWidget(parent)
    , m_view(new TerminalView(this))
    , m_endBar(new QWidget(this))
    , m_endText(new QLabel(m_endBar))
    , m_restart(new QPushButton(QStringLiteral("Open REPL"), m_endBar))
{
    m_view->setObjectName(QStringLiteral("terminalView"));
    m_endBar->setObjectName(QStringLiteral("terminalEndBar"));
    m_endText->setObjectName(QStringLiteral("terminalStatus"));
    m_restart->setObjectName(QStringLiteral("terminalRestartButton"));
    m_endText->setWordWrap(true);
    m_endText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *barLayout = new QHBoxLayout(m_endBar);
    barLayout->setContentsMargins(6, 4, 6, 4);
    barLayout->addWidget(m_endText, 1);
    barLayout->addWidget(m_restart);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_endBar);
    m_view->installEventFilter(this);
    connect(m_restart, &QPushButton::clicked, this, &TerminalPane::restartRequested);
    connect(m_view, &TerminalView::inputTyped, this, [this](const QByteArray &bytes) {
        if (m_running)
            Q_EMIT inputTyped(bytes);
    });
    connect(m_view, &TerminalView::sizeChanged, this, &TerminalPane::sizeChanged);
    showEnded(QStringLiteral("Run › Open REPL starts the language's REPL here, in the sandbox: type code and see "
                             "its result at once."));
}

QString TerminalPane::statusText() const
{
    return m_endBar->isHidden() ? QString() : m_endText->text();
}

void TerminalPane::showStarting(const QString &description)
{
    m_view->clearAll();
    m_running = true;
    m_started = true;
    m_endBar->hide();
    m_view->setCursorShown(true);
    m_view->setToolTip(description);
    // What started, on the first line as Thonny's "%Run main.py" says it, in italics: the
    // pane's own words, not the program's.
    m_view->appendOutput("\x1b[3m" + description.toUtf8() + "\x1b[0m\r\n");
    m_view->setFocus(Qt::OtherFocusReason);
}

void TerminalPane::appendOutput(const QByteArray &bytes)
{
    m_view->appendOutput(bytes);
}

void TerminalPane::showFinished(const Core::RunResult &result)
{
    m_running = false;
    // Ended by the learner (exit(), Ctrl+D) is no news; a limit or a crash is said as the Run
    // pane says it: "Stopped: memory limit" and the sentence why.
    const bool byItself = result.killReason == Core::KillReason::None && result.exitCode.value_or(0) == 0;
    showEnded(byItself ? QStringLiteral("The REPL ended.") : runMessage(result));
}

void TerminalPane::showError(const Core::RunError &error)
{
    m_running = false;
    showEnded(error.message);
}

void TerminalPane::setReplAvailable(bool available, const QString &why)
{
    m_restart->setEnabled(available);
    m_restart->setToolTip(available ? QString() : why);
}

void TerminalPane::showEnded(const QString &text)
{
    m_endText->setText(text);
    m_view->setCursorShown(false);
    m_restart->setText(m_started ? QStringLiteral("New REPL") : QStringLiteral("Open REPL"));
    m_endBar->show();
}

bool TerminalPane::eventFilter(QObject *watched, QEvent *event)
{
    // Enter in a terminal whose REPL ended starts a new one, as a terminal's "press Enter"
    // would: the learner's hands stay on the keys.
    if (watched == m_view && event->type() == QEvent::KeyPress && !m_running && m_restart->isEnabled()) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            Q_EMIT restartRequested();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Sandpit::Ui
