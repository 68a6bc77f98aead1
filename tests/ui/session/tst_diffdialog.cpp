// The diff dialog: the changed lines of two texts marked and coloured, named by their labels,
// and the caller's buttons reporting the choice.
#include "session/diffdialog.h"
#include "theme/theme.h"

#include <QApplication>

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using namespace Sandpit;

namespace {
constexpr int kTimeoutMs = 10'000;

QPushButton *button(const Ui::DiffDialog &dialog, const QString &text)
{
    for (QPushButton *b : dialog.findChildren<QPushButton *>()) {
        if (b->text() == text && b->isVisible())
            return b;
    }
    return nullptr;
}

// Whether the highlighter gave the line a colour of its own.
bool isColoured(const Ui::DiffDialog &dialog, const QString &line)
{
    const QTextDocument *document = dialog.findChild<QPlainTextEdit *>(QStringLiteral("diffView"))->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.text() == line)
            return !block.layout()->formats().isEmpty();
    }
    qFatal("no line %s", qPrintable(line));
}

// The colours the highlighter gave the line: its text, and its paper or else the page's.
std::pair<QColor, QColor> coloursOf(const Ui::DiffDialog &dialog, const QString &line)
{
    const auto *view = dialog.findChild<QPlainTextEdit *>(QStringLiteral("diffView"));
    for (QTextBlock block = view->document()->begin(); block.isValid(); block = block.next()) {
        if (block.text() != line || block.layout()->formats().isEmpty())
            continue;
        const QTextCharFormat format = block.layout()->formats().constFirst().format;
        const QColor paper = format.hasProperty(QTextFormat::BackgroundBrush) ? format.background().color()
                                                                              : view->palette().color(QPalette::Base);
        return {format.foreground().color(), paper};
    }
    return {};
}
} // namespace

class TestDiffDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void marksTheChangedLines()
    {
        Ui::DiffDialog dialog;
        QSignalSpy shown(&dialog, &Ui::DiffDialog::diffShown);
        dialog.setTexts(QStringLiteral("On disk"), QStringLiteral("a = 1\nb = 2\nprint(a + b)\n"),
                        QStringLiteral("In Sandpit"), QStringLiteral("a = 1\nb = 3\nprint(a + b)\n"));
        dialog.open();
        QVERIFY(shown.wait(kTimeoutMs));
        const QString diff = dialog.diffText();
        QVERIFY2(diff.startsWith(QStringLiteral("--- On disk\n+++ In Sandpit\n")), qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n-b = 2\n+b = 3\n")), qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n a = 1\n")), qPrintable(diff));
        QVERIFY(isColoured(dialog, QStringLiteral("-b = 2")));
        QVERIFY(isColoured(dialog, QStringLiteral("+b = 3")));
        QVERIFY(!isColoured(dialog, QStringLiteral(" a = 1")));
        const QString legend = dialog.findChild<QLabel *>(QStringLiteral("diffLegend"))->text();
        QVERIFY2(legend.contains(QStringLiteral("On disk")) && legend.contains(QStringLiteral("In Sandpit")),
                 qPrintable(legend));
    }

    void sameLinesSaySo()
    {
        Ui::DiffDialog dialog;
        QSignalSpy shown(&dialog, &Ui::DiffDialog::diffShown);
        dialog.setTexts(QStringLiteral("Recovered"), QStringLiteral("x\n"), QStringLiteral("On disk"),
                        QStringLiteral("x\n"));
        QVERIFY(shown.wait(kTimeoutMs));
        QVERIFY2(dialog.diffText().startsWith(QStringLiteral("No differences")), qPrintable(dialog.diffText()));
    }

    void buttonsReportTheChoice()
    {
        Ui::DiffDialog dialog;
        dialog.setChoices({QStringLiteral("Reload from disk"), QStringLiteral("Keep mine")});
        dialog.setTexts(QStringLiteral("On disk"), QStringLiteral("a\n"), QStringLiteral("In Sandpit"),
                        QStringLiteral("b\n"));
        QSignalSpy chosen(&dialog, &Ui::DiffDialog::choiceMade);
        dialog.open();
        QVERIFY(!button(dialog, QStringLiteral("Close")));
        QVERIFY(button(dialog, QStringLiteral("Reload from disk"))->isDefault());
        QTest::mouseClick(button(dialog, QStringLiteral("Keep mine")), Qt::LeftButton);
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toInt(), 1);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Accepted));

        dialog.open();
        QTest::mouseClick(button(dialog, QStringLiteral("Reload from disk")), Qt::LeftButton);
        QCOMPARE(chosen.size(), 2);
        QCOMPARE(chosen.at(1).at(0).toInt(), 0);
    }

    void withoutChoicesJustClose()
    {
        Ui::DiffDialog dialog;
        QSignalSpy chosen(&dialog, &Ui::DiffDialog::choiceMade);
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        dialog.open();
        QPushButton *close = button(dialog, QStringLiteral("&Close"));
        if (!close)
            close = button(dialog, QStringLiteral("Close"));
        QVERIFY(close);
        QTest::mouseClick(close, Qt::LeftButton);
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(chosen.size(), 0);
        QVERIFY(!dialog.isVisible());
    }

    void everyLineReadsInEveryTheme()
    {
        // Red and green on light paper were right on the light theme only; the hunk header's
        // blue nearly vanished on the dark one. One diff stays open through theme switches.
        const auto restore = qScopeGuard([start = QApplication::palette()] { QApplication::setPalette(start); });
        Ui::DiffDialog dialog;
        QSignalSpy shown(&dialog, &Ui::DiffDialog::diffShown);
        dialog.setTexts(QStringLiteral("On disk"), QStringLiteral("x = 1\n"), QStringLiteral("In Sandpit"),
                        QStringLiteral("x = 2\n"));
        dialog.open();
        QVERIFY(shown.wait(kTimeoutMs));
        const auto *view = dialog.findChild<QPlainTextEdit *>(QStringLiteral("diffView"));
        for (const Ui::Theme::Kind kind :
             {Ui::Theme::Kind::Dark, Ui::Theme::Kind::Light, Ui::Theme::Kind::HighContrast, Ui::Theme::Kind::Dark}) {
            const Ui::Theme theme = Ui::Theme::ofKind(kind);
            QApplication::setPalette(theme.palette);
            // Widgets learn of a new application palette in a later turn of the event loop.
            QTRY_COMPARE(view->palette().color(QPalette::Base), theme.palette.color(QPalette::Base));
            for (const QString &line :
                 {QStringLiteral("@@ -1 +1 @@"), QStringLiteral("-x = 1"), QStringLiteral("+x = 2")}) {
                const auto [text, paper] = coloursOf(dialog, line);
                QVERIFY2(text.isValid(), qPrintable(line + QStringLiteral(" has no colour")));
                const double ratio = Ui::Theme::contrastRatio(text, paper);
                QVERIFY2(ratio >= 4.5,
                         qPrintable(QStringLiteral("%1 in the %2 theme: %3 on %4 is %5:1")
                                        .arg(line, Ui::Theme::id(kind), text.name(), paper.name())
                                        .arg(ratio, 0, 'f', 2)));
            }
        }
    }
};

QTEST_MAIN(TestDiffDialog)
#include "tst_diffdialog.moc"
