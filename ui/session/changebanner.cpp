#include "session/changebanner.h"

#include "window/flatbutton.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace Sandpit::Ui {

namespace {
QColor mixed(const QColor &a, const QColor &b, qreal share)
{
    return QColor::fromRgbF(a.redF() * (1 - share) + b.redF() * share, a.greenF() * (1 - share) + b.greenF() * share,
                            a.blueF() * (1 - share) + b.blueF() * share);
}

constexpr QRgb kWarningAccent = qRgb(0xe0, 0xa0, 0x00);
} // namespace

ChangeBanner::ChangeBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_message(new QLabel(this))
    , m_close(flatButton(QStringLiteral("changeBannerClose"), QStringLiteral("×"), QStringLiteral("Hide this message"),
                         this))
{
    setObjectName(QStringLiteral("changeBanner"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_message->setObjectName(QStringLiteral("changeBannerMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 4, 4);
    layout->addWidget(m_icon);
    layout->addWidget(m_message, 1);
    for (int i = 0; i < kMaxButtons; ++i) {
        auto *button = new QPushButton(this);
        button->setObjectName(QStringLiteral("changeBannerButton%1").arg(i));
        connect(button, &QPushButton::clicked, this, [this, i] { Q_EMIT buttonClicked(i); });
        layout->addWidget(button);
        m_buttons << button;
    }
    layout->addWidget(m_close);
    connect(m_close, &QToolButton::clicked, this, [this] {
        hide();
        Q_EMIT dismissed();
    });
    hide();
}

void ChangeBanner::showMessage(Kind kind, const QString &message, const QStringList &buttons)
{
    if (buttons.size() > kMaxButtons)
        qWarning("ChangeBanner: %lld buttons asked for, %d shown", qlonglong(buttons.size()), kMaxButtons);
    m_kind = kind;
    m_message->setText(message);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(
        style()
            ->standardIcon(kind == Kind::Warning ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation,
                           nullptr, this)
            .pixmap(iconSize, iconSize));
    for (int i = 0; i < kMaxButtons; ++i) {
        m_buttons.at(i)->setText(buttons.value(i));
        m_buttons.at(i)->setVisible(i < buttons.size());
    }
    show();
    update();
}

QString ChangeBanner::message() const
{
    return m_message->text();
}

QStringList ChangeBanner::buttonTexts() const
{
    QStringList texts;
    for (const QPushButton *button : m_buttons) {
        if (!button->isHidden())
            texts << button->text();
    }
    return texts;
}

QColor ChangeBanner::backgroundColor() const
{
    // No palette role means "warning", so its tint is a fixed amber; either tint is a small share
    // over the window's own colour, which keeps the contrast the palette gives its window text,
    // light or dark.
    const QColor accent = m_kind == Kind::Warning ? QColor(kWarningAccent) : palette().color(QPalette::Highlight);
    return mixed(palette().color(QPalette::Window), accent, m_kind == Kind::Warning ? 0.2 : 0.15);
}

void ChangeBanner::paintEvent(QPaintEvent *)
{
    // Colours come from the palette at paint time, so a theme switch repaints them right.
    QPainter painter(this);
    painter.fillRect(rect(), backgroundColor());
    painter.fillRect(QRect(0, 0, 4, height()),
                     m_kind == Kind::Warning ? QColor(kWarningAccent) : palette().color(QPalette::Highlight));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(rect().bottomLeft(), rect().bottomRight());
}

} // namespace Sandpit::Ui
