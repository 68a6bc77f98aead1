#include "run/runpane.h"

#include "model/killdetail.h"
#include "model/units.h"
#include "run/runmessage.h"
#include "window/flatbutton.h"

#include <algorithm>

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
// Each status colour in two tones, for a light and a dark window: the light ones all but
// vanish on a dark theme's window (Ready's grey at 1.4:1).
const RunPane::Tone kNeutral{QColor(0x42, 0x42, 0x42), QColor(0xe0, 0xe0, 0xe0)};
const RunPane::Tone kBusy{QColor(0x15, 0x65, 0xc0), QColor(0x6c, 0xb6, 0xff)};
const RunPane::Tone kGood{QColor(0x2a, 0x70, 0x30), QColor(0x81, 0xc7, 0x84)};
const RunPane::Tone kWarning{QColor(0x8a, 0x53, 0x00), QColor(0xff, 0xb7, 0x4d)};
const RunPane::Tone kBad{QColor(0xc6, 0x28, 0x28), QColor(0xff, 0x8a, 0x80)};

QLabel *makeValue(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

// A run that ended by itself, but with an error the diagnostics parser found (a traceback).
bool hasError(const Core::RunResult &result)
{
    if (result.exitCode.value_or(0) == 0)
        return false;
    return std::any_of(result.diagnostics.cbegin(), result.diagnostics.cend(), [](const Core::Diagnostic &diagnostic) {
        return diagnostic.severity == Core::Diagnostic::Severity::Error;
    });
}

// A run that loops on a denied host would make thousands of lines; the first ones say what
// happened, and the JSON of `sandpit run --json` keeps every one.
constexpr int kShownAttempts = 200;

QString attemptLine(const Core::NetworkAttempt &attempt)
{
    if (attempt.port == 0) // the proxy's "N more attempts not listed"
        return attempt.host;
    return Core::AllowedDestination{attempt.host, attempt.port}.text()
        + (!attempt.allowed        ? QStringLiteral(" — denied")
               : attempt.reached() ? QStringLiteral(" — allowed")
               : attempt.pending   ? QStringLiteral(" — allowed, not connected yet when the run ended")
                                   : QStringLiteral(" — allowed, but could not connect: %1").arg(attempt.failure))
        + (attempt.install ? QStringLiteral(", package install") : QString());
}

QString isolationWord(Core::IsolationReport::Level level)
{
    switch (level) {
    case Core::IsolationReport::Level::Full:
        return QStringLiteral("Full");
    case Core::IsolationReport::Level::Partial:
        return QStringLiteral("Partial");
    case Core::IsolationReport::Level::None:
        break;
    }
    return QStringLiteral("None");
}
} // namespace

