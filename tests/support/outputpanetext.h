#pragma once
// What the output pane shows, read as a learner sees it: the colour and weight of a piece of text.

#include "output/outputpane.h"

#include <QColor>
#include <QPlainTextEdit>
#include <QString>
#include <QTextCharFormat>
#include <QTextCursor>

namespace SandpitTest {

/// The format of the first character of `needle` where the pane shows it.
inline QTextCharFormat formatAt(Sandpit::Ui::OutputPane &pane, const QString &needle)
{
    pane.plainText(); // draws what waits
    auto *view = pane.findChild<QPlainTextEdit *>(QStringLiteral("outputView"));
    const int position = view->toPlainText().indexOf(needle);
    if (position < 0)
        return {};
    QTextCursor cursor(view->document());
    cursor.setPosition(position + 1);
    return cursor.charFormat();
}

inline QColor foregroundAt(Sandpit::Ui::OutputPane &pane, const QString &needle)
{
    return formatAt(pane, needle).foreground().color();
}

} // namespace SandpitTest
