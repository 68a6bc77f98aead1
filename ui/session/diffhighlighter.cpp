#include "session/diffhighlighter.h"

#include <QColor>
#include <QFont>

namespace Sandpit::Ui {

namespace {
struct Tones {
    QRgb hunk;
    QRgb addedText, addedPaper;
    QRgb removedText, removedPaper;
};
// Each text colour on its paper (or the page's, for hunk headers) is above 4.5:1.
constexpr Tones kLight{0x1565c0, 0x1b5e20, 0xe8f5e9, 0xb71c1c, 0xffebee};
constexpr Tones kDark{0x82b1ff, 0xa5d6a7, 0x173a22, 0xffab91, 0x4a1c1c};
} // namespace

DiffHighlighter::DiffHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{
}

void DiffHighlighter::setDark(bool dark)
{
    if (std::exchange(m_dark, dark) != dark)
        rehighlight();
}

void DiffHighlighter::highlightBlock(const QString &text)
{
    const Tones &tones = m_dark ? kDark : kLight;
    QTextCharFormat format;
    if (text.startsWith(QLatin1String("@@"))) {
        format.setForeground(QColor(tones.hunk));
    } else if (text.startsWith(QLatin1String("+++")) || text.startsWith(QLatin1String("---"))) {
        format.setFontWeight(QFont::Bold);
    } else if (text.startsWith(QLatin1Char('+'))) {
        format.setForeground(QColor(tones.addedText));
        format.setBackground(QColor(tones.addedPaper));
    } else if (text.startsWith(QLatin1Char('-'))) {
        format.setForeground(QColor(tones.removedText));
        format.setBackground(QColor(tones.removedPaper));
    } else {
        return;
    }
    setFormat(0, int(text.size()), format);
}

} // namespace Sandpit::Ui
