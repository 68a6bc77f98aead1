// The banner above an editor: its message and buttons, what pressing them says, and colours
// that stay readable on a light and on a dark palette.
#include "session/changebanner.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace Sandpit;

namespace {
// WCAG's contrast ratio: 4.5 is the least for body text.
double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &c) {
        const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QPalette palette(const QColor &window, const QColor &text, const QColor &highlight)
{
    QPalette p(text, window);
    p.setColor(QPalette::Highlight, highlight);
    return p;
}

QPushButton *button(const Ui::ChangeBanner &banner, const QString &text)
{
    for (QPushButton *b : banner.findChildren<QPushButton *>()) {
        if (b->text() == text && b->isVisible())
            return b;
    }
    return nullptr;
}
} // namespace

class TestChangeBanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTheMessageAndReportsTheButton()
    {
        QWidget window;
        auto *banner = new Ui::ChangeBanner(&window);
        window.show();
        QVERIFY(!banner->isVisible());
        banner->showMessage(
            Ui::ChangeBanner::Kind::Warning, QStringLiteral("hello.py was changed by another program."),
            {QStringLiteral("Reload"), QStringLiteral("Show differences"), QStringLiteral("Keep mine")});
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->findChild<QLabel *>(QStringLiteral("changeBannerMessage"))->text(),
                 QStringLiteral("hello.py was changed by another program."));
        QCOMPARE(
            banner->buttonTexts(),
            (QStringList{QStringLiteral("Reload"), QStringLiteral("Show differences"), QStringLiteral("Keep mine")}));
        QSignalSpy clicked(banner, &Ui::ChangeBanner::buttonClicked);
        QTest::mouseClick(button(*banner, QStringLiteral("Show differences")), Qt::LeftButton);
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 1);
        QVERIFY(banner->isVisible()); // the owner decides when it goes

        // A new message replaces the old, buttons and all.
        banner->showMessage(Ui::ChangeBanner::Kind::Info,
                            QStringLiteral("Recovered after Sandpit closed unexpectedly."),
                            {QStringLiteral("Show differences"), QStringLiteral("Discard recovery")});
        QCOMPARE(banner->buttonTexts(),
                 (QStringList{QStringLiteral("Show differences"), QStringLiteral("Discard recovery")}));
        QVERIFY(!button(*banner, QStringLiteral("Keep mine")));
        QTest::mouseClick(button(*banner, QStringLiteral("Discard recovery")), Qt::LeftButton);
        QCOMPARE(clicked.at(1).at(0).toInt(), 1);
    }

    void closeHidesAndSaysSo()
    {
        QWidget window;
        auto *banner = new Ui::ChangeBanner(&window);
        window.show();
        banner->showMessage(Ui::ChangeBanner::Kind::Info, QStringLiteral("Note"), {});
        QVERIFY(banner->buttonTexts().isEmpty());
        QSignalSpy dismissed(banner, &Ui::ChangeBanner::dismissed);
        QTest::mouseClick(banner->findChild<QToolButton *>(QStringLiteral("changeBannerClose")), Qt::LeftButton);
        QCOMPARE(dismissed.size(), 1);
        QVERIFY(!banner->isVisible());
    }

    void readableOnLightAndDarkPalettes()
    {
        const QList<QPalette> palettes{palette(QColor(0xef, 0xef, 0xef), Qt::black, QColor(0x30, 0x8c, 0xc6)),
                                       palette(QColor(0x35, 0x35, 0x35), Qt::white, QColor(0x2a, 0x82, 0xda))};
        for (const QPalette &p : palettes) {
            Ui::ChangeBanner banner;
            banner.setPalette(p);
            const QColor text = banner.findChild<QLabel *>(QStringLiteral("changeBannerMessage"))
                                    ->palette()
                                    .color(QPalette::WindowText);
            QColor fills[2];
            for (const auto kind : {Ui::ChangeBanner::Kind::Info, Ui::ChangeBanner::Kind::Warning}) {
                banner.showMessage(kind, QStringLiteral("Message"), {});
                const QColor fill = banner.backgroundColor();
                QVERIFY2(
                    contrast(fill, text) >= 4.5,
                    qPrintable(QStringLiteral("%1 on %2: %3").arg(text.name(), fill.name()).arg(contrast(fill, text))));
                QVERIFY(fill != p.color(QPalette::Window)); // it stands out from the window
                fills[int(kind)] = fill;
            }
            QVERIFY(fills[0] != fills[1]); // a warning does not look like a note
        }
    }
};

QTEST_MAIN(TestChangeBanner)
#include "tst_changebanner.moc"
