#include "editor/blockedits.h"

#include "editor/qscintilla.h"

#include <QList>

namespace Sandpit::Ui::BlockEdits {

namespace {
struct LineRange {
    int first = 0;
    int last = 0;
    bool block = false; // a selection over more than one line
};

LineRange selectedRange(QsciScintilla &editor)
{
    LineRange range;
    int fromIndex = 0, toIndex = 0;
    if (editor.hasSelectedText()) {
        editor.getSelection(&range.first, &fromIndex, &range.last, &toIndex);
        if (range.last > range.first && toIndex == 0)
            --range.last;
    } else {
        editor.getCursorPosition(&range.first, &fromIndex);
        range.last = range.first;
    }
    range.block = range.last > range.first;
    return range;
}

QList<int> linesOf(QsciScintilla &editor, const LineRange &range, bool skipBlank)
{
    QList<int> lines;
    for (int line = range.first; line <= range.last; ++line) {
        if (!skipBlank || !editor.text(line).trimmed().isEmpty())
            lines << line;
    }
    return lines;
}

// A block's selection becomes its whole lines again: edits inside the indentation would
// otherwise pull its ends to line starts, and the next Ctrl+] would leave the last line out.
void selectWholeLines(QsciScintilla &editor, const LineRange &range)
{
    if (range.block) {
        editor.SendScintilla(QsciScintillaBase::SCI_SETSEL, editor.positionFromLineIndex(range.first, 0),
                             editor.SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, range.last));
    }
}

long send(QsciScintilla &editor, unsigned int message, unsigned long wParam = 0, long lParam = 0)
{
    return editor.SendScintilla(message, wParam, lParam);
}

// Undo groups the edits however the function returns.
class UndoStep
{
public:
    explicit UndoStep(QsciScintilla &editor)
        : m_editor(editor)
    {
        m_editor.beginUndoAction();
    }
    ~UndoStep() { m_editor.endUndoAction(); }
    UndoStep(const UndoStep &) = delete;
    UndoStep &operator=(const UndoStep &) = delete;

private:
    QsciScintilla &m_editor;
};
} // namespace

void toggleComment(QsciScintilla &editor, const QString &prefix)
{
    if (prefix.isEmpty())
        return;
    const LineRange range = selectedRange(editor);
    const QList<int> lines = linesOf(editor, range, true);
    if (lines.isEmpty())
        return;
    const bool allCommented = std::all_of(lines.cbegin(), lines.cend(),
                                          [&](int line) { return editor.text(line).trimmed().startsWith(prefix); });
    const QByteArray bytes = prefix.toUtf8();
    UndoStep step(editor);
    if (allCommented) {
        for (int line : lines) {
            const long at = send(editor, QsciScintillaBase::SCI_GETLINEINDENTPOSITION, line);
            const bool space = send(editor, QsciScintillaBase::SCI_GETCHARAT, at + bytes.size()) == ' ';
            send(editor, QsciScintillaBase::SCI_DELETERANGE, at, bytes.size() + (space ? 1 : 0));
        }
        selectWholeLines(editor, range);
        return;
    }
    int column = editor.indentation(lines.first());
    for (int line : lines)
        column = std::min(column, editor.indentation(line));
    const QByteArray insert = bytes + ' ';
    for (int line : lines) {
        const long at = send(editor, QsciScintillaBase::SCI_FINDCOLUMN, line, column);
        editor.SendScintilla(QsciScintillaBase::SCI_INSERTTEXT, uintptr_t(at), insert.constData());
    }
    selectWholeLines(editor, range);
}

void indent(QsciScintilla &editor)
{
    const LineRange range = selectedRange(editor);
    // One blank line on its own is still indented when asked; in a block, blank lines stay empty.
    const QList<int> lines = linesOf(editor, range, range.block);
    UndoStep step(editor);
    for (int line : lines)
        editor.indent(line);
    selectWholeLines(editor, range);
}

void unindent(QsciScintilla &editor)
{
    const LineRange range = selectedRange(editor);
    UndoStep step(editor);
    for (int line : linesOf(editor, range, false)) {
        if (editor.indentation(line) > 0)
            editor.unindent(line);
    }
    selectWholeLines(editor, range);
}

} // namespace Sandpit::Ui::BlockEdits
