#include "editor/findbar.h"

#include "editor/editorwidget.h"
#include "window/flatbutton.h"
#include "window/plainescape.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandpit::Ui {

namespace {
// The editor's indicators 8 and 9 underline diagnostics; this one boxes the matches.
constexpr int kFindIndicator = 10;
// Past this many, highlighting would cost more than it tells.
constexpr int kMaxHighlights = 5000;

using ByteRange = std::pair<long, long>;

// Scintilla's byte positions of `matches` in `text`, counted in one pass over the text.
QList<ByteRange> byteRanges(QStringView text, const QList<SearchMatch> &matches)
{
    QList<ByteRange> ranges;
    ranges.reserve(matches.size());
    long bytes = 0;
    qsizetype counted = 0;
    for (const SearchMatch &m : matches) {
        bytes += long(utf8Length(text.mid(counted, m.start - counted)));
        const long length = long(utf8Length(text.mid(m.start, m.length)));
        ranges.append({bytes, bytes + length});
        bytes += length;
        counted = m.end();
    }
    return ranges;
}

QToolButton *toggle(const QString &name, const QString &text, const QString &tip, QWidget *parent)
{
    QToolButton *button = flatButton(name, text, tip, parent);
    button->setCheckable(true);
    return button;
}

QPushButton *button(const QString &name, const QString &text, QWidget *parent)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(name);
    b->setAutoDefault(false);
    return b;
}
} // namespace

FindBar::FindBar(QWidget *parent)
    : QWidget(parent)
    , m_find(new QLineEdit(this))
    , m_replace(new QLineEdit(this))
    , m_replaceRow(new QWidget(this))
    , m_regex(toggle(QStringLiteral("regexToggle"), QStringLiteral(".*"), QStringLiteral("Regular expression"), this))
    , m_matchCase(toggle(QStringLiteral("matchCaseToggle"), QStringLiteral("Aa"), QStringLiteral("Match case"), this))
    , m_wholeWord(toggle(QStringLiteral("wholeWordToggle"), QStringLiteral("W"), QStringLiteral("Whole word"), this))
    , m_replaceOne(button(QStringLiteral("replaceButton"), QStringLiteral("Replace"), this))
    , m_replaceAll(button(QStringLiteral("replaceAllButton"), QStringLiteral("Replace All"), this))
    , m_status(new QLabel(this))
    , m_refreshTimer(new QTimer(this))
{
    m_find->setObjectName(QStringLiteral("findField"));
    m_find->setPlaceholderText(QStringLiteral("Find"));
    m_find->setClearButtonEnabled(true);
    m_replace->setObjectName(QStringLiteral("replaceField"));
    m_replace->setPlaceholderText(QStringLiteral("Replace with"));
    m_replace->setToolTip(
        QStringLiteral("With a regular expression, \\1 or $1 puts back what its first (group) matched"));
    m_status->setObjectName(QStringLiteral("findStatus"));
    m_status->setWordWrap(true); // a narrow window shows a long problem on two lines, not cut
    m_status->setMinimumWidth(m_status->fontMetrics().horizontalAdvance(QStringLiteral("9999 of 9999")));
    QPushButton *previous = button(QStringLiteral("findPreviousButton"), QStringLiteral("Previous"), this);
    previous->setToolTip(QStringLiteral("Previous match (Shift+F3, Shift+Enter)"));
    QPushButton *next = button(QStringLiteral("findNextButton"), QStringLiteral("Next"), this);
    next->setToolTip(QStringLiteral("Next match (F3, Enter)"));
    QToolButton *close = flatButton(QStringLiteral("closeFindButton"), QString(), QStringLiteral("Close (Esc)"), this);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));

    auto *findRow = new QHBoxLayout;
    // A browser's proportions: the field stays a field, and the status line gets the rest, so
    // a regular expression's problem can be read whole.
    m_find->setMinimumWidth(160);
    m_find->setMaximumWidth(320);
    findRow->addWidget(m_find, 2);
    findRow->addWidget(m_matchCase);
    findRow->addWidget(m_wholeWord);
    findRow->addWidget(m_regex);
    findRow->addWidget(previous);
    findRow->addWidget(next);
    findRow->addWidget(m_status, 3);
    findRow->addWidget(close);
    auto *replaceRow = new QHBoxLayout(m_replaceRow);
    replaceRow->setContentsMargins(0, 0, 0, 0);
    m_replace->setMinimumWidth(160);
    m_replace->setMaximumWidth(320);
    replaceRow->addWidget(m_replace, 2);
    replaceRow->addWidget(m_replaceOne);
    replaceRow->addWidget(m_replaceAll);
    replaceRow->addStretch(3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    layout->addLayout(findRow);
    layout->addWidget(m_replaceRow);

    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(150); // typing fast recounts once, not per key
    connect(m_refreshTimer, &QTimer::timeout, this, [this] {
        refresh();
        showStatus();
    });
    connect(m_find, &QLineEdit::textChanged, this, [this] { selectFrom(m_anchor); });
    for (QToolButton *t : {m_regex, m_matchCase, m_wholeWord})
        connect(t, &QToolButton::toggled, this, [this] { selectFrom(m_anchor); });
    connect(previous, &QPushButton::clicked, this, &FindBar::findPrevious);
    connect(next, &QPushButton::clicked, this, &FindBar::findNext);
    connect(m_replaceOne, &QPushButton::clicked, this, &FindBar::replaceOne);
    connect(m_replaceAll, &QPushButton::clicked, this, &FindBar::replaceAll);
    connect(close, &QToolButton::clicked, this, &FindBar::closeBar);
    m_find->installEventFilter(this);
    m_replace->installEventFilter(this);
    hide();
}

