#include "artifacts/imageview.h"

#include "theme/wheelzoom.h"
#include "window/flatbutton.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace Sandpit::Ui {

namespace {
constexpr double kMinZoom = 0.05;
constexpr double kMaxZoom = 16.0;
constexpr double kStep = 1.25;
constexpr double kMaxSide = 8192.0;
} // namespace

ImageView::ImageView(QWidget *parent)
    : QWidget(parent)
    , m_scroll(new QScrollArea(this))
    , m_label(new QLabel(this))
    , m_zoomLabel(new QLabel(this))
{
    m_label->setObjectName(QStringLiteral("imageLabel"));
    m_label->setAlignment(Qt::AlignCenter);
    m_scroll->setWidget(m_label);
    m_scroll->setAlignment(Qt::AlignCenter);
    m_scroll->setWidgetResizable(false);
    m_scroll->viewport()->installEventFilter(this);
    // A checkerboard would be nicer; a mid grey at least shows a transparent image's edges.
    m_scroll->setBackgroundRole(QPalette::Dark);

    const auto button = [this](const QString &name, const QString &text, const QString &tip, auto slot) {
        QToolButton *b = flatButton(name, text, tip, this);
        connect(b, &QToolButton::clicked, this, slot);
        return b;
    };
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    bar->addWidget(button(QStringLiteral("zoomOutButton"), QStringLiteral("−"), QStringLiteral("Zoom out (Ctrl+wheel)"),
                          &ImageView::zoomOut));
    bar->addWidget(button(QStringLiteral("zoomInButton"), QStringLiteral("+"), QStringLiteral("Zoom in (Ctrl+wheel)"),
                          &ImageView::zoomIn));
    bar->addWidget(button(QStringLiteral("zoomActualButton"), QStringLiteral("100%"), QStringLiteral("Actual size"),
                          &ImageView::zoomToActualSize));
    bar->addWidget(button(QStringLiteral("zoomFitButton"), QStringLiteral("Fit"),
                          QStringLiteral("Fit the image in the view"), &ImageView::zoomToFit));
    bar->addStretch();
    bar->addWidget(m_zoomLabel);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_scroll, 1);
}

void ImageView::setImage(const QImage &image)
{
    m_image = image;
    m_fit = true;
    render();
}

void ImageView::clear()
{
    setImage({});
}

QSize ImageView::shownSize() const
{
    return m_label->pixmap().deviceIndependentSize().toSize();
}

void ImageView::zoomIn()
{
    setZoom(m_zoom * kStep);
}

void ImageView::zoomOut()
{
    setZoom(m_zoom / kStep);
}

void ImageView::zoomToActualSize()
{
    setZoom(1.0);
}

void ImageView::zoomToFit()
{
    m_fit = true;
    render();
}

bool ImageView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll->viewport()) {
        if (event->type() == QEvent::Wheel) {
            if (zoomOnCtrlWheel(static_cast<QWheelEvent *>(event), *this))
                return true;
        } else if (event->type() == QEvent::MouseButtonDblClick && !m_image.isNull()) {
            Q_EMIT doubleClicked();
            return true;
        } else if (event->type() == QEvent::Resize && m_fit) {
            render();
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ImageView::setZoom(double zoom)
{
    m_fit = false;
    // Zooming in enlarges a pixmap in memory: keep its longest side within kMaxSide pixels.
    const int side = std::max({1, m_image.width(), m_image.height()});
    m_zoom = std::clamp(zoom, kMinZoom, std::max(1.0, std::min(kMaxZoom, kMaxSide / side / devicePixelRatioF())));
    render();
}

double ImageView::fitZoom() const
{
    if (m_image.isNull())
        return 1.0;
    const QSize room = m_scroll->viewport()->size() - QSize(4, 4);
    const double z = std::min(double(room.width()) / m_image.width(), double(room.height()) / m_image.height());
    return std::clamp(z, kMinZoom, 1.0); // fitting never enlarges a small image
}

void ImageView::render()
{
    if (m_image.isNull()) {
        m_label->setPixmap({});
        m_label->resize(0, 0);
        m_zoomLabel->clear();
        return;
    }
    if (m_fit)
        m_zoom = fitZoom();
    const QSize size(std::max(1, int(std::lround(m_image.width() * m_zoom))),
                     std::max(1, int(std::lround(m_image.height() * m_zoom))));
    // On a high-DPI screen the pixmap has the screen's pixels, not the logical ones: a large
    // plot fitted into the view keeps all the detail the screen can show.
    const qreal ratio = devicePixelRatioF();
    const QSize pixels = (QSizeF(size) * ratio).toSize();
    // Enlarged pixels stay sharp (a plot's lines, pixel art); reduced ones are smoothed.
    const Qt::TransformationMode mode = m_zoom * ratio < 1.0 ? Qt::SmoothTransformation : Qt::FastTransformation;
    QPixmap pixmap
        = QPixmap::fromImage(pixels == m_image.size() ? m_image : m_image.scaled(pixels, Qt::IgnoreAspectRatio, mode));
    pixmap.setDevicePixelRatio(ratio);
    m_label->setPixmap(pixmap);
    m_label->resize(size);
    m_zoomLabel->setText(
        QStringLiteral("%1 × %2 px · %3%").arg(m_image.width()).arg(m_image.height()).arg(std::lround(m_zoom * 100)));
}

} // namespace Sandpit::Ui