RunPane::RunPane(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_message(makeValue(this))
    , m_exit(makeValue(this))
    , m_time(makeValue(this))
    , m_memory(makeValue(this))
    , m_backend(makeValue(this))
    , m_isolation(makeValue(this))
    , m_networkLabel(new QLabel(QStringLiteral("Network:"), this))
    , m_network(makeValue(this))
    , m_detailsToggle(flatButton(QStringLiteral("runDetailsToggle"), QStringLiteral("Details"),
                                 QStringLiteral("Show the backend and the isolation of the run"), this))
    , m_facts(new QScrollArea(this))
{
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_message->setObjectName(QStringLiteral("runMessage"));
    m_backend->setObjectName(QStringLiteral("runBackend"));
    m_isolation->setObjectName(QStringLiteral("runIsolation"));
    m_network->setObjectName(QStringLiteral("runNetwork"));
    m_network->setTextFormat(Qt::RichText);
    QFont big = m_status->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_status->setFont(big);
    // A heading may be a sentence ("Stopped with an error") in a narrow pane, or projected.
    m_status->setWordWrap(true);

    // The sentences above, the facts below in a scroll area: however small the dock, what
    // happened is read whole (the pane asks for its height), and the facts scroll.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->addWidget(m_status);
    layout->addWidget(m_message);
    auto *facts = new QWidget;
    auto *form = new QFormLayout(facts);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    const auto addFact = [facts, form](const char *name, QLabel *value, QList<QWidget *> *widgets) {
        auto *label = new QLabel(QString::fromLatin1(name), facts);
        label->setForegroundRole(QPalette::PlaceholderText); // muted, in any theme
        form->addRow(label, value);
        if (widgets)
            *widgets << label << value;
    };
    addFact("Result:", m_exit, nullptr);
    addFact("Time:", m_time, nullptr);
    addFact("Memory:", m_memory, nullptr);
    // In view, not behind Details: a denied host is often why a program failed.
    m_networkLabel->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(m_networkLabel, m_network);
    showNetwork({});
    // Where and how isolated it ran matter once something looks wrong; the level is in view
    // anyway, as the indicator beside Run. So these two rows wait behind Details.
    m_detailsToggle->setCheckable(true);
    m_detailsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_detailsToggle->setArrowType(Qt::RightArrow);
    form->addRow(m_detailsToggle);
    addFact("Backend:", m_backend, &m_detailWidgets);
    addFact("Isolation:", m_isolation, &m_detailWidgets);
    for (QWidget *widget : std::as_const(m_detailWidgets))
        widget->setVisible(false);
    connect(m_detailsToggle, &QToolButton::toggled, this, [this](bool shown) {
        m_detailsToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        for (QWidget *widget : std::as_const(m_detailWidgets))
            widget->setVisible(shown);
        fitHeightToText();
    });
    m_facts->setObjectName(QStringLiteral("runFacts"));
    m_facts->setFrameShape(QFrame::NoFrame);
    m_facts->setWidgetResizable(true);
    m_facts->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_facts->setWidget(facts);
    layout->addWidget(m_facts, 1);

    m_elapsedTimer.setInterval(200);
    connect(&m_elapsedTimer, &QTimer::timeout, this, &RunPane::updateElapsed);
    showReady();
}

QString RunPane::statusText() const
{
    return m_status->text();
}
QString RunPane::messageText() const
{
    return m_message->text();
}
QString RunPane::exitText() const
{
    return m_exit->text();
}
QString RunPane::isolationText() const
{
    return m_isolation->text();
}
QString RunPane::networkText() const
{
    QStringList lines;
    for (const Core::NetworkAttempt &attempt : m_attempts)
        lines << attemptLine(attempt);
    return lines.join(QLatin1Char('\n'));
}
QColor RunPane::statusColour() const
{
    return m_statusColour;
}

void RunPane::showReady()
{
    m_elapsedTimer.stop();
    setStatus(QStringLiteral("Ready"), kNeutral);
    m_message->setText(QStringLiteral("Press Run (F5) to run the program in the sandbox."));
    setFactsVisible(false);
}

void RunPane::showRunning(const QString &what)
{
    QElapsedTimer now;
    now.start();
    showRunningSince(what, now);
}

void RunPane::showRunningSince(const QString &what, const QElapsedTimer &started)
{
    setStatus(QStringLiteral("Running…"), kBusy);
    m_message->setText(what);
    setFactsVisible(true);
    m_exit->setText(QStringLiteral("—"));
    m_memory->setText(QStringLiteral("—"));
    m_backend->setText(QStringLiteral("—"));
    m_isolation->setText(QStringLiteral("—"));
    m_isolation->setToolTip({});
    showNetwork({});
    m_elapsed = started;
    m_elapsedTimer.start();
    updateElapsed();
}

void RunPane::showResult(const Core::RunResult &result)
{
    m_elapsedTimer.stop();
    using Core::KillReason;
    const QString status = statusFor(result);
    if (result.stage != Core::RunStage::Run && result.killReason == KillReason::None)
        setStatus(status, kBad);
    else if (result.killReason == KillReason::None)
        setStatus(status, result.succeeded() ? kGood : result.exitCode == 0 || hasError(result) ? kBad : kWarning);
    else
        setStatus(status, result.killReason == KillReason::Signal ? kBad : kWarning);

    m_message->setText(runMessage(result));

    m_exit->setText(exitFor(result));
    m_time->setText(QStringLiteral("%1 wall · %2 CPU")
                        .arg(Core::formatDuration(result.wallMs), Core::formatDuration(result.cpuMs)));
    m_memory->setText(result.peakMemoryBytes > 0
                          ? QStringLiteral("%1 peak").arg(Core::formatBytes(result.peakMemoryBytes))
                          : QStringLiteral("—"));
    m_backend->setText(result.backend.isEmpty() ? QStringLiteral("—") : result.backend);
    m_isolation->setText(isolationWord(result.isolation.level));
    m_isolation->setToolTip(result.isolation.details.join(QLatin1Char('\n')));
    showNetwork(result.network);
    setFactsVisible(true);
}

void RunPane::showError(const Core::RunError &error)
{
    m_elapsedTimer.stop();
    setStatus(QStringLiteral("Could not run"), kBad);
    m_message->setText(error.message);
    setFactsVisible(false);
}

void RunPane::showRun(const LastRun &run)
{
    switch (run.kind) {
    case LastRun::Kind::None:
        showReady();
        return;
    case LastRun::Kind::Running:
        showRunningSince(run.description, run.started);
        return;
    case LastRun::Kind::Finished:
        showResult(run.result);
        return;
    case LastRun::Kind::Failed:
        showError(run.error);
        return;
    case LastRun::Kind::Replaced:
        m_elapsedTimer.stop();
        setStatus(QStringLiteral("Stopped"), kWarning);
        m_message->setText(QStringLiteral("%1 was stopped when another tab's program was run.").arg(run.description));
        setFactsVisible(false);
        return;
    }
}

QString RunPane::statusFor(const Core::RunResult &result)
{
    using Core::KillReason;
    if (result.stage == Core::RunStage::Compile && result.killReason == KillReason::None)
        return QStringLiteral("Did not compile");
    // The core's title for it ("Packages not installed"): the program did not run. The import
    // policy's: "Stopped by the import policy".
    if ((result.stage == Core::RunStage::Setup || result.stage == Core::RunStage::Policy)
        && result.killReason == KillReason::None)
        return Core::resultTitle(result);
    if (result.endedCleanly() && !result.succeeded())
        return QStringLiteral("Wrong answer");
    if (result.killReason == KillReason::None)
        return hasError(result) ? QStringLiteral("Stopped with an error") : QStringLiteral("Finished");
    return result.killReason == KillReason::Signal ? QStringLiteral("Crashed") : QStringLiteral("Stopped");
}

QString RunPane::exitFor(const Core::RunResult &result)
{
    if (result.exitCode)
        return QStringLiteral("exit code %1").arg(*result.exitCode);
    if (result.signal)
        return QStringLiteral("signal %1 (%2)").arg(Core::signalName(*result.signal)).arg(*result.signal);
    return QStringLiteral("—");
}

// Denied is said in words and marked with a cross, so it does not rest on the colour alone.
void RunPane::showNetwork(const QList<Core::NetworkAttempt> &attempts)
{
    m_attempts = attempts;
    m_networkLabel->setVisible(!attempts.isEmpty());
    m_network->setVisible(!attempts.isEmpty());
    const bool dark = palette().color(QPalette::Window).lightnessF() < 0.5;
    const QColor denied = dark ? kBad.onDark : kBad.onLight;
    QStringList lines;
    for (const Core::NetworkAttempt &attempt : attempts.first(std::min<qsizetype>(attempts.size(), kShownAttempts))) {
        const QString line = attemptLine(attempt).toHtmlEscaped();
        if (attempt.reached())
            lines << QStringLiteral("✓ %1").arg(line);
        else if (attempt.allowed)
            lines << QStringLiteral("⚠ %1").arg(line); // allowed, but not reached: the list did not stop it
        else
            lines << QStringLiteral("<span style=\"color:%1\"><b>✗ %2</b></span>").arg(denied.name(), line);
    }
    if (attempts.size() > kShownAttempts)
        lines << QStringLiteral("… %1 more (sandpit run --json lists them all)").arg(attempts.size() - kShownAttempts);
    m_network->setText(lines.join(QStringLiteral("<br>")));
}

void RunPane::setStatus(const QString &text, const Tone &tone)
{
    m_status->setText(text);
    m_tone = tone;
    paintStatus();
}

void RunPane::paintStatus()
{
    const QColor window = palette().color(QPalette::Window);
    m_statusColour = window.lightnessF() < 0.5 ? m_tone.onDark : m_tone.onLight;
    m_status->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(m_statusColour.name()));
}

void RunPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        paintStatus();
        showNetwork(m_attempts);
    }
    if (event->type() == QEvent::FontChange) // a zoom: the same sentences need more lines
        fitHeightToText();
    QWidget::changeEvent(event);
}

void RunPane::setFactsVisible(bool visible)
{
    m_facts->setVisible(visible);
    fitHeightToText();
}

void RunPane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitHeightToText();
}

void RunPane::fitHeightToText()
{
    // A dock gives its widget the height of its size hint, never the height its wrapped
    // sentences need at the width it has (QDockWidget's and QMainWindow's layouts ignore
    // heightForWidth), so they were squeezed and cut off. The pane asks for the sentences'
    // height itself, and the dock's splitter stops there; the facts below may scroll.
    const QMargins margins = layout()->contentsMargins();
    const int width = contentsRect().width() - margins.left() - margins.right();
    if (width <= 0)
        return;
    const int spacing = layout()->spacing();
    int needed = margins.top() + margins.bottom() + m_status->heightForWidth(width) + spacing
        + m_message->heightForWidth(width);
    // A line of the facts at least, so their scroll area is seen; no more, or a projected
    // window would grow past the screen.
    m_facts->setMinimumHeight(m_exit->sizeHint().height());
    if (m_facts->isVisibleTo(this))
        needed += spacing + m_facts->minimumHeight();
    if (needed != minimumHeight())
        setMinimumHeight(needed);
}

void RunPane::updateElapsed()
{
    m_time->setText(QStringLiteral("%1 so far").arg(Core::formatDuration(m_elapsed.elapsed())));
}

} // namespace Sandpit::Ui