FindBar::~FindBar() = default;

void FindBar::setEditor(EditorWidget *editor)
{
    if (editor == m_editor)
        return;
    disconnect(m_textChanged);
    clearHighlights(m_editor);
    m_editor = editor;
    m_stale = true;
    m_matches.clear();
    m_current = -1;
    m_anchor = 0;
    if (m_editor) {
        m_editor->indicatorDefine(QsciScintilla::StraightBoxIndicator, kFindIndicator);
        m_editor->setIndicatorForegroundColor(QColor(0xff, 0xc1, 0x07, 110), kFindIndicator);
        m_editor->SendScintilla(QsciScintillaBase::SCI_INDICSETUNDER, kFindIndicator, true);
        m_textChanged = connect(m_editor, &QsciScintilla::textChanged, this, [this] {
            if (isVisible())
                m_refreshTimer->start();
        });
    }
    if (isVisible()) {
        refresh();
        showStatus();
    }
}

QString FindBar::statusText() const
{
    return m_status->text();
}

bool FindBar::isReplaceShown() const
{
    return isVisible() && m_replaceRow->isVisible();
}

void FindBar::openFind()
{
    open(false);
}

void FindBar::openReplace()
{
    open(true);
}

void FindBar::open(bool withReplace)
{
    m_replaceRow->setVisible(withReplace);
    show();
    if (m_editor) {
        const QString text = m_editor->text();
        const long start = m_editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART);
        m_anchor = offsetOfUtf8(text, start);
        const QString selected = m_editor->selectedText();
        // A selection over several lines is more likely "the block to work in" than a search term.
        if (!selected.isEmpty() && !selected.contains(QLatin1Char('\n')))
            m_find->setText(m_regex->isChecked() ? QRegularExpression::escape(selected) : selected);
    }
    m_note.clear();
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
    m_stale = true;
    selectFrom(m_anchor);
}

void FindBar::closeBar()
{
    m_refreshTimer->stop();
    clearHighlights(m_editor);
    hide();
    if (m_editor)
        m_editor->setFocus(Qt::OtherFocusReason);
}

SearchQuery FindBar::query() const
{
    return {m_find->text(), m_regex->isChecked(), m_matchCase->isChecked(), m_wholeWord->isChecked()};
}

