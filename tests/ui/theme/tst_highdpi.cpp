// The window at a device pixel ratio of 2, as on a high-DPI screen: pictures get the screen's
// pixels, and the panes' zoom scales text by the same factor as at 1.

#include "artifacts/imageview.h"
#include "theme/panezoom.h"

#include <QApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

using namespace Sandpit;

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
    text.setFont(QFont(QStringLiteral("Monospace"), 10));
    Ui::PaneZoom zoom;
    zoom.addPane(&text);
    zoom.setPercent(150);
    QCOMPARE(text.font().pointSizeF(), 15.0);
    // Points, so the screen's ratio applies once, in Qt's scaling.
    QCOMPARE(QFontInfo(text.font()).pixelSize(), QFontInfo(QFont(QStringLiteral("Monospace"), 15)).pixelSize());
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
