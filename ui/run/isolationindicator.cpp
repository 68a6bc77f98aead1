#include "run/isolationindicator.h"

#include "model/typeids.h"

namespace Sandpit::Ui {

IsolationIndicator::IsolationIndicator(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("isolationIndicator"));
    setTextFormat(Qt::RichText);
    setContentsMargins(8, 0, 8, 0);
    showUnknown();
}

void IsolationIndicator::showReport(const Core::IsolationReport &report)
{
    QString tip = QStringLiteral("<b>Isolation of the last run: %1</b>").arg(Core::isolationLevelId(report.level));
    if (!report.details.isEmpty()) {
        tip += QStringLiteral("<ul style='margin-left: -20px'>");
        for (const QString &detail : report.details)
            tip += QStringLiteral("<li>%1</li>").arg(detail.toHtmlEscaped());
        tip += QStringLiteral("</ul>");
    }
    switch (report.level) {
    case Core::IsolationReport::Level::Full:
        paint(QStringLiteral("full"), QColor(0x2e, 0x7d, 0x32), tip);
        break;
    case Core::IsolationReport::Level::Partial:
        paint(QStringLiteral("partial"), QColor(0xb2, 0x6a, 0x00), tip);
        break;
    case Core::IsolationReport::Level::None:
        paint(QStringLiteral("none"), QColor(0xc6, 0x28, 0x28), tip);
        break;
    }
}

void IsolationIndicator::showUnknown()
{
    paint(QStringLiteral("unknown"), QColor(0x9e, 0x9e, 0x9e),
          QStringLiteral("How well the program is isolated is known after the first run."));
}

void IsolationIndicator::paint(const QString &level, const QColor &colour, const QString &tip)
{
    m_level = level;
    // The word is spelled out beside the dot, so the colour is never the only signal.
    setText(QStringLiteral("<span style='color:%1'>●</span> Isolation: %2").arg(colour.name(), level));
    setToolTip(tip);
}

} // namespace Sandpit::Ui
