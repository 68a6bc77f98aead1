// The window at a device pixel ratio of 2, as on a high-DPI screen: pictures get the screen's
// pixels, and the panes' zoom scales text by the same factor as at 1.

#include "artifacts/imageview.h"
#include "theme/panezoom.h"

#include <QApplication>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QTest>

using namespace Sandpit;

namespace {
const QString kSample = QStringLiteral("HHHH");

/// How many pixel rows the text's ink covers: dark glyphs on the light page.
int inkHeight(const QImage &image)
{
    int rows = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (qGray(image.pixel(x, y)) < 128) {
                ++rows;
                break;
            }
        }
    }
    return rows;
}

/// `font` drawn as on a screen at ratio 1: an image whose pixels are its logical pixels.
QImage renderedAtRatioOne(const QFont &font)
{
    QImage image(400, 200, QImage::Format_RGB32);
    image.setDevicePixelRatio(1.0);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setFont(font);
    painter.setPen(Qt::black);
    painter.drawText(QPointF(10, 100), kSample);
    return image;
}
} // namespace

class TestHighDpi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void imagePreviewHasTheScreensPixels();
    void zoomScalesTextAsAtRatioOne();
};

void TestHighDpi::initTestCase()
{
    QCOMPARE(qApp->devicePixelRatio(), 2.0);
}

void TestHighDpi::imagePreviewHasTheScreensPixels()
{
    Ui::ImageView view;
    view.resize(440, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QImage plot(1600, 1200, QImage::Format_RGB32);
    plot.fill(Qt::white);
    view.setImage(plot);
    view.zoomToFit();
    // Fitted into some 400 logical pixels: 800 of the screen's, not 400 stretched twice.
    const QPixmap shown = view.findChild<QLabel *>(QStringLiteral("imageLabel"))->pixmap();
    QVERIFY(view.zoom() < 0.5);
    QCOMPARE(shown.devicePixelRatio(), 2.0);
    QCOMPARE(shown.size(), view.shownSize() * 2);
    QCOMPARE(view.shownSize(), QSize(qRound(1600 * view.zoom()), qRound(1200 * view.zoom())));
}

void TestHighDpi::zoomScalesTextAsAtRatioOne()
{
    QPlainTextEdit text;
    // Large enough that hinting rounds each glyph by a small part of its height.
    text.setFont(QFont(QStringLiteral("Monospace"), 20));
    text.setCursorWidth(0); // its line would be measured as ink
    text.setPlainText(kSample);
    text.resize(400, 200);
    text.show();
    QVERIFY(QTest::qWaitForWindowExposed(&text));
    Ui::PaneZoom zoom;
    zoom.addPane(&text);
    const int paneBefore = inkHeight(text.viewport()->grab().toImage());
    zoom.setPercent(150);
    const int paneAfter = inkHeight(text.viewport()->grab().toImage());
    // What 150% means at ratio 1: the same font at one and a half times its size.
    QFont font(QStringLiteral("Monospace"), 20);
    const int oneBefore = inkHeight(renderedAtRatioOne(font));
    font.setPointSizeF(20 * 1.5);
    const int oneAfter = inkHeight(renderedAtRatioOne(font));
    const QString sizes = QStringLiteral("pane %1 -> %2 device pixels; at ratio 1 %3 -> %4")
                              .arg(paneBefore)
                              .arg(paneAfter)
                              .arg(oneBefore)
                              .arg(oneAfter);
    QVERIFY2(oneBefore > 0 && paneBefore > 0, qPrintable(sizes));
    // The screen's ratio applies once, in Qt's scaling: twice the pixels of ratio 1, at both
    // zooms (a glyph's outline may round a pixel either way at each size).
    QVERIFY2(qAbs(paneBefore - 2 * oneBefore) <= 2, qPrintable(sizes));
    QVERIFY2(qAbs(paneAfter - 2 * oneAfter) <= 2, qPrintable(sizes));
    // And the zoom grows the text by what it grows it at ratio 1.
    QVERIFY2(qAbs(qreal(paneAfter) / paneBefore - qreal(oneAfter) / oneBefore) < 0.1, qPrintable(sizes));
}

int main(int argc, char **argv)
{
    // Before the application exists: Qt reads it once.
    qputenv("QT_SCALE_FACTOR", "2");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestHighDpi test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_highdpi.moc"
