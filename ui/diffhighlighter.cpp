#include "diffhighlighter.h"

#include <QColor>
#include <QFont>

namespace Sandpit::Ui {

DiffHighlighter::DiffHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{
}

void DiffHighlighter::highlightBlock(const QString &text)
{
    QTextCharFormat format;
    if (text.startsWith(QLatin1String("@@"))) {
        format.setForeground(QColor(0x15, 0x65, 0xc0));
    } else if (text.startsWith(QLatin1String("+++")) || text.startsWith(QLatin1String("---"))) {
        format.setFontWeight(QFont::Bold);
    } else if (text.startsWith(QLatin1Char('+'))) {
        format.setForeground(QColor(0x2e, 0x7d, 0x32));
        format.setBackground(QColor(0xe8, 0xf5, 0xe9));
    } else if (text.startsWith(QLatin1Char('-'))) {
        format.setForeground(QColor(0xc6, 0x28, 0x28));
        format.setBackground(QColor(0xff, 0xeb, 0xee));
    } else {
        return;
    }
    setFormat(0, int(text.size()), format);
}

} // namespace Sandpit::Ui