void FindBar::refresh()
{
    const SearchQuery wanted = query();
    const bool queryChanged = !(wanted == m_search.query());
    if (queryChanged)
        m_search = TextSearch(wanted);
    if (!m_editor) {
        m_matches.clear();
        m_current = -1;
        return;
    }
    if (queryChanged || m_stale || m_revision != m_editor->revision()) {
        m_text = m_editor->text();
        m_revision = m_editor->revision();
        m_stale = false;
        m_matches = m_search.findAll(m_text);
        highlightMatches();
    }
    m_current = selectedMatch();
}

void FindBar::selectFrom(qsizetype from)
{
    m_note.clear();
    refresh();
    if (!m_matches.isEmpty()) {
        const auto it = std::find_if(m_matches.cbegin(), m_matches.cend(),
                                     [from](const SearchMatch &m) { return m.start >= from; });
        m_current = it == m_matches.cend() ? 0 : int(it - m_matches.cbegin());
        select(m_matches.at(m_current));
    }
    showStatus();
}

void FindBar::findNext()
{
    step(true);
}

void FindBar::findPrevious()
{
    step(false);
}

void FindBar::step(bool forward)
{
    // F3 before anything was searched for: ask what to find.
    if (m_find->text().isEmpty()) {
        openFind();
        return;
    }
    show();
    m_note.clear();
    refresh();
    if (m_matches.isEmpty() || !m_editor) {
        showStatus();
        return;
    }
    const int count = int(m_matches.size());
    int index = m_current;
    if (index >= 0) {
        index = (index + (forward ? 1 : count - 1)) % count;
    } else {
        const qsizetype selStart
            = offsetOfUtf8(m_text, m_editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART));
        const qsizetype selEnd = offsetOfUtf8(m_text, m_editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONEND));
        if (forward) {
            const auto it = std::find_if(m_matches.cbegin(), m_matches.cend(),
                                         [selEnd](const SearchMatch &m) { return m.start >= selEnd; });
            index = it == m_matches.cend() ? 0 : int(it - m_matches.cbegin());
        } else {
            const auto it = std::find_if(m_matches.crbegin(), m_matches.crend(),
                                         [selStart](const SearchMatch &m) { return m.start < selStart; });
            index = it == m_matches.crend() ? count - 1 : int(m_matches.crend() - it) - 1;
        }
    }
    m_current = index;
    m_anchor = m_matches.at(index).start;
    select(m_matches.at(index));
    showStatus();
}

void FindBar::select(const SearchMatch &match)
{
    const auto [start, end] = byteRanges(m_text, {match}).constFirst();
    m_editor->ensureLineVisible(int(m_editor->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, start)));
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETSEL, start, end);
}

int FindBar::selectedMatch() const
{
    if (!m_editor || m_matches.isEmpty())
        return -1;
    const qsizetype start = offsetOfUtf8(m_text, m_editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART));
    const qsizetype end = offsetOfUtf8(m_text, m_editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONEND));
    const auto it = std::lower_bound(m_matches.cbegin(), m_matches.cend(), start,
                                     [](const SearchMatch &m, qsizetype at) { return m.start < at; });
    if (it != m_matches.cend() && it->start == start && it->end() == end)
        return int(it - m_matches.cbegin());
    return -1;
}

void FindBar::replaceOne()
{
    refresh();
    if (m_current < 0 || !m_editor) {
        step(true);
        return;
    }
    const SearchMatch match = m_matches.at(m_current);
    const QString with = m_search.replacement(match, m_replace->text());
    const QByteArray bytes = with.toUtf8();
    const auto [start, end] = byteRanges(m_text, {match}).constFirst();
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETTARGETRANGE, start, end);
    m_editor->SendScintilla(QsciScintillaBase::SCI_REPLACETARGET, uintptr_t(bytes.size()), bytes.constData());
    m_editor->SendScintilla(QsciScintillaBase::SCI_GOTOPOS, start + long(bytes.size()));
    // Searching on from after the replacement: replacing "a" with "aa" must not loop on itself.
    selectFrom(match.start + with.size());
}

