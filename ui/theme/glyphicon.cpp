#include "theme/glyphicon.h"

#include "theme/theme.h"

#include <QGuiApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>

namespace Sandpit::Ui {

namespace {

constexpr QRgb kRunGreen = 0x2da44e;
constexpr QRgb kStopRed = 0xd1242f;

// `colour`, made lighter on a dark toolbar or darker on a light one until it stands out at
// 3:1, WCAG's minimum for graphics.
QColor standingOut(QColor colour, const QColor &back)
{
    const bool darkBack = back.lightnessF() < 0.5;
    for (int step = 0; step < 12 && Theme::contrastRatio(colour, back) < 3.0; ++step)
        colour = darkBack ? colour.lighter(112) : colour.darker(112);
    return colour;
}

class GlyphEngine final : public QIconEngine
{
public:
    explicit GlyphEngine(Glyph glyph)
        : m_glyph(glyph)
    {
    }

    QIconEngine *clone() const override { return new GlyphEngine(m_glyph); }

    QString key() const override { return QStringLiteral("SandpitGlyph"); }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override
    {
        const QPalette palette = QGuiApplication::palette();
        const bool disabled = mode == QIcon::Disabled;
        const QColor text = palette.color(disabled ? QPalette::Disabled : QPalette::Active, QPalette::WindowText);
        const QColor back = palette.color(QPalette::Window);
        const auto accent = [&](QRgb rgb) { return disabled ? text : standingOut(QColor(rgb), back); };

        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        // Drawn on a 16 × 16 grid, centred in the square the caller gives.
        const qreal side = std::min(rect.width(), rect.height());
        painter->translate(rect.x() + (rect.width() - side) / 2.0, rect.y() + (rect.height() - side) / 2.0);
        painter->scale(side / 16.0, side / 16.0);
        switch (m_glyph) {
        case Glyph::Run: {
            QPainterPath triangle;
            triangle.moveTo(4, 2.5);
            triangle.lineTo(13.5, 8);
            triangle.lineTo(4, 13.5);
            triangle.closeSubpath();
            painter->fillPath(triangle, accent(kRunGreen));
            break;
        }
        case Glyph::Check:
            painter->setPen(QPen(accent(kRunGreen), 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->drawPolyline(QPolygonF({QPointF(2.5, 8.5), QPointF(6.5, 12.5), QPointF(13.5, 3.5)}));
            break;
        case Glyph::Stop:
            painter->fillRect(QRectF(3, 3, 10, 10), accent(kStopRed));
            break;
        case Glyph::RunWithInput: {
            painter->setPen(QPen(text, 1.2));
            painter->setBrush(Qt::NoBrush);
            painter->drawRoundedRect(QRectF(1.5, 2.5, 13, 11), 1.5, 1.5);
            painter->setPen(QPen(accent(kRunGreen), 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->drawPolyline(QPolygonF({QPointF(4, 5.5), QPointF(6.5, 8), QPointF(4, 10.5)}));
            painter->setPen(QPen(text, 1.6, Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(QPointF(8, 10.5), QPointF(11.5, 10.5));
            break;
        }
        case Glyph::Repl:
            painter->setPen(QPen(accent(kRunGreen), 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            for (const qreal x : {1.5, 6.0, 10.5})
                painter->drawPolyline(QPolygonF({QPointF(x, 4.5), QPointF(x + 3.5, 8), QPointF(x, 11.5)}));
            break;
        case Glyph::Presentation:
            painter->setPen(QPen(text, 1.2));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(QRectF(1.5, 2, 13, 9));
            painter->setPen(QPen(text, 1.4, Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(QPointF(8, 11), QPointF(8, 13.5));
            painter->drawLine(QPointF(5, 14), QPointF(11, 14));
            painter->setPen(QPen(accent(kRunGreen), 1.4, Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(QPointF(4, 8.5), QPointF(7, 5.5));
            painter->drawLine(QPointF(7, 5.5), QPointF(9, 7.5));
            painter->drawLine(QPointF(9, 7.5), QPointF(12, 4.5));
            break;
        }
        painter->restore();
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        QPixmap pixmap(size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        return pixmap;
    }

private:
    Glyph m_glyph;
};

} // namespace

QIcon glyphIcon(Glyph glyph)
{
    return QIcon(new GlyphEngine(glyph));
}

} // namespace Sandpit::Ui
