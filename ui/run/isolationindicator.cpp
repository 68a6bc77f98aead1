#include "run/isolationindicator.h"

#include "model/typeids.h"

#include <QMouseEvent>

namespace Sandpit::Ui {

namespace {
const QString kClickHint = QStringLiteral("<p>Click for Help › Check This Computer.</p>");

QString list(const QStringList &items)
{
    if (items.isEmpty())
        return {};
    QString html = QStringLiteral("<ul style='margin-left: -20px'>");
    for (const QString &item : items)
        html += QStringLiteral("<li>%1</li>").arg(item);
    return html + QStringLiteral("</ul>");
}

// What the probe found, the missing protections first, each with its fix.
QString probeTip(const Core::LocalSandboxCheck &check)
{
    QString tip = QStringLiteral("<b>Isolation the local sandbox reaches on this computer: %1</b>")
                      .arg(Core::isolationLevelId(check.level));
    QStringList missing;
    QStringList present;
    for (const Core::Protection &p : check.protections) {
        if (p.present)
            present << QStringLiteral("✓ %1: %2").arg(p.label.toHtmlEscaped(), p.detail.toHtmlEscaped());
        else
            missing << QStringLiteral("✗ <b>%1</b>: %2<br>Fix: %3")
                           .arg(p.label.toHtmlEscaped(), p.detail.toHtmlEscaped(), p.fix.toHtmlEscaped());
    }
    return tip + list(missing) + list(present) + kClickHint;
}
} // namespace

IsolationIndicator::IsolationIndicator(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("isolationIndicator"));
    setTextFormat(Qt::RichText);
    setContentsMargins(8, 0, 8, 0);
    setCursor(Qt::PointingHandCursor);
    paint(QStringLiteral("unknown"), QColor(0x9e, 0x9e, 0x9e),
          QStringLiteral("How well a program is isolated here is not known yet.") + kClickHint);
}

void IsolationIndicator::showReport(const Core::IsolationReport &report)
{
    m_haveRun = true;
    QString tip = QStringLiteral("<b>Isolation of the last run: %1</b>").arg(Core::isolationLevelId(report.level));
    QStringList details;
    for (const QString &detail : report.details)
        details << detail.toHtmlEscaped();
    paintLevel(report.level, tip + list(details) + kClickHint);
}

void IsolationIndicator::showChecking()
{
    if (!m_haveRun)
        paint(QStringLiteral("checking…"), QColor(0x9e, 0x9e, 0x9e),
              QStringLiteral("Sandpit is trying out the sandbox on this computer."));
}

void IsolationIndicator::showProbe(const Core::LocalSandboxCheck &check)
{
    if (m_haveRun)
        return; // a run's report is newer news than the probe's
    if (!check.error.isEmpty()) {
        paint(QStringLiteral("unknown"), QColor(0x9e, 0x9e, 0x9e),
              QStringLiteral("<b>The sandbox could not be tried out.</b><p>%1</p>").arg(check.error.toHtmlEscaped())
                  + kClickHint);
        return;
    }
    paintLevel(check.level, probeTip(check));
}

void IsolationIndicator::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()))
        Q_EMIT detailsRequested();
    QLabel::mouseReleaseEvent(event);
}

void IsolationIndicator::paintLevel(Core::IsolationReport::Level level, const QString &tip)
{
    switch (level) {
    case Core::IsolationReport::Level::Full:
        return paint(QStringLiteral("full"), QColor(0x2e, 0x7d, 0x32), tip);
    case Core::IsolationReport::Level::Partial:
        return paint(QStringLiteral("partial"), QColor(0xb2, 0x6a, 0x00), tip);
    case Core::IsolationReport::Level::None:
        return paint(QStringLiteral("none"), QColor(0xc6, 0x28, 0x28), tip);
    }
}

void IsolationIndicator::paint(const QString &level, const QColor &colour, const QString &tip)
{
    m_level = level;
    // The word is spelled out beside the dot, so the colour is never the only signal.
    setText(QStringLiteral("<span style='color:%1'>●</span> Isolation: %2").arg(colour.name(), level));
    setToolTip(tip);
}

} // namespace Sandpit::Ui
