#pragma once

#include <QString>

class QsciScintilla;

namespace Sandpit::Ui::BlockEdits {

// Edits on whole lines: the cursor's line, or every line the selection touches (a selection
// that ends at the start of a line leaves that line out). Each is one undo step.

/// Comments the lines with `prefix` ("#", "//") at the smallest indentation among them, so the
/// block stays aligned; uncomments ("# " and "#" alike) when every non-blank line is commented.
/// Blank lines are left as they are. Does nothing for an empty prefix.
void toggleComment(QsciScintilla &editor, const QString &prefix);
/// One indentation level (the editor's indentation width) more on each non-blank line.
void indent(QsciScintilla &editor);
/// One level less on each line that has any.
void unindent(QsciScintilla &editor);

} // namespace Sandpit::Ui::BlockEdits