void FindBar::replaceAll()
{
    refresh();
    if (!m_editor || m_matches.isEmpty()) {
        showStatus();
        return;
    }
    // Byte ranges first, from the text as searched; then replaced from the end, so each range
    // is still where it was.
    const QList<ByteRange> ranges = byteRanges(m_text, m_matches);
    const int count = int(m_matches.size());
    const QList<SearchMatch> matches = m_matches;
    m_editor->beginUndoAction();
    for (int i = count - 1; i >= 0; --i) {
        const QByteArray with = m_search.replacement(matches.at(i), m_replace->text()).toUtf8();
        m_editor->SendScintilla(QsciScintillaBase::SCI_SETTARGETRANGE, ranges.at(i).first, ranges.at(i).second);
        m_editor->SendScintilla(QsciScintillaBase::SCI_REPLACETARGET, uintptr_t(with.size()), with.constData());
    }
    m_editor->endUndoAction();
    refresh();
    m_note = count == 1 ? QStringLiteral("Replaced 1 match") : QStringLiteral("Replaced %1 matches").arg(count);
    if (count >= TextSearch::kMaxMatches)
        m_note += QStringLiteral(", the most at once: Replace All again for the rest");
    showStatus();
}

void FindBar::showStatus()
{
    QString text;
    bool problem = false;
    const bool capped = m_matches.size() >= TextSearch::kMaxMatches;
    const QString countText = QString::number(m_matches.size()) + (capped ? QStringLiteral("+") : QString());
    if (!m_note.isEmpty()) {
        text = m_note;
    } else if (!m_search.error().isEmpty()) {
        text = m_search.error();
        problem = true;
    } else if (m_find->text().isEmpty()) {
        text.clear();
    } else if (m_matches.isEmpty()) {
        text = QStringLiteral("No matches");
        problem = true;
    } else if (m_current >= 0) {
        text = QStringLiteral("%1 of %2").arg(m_current + 1).arg(countText);
    } else {
        text = m_matches.size() == 1 ? QStringLiteral("1 match") : QStringLiteral("%1 matches").arg(countText);
    }
    m_status->setText(text);
    m_status->setToolTip(text);
    m_find->setProperty("problem", problem);
    m_find->setStyleSheet(problem ? QStringLiteral("QLineEdit { background: #fde2e1; }") : QString());
    m_replaceOne->setEnabled(!m_matches.isEmpty());
    m_replaceAll->setEnabled(!m_matches.isEmpty());
}

void FindBar::highlightMatches()
{
    clearHighlights(m_editor);
    if (!m_editor || !isVisible())
        return;
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETINDICATORCURRENT, kFindIndicator);
    const QList<SearchMatch> shown = m_matches.first(std::min<qsizetype>(m_matches.size(), kMaxHighlights));
    for (const auto &[start, end] : byteRanges(m_text, shown))
        m_editor->SendScintilla(QsciScintillaBase::SCI_INDICATORFILLRANGE, start, end - start);
}

void FindBar::clearHighlights(EditorWidget *editor)
{
    if (!editor)
        return;
    editor->SendScintilla(QsciScintillaBase::SCI_SETINDICATORCURRENT, kFindIndicator);
    editor->SendScintilla(QsciScintillaBase::SCI_INDICATORCLEARRANGE, 0,
                          editor->SendScintilla(QsciScintillaBase::SCI_GETLENGTH));
}

bool FindBar::event(QEvent *event)
{
    // While the focus is in the bar, Escape means "close the bar", not "stop the run".
    if (claimPlainEscape(event))
        return true;
    return QWidget::event(event);
}

void FindBar::keyPressEvent(QKeyEvent *event)
{
    if (isPlainEscape(event)) {
        closeBar();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier)
                findPrevious();
            else if (watched == m_replace)
                replaceOne();
            else
                findNext();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Sandpit::Ui
