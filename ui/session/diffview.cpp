#include "session/diffview.h"

#include "history/textdiff.h"
#include "session/diffhighlighter.h"
#include "window/backgroundtask.h"

#include <QEvent>
#include <QFontDatabase>

namespace Sandpit::Ui {

DiffView::DiffView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_highlighter(new DiffHighlighter(document()))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    followPalette();
}

void DiffView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void DiffView::followPalette()
{
    m_highlighter->setDark(palette().color(QPalette::Base).lightnessF() < 0.5);
}

void DiffView::showDiff(const QString &before, const QString &after, const QString &beforeName,
                        const QString &afterName, const QString &noDifferences)
{
    const quint64 serial = ++m_serial;
    showSentence(QStringLiteral("Comparing…"));
    runInBackground<QString>(
        this,
        [before, after, beforeName, afterName] {
            return Core::TextDiff::unified(before, after, beforeName, afterName);
        },
        [this, serial, noDifferences](const QString &diff) {
            if (serial != m_serial)
                return;
            if (diff.isEmpty()) {
                showSentence(noDifferences);
            } else {
                setLineWrapMode(QPlainTextEdit::NoWrap); // a diff's lines line up as the code's do
                setPlainText(diff);
            }
            Q_EMIT diffShown();
        });
}

void DiffView::showMessage(const QString &message)
{
    ++m_serial;
    showSentence(message);
}

void DiffView::showSentence(const QString &sentence)
{
    // Wrapped: a sentence cut at the pane's edge would have to be scrolled to be read.
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setPlainText(sentence);
}

} // namespace Sandpit::Ui
