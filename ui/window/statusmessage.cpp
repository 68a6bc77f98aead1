#include "window/statusmessage.h"

#include <QStatusBar>

namespace Sandpit::Ui {

StatusMessage::StatusMessage(QStatusBar *bar)
    : QLabel(bar)
{
    setObjectName(QStringLiteral("statusMessage"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A permanent widget stays shown while a message is; stretched, it leaves QStatusBar's
    // own one-line drawing of the message no room at all.
    bar->addPermanentWidget(this, 1);
    setText(bar->currentMessage());
    connect(bar, &QStatusBar::messageChanged, this, [this](const QString &message) {
        setText(message);
        fitHeight();
    });
}

bool StatusMessage::hasHeightForWidth() const
{
    // The status bar's layout would ask at the width of the size hint, not the one given.
    return false;
}

QSize StatusMessage::sizeHint() const
{
    // A wrapped label hints at a narrow, tall shape; the status bar would take that height.
    // This one is as tall as the sentence at the width it has (fitHeight), and stretches.
    const QMargins margins = contentsMargins();
    return {fontMetrics().averageCharWidth() * 20,
            std::max(minimumHeight(), fontMetrics().height() + margins.top() + margins.bottom())};
}

int StatusMessage::wrappedHeight(const QString &text, int width) const
{
    return fontMetrics()
        .boundingRect(QRect(0, 0, std::max(width, 1), QWIDGETSIZE_MAX), Qt::TextWordWrap, text)
        .height();
}

void StatusMessage::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    fitHeight();
}

void StatusMessage::fitHeight()
{
    // The main window gives its status bar the height of its size hint, whatever the width:
    // the label asks for the height its wrapped sentence needs at the width it has. Not
    // through heightForWidth(), which a label never lets fall below its minimum height: once
    // grown on a narrow window, it would never shrink again.
    const QMargins margins = contentsMargins();
    const int needed
        = text().isEmpty() ? 0 : wrappedHeight(text(), contentsRect().width()) + margins.top() + margins.bottom();
    if (needed != minimumHeight())
        setMinimumHeight(needed);
}

} // namespace Sandpit::Ui
