#include "theme/panezoom.h"

#include "editor/qscintilla.h"

#include <QAbstractItemView>
#include <QChildEvent>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QStyle>
#include <QTextEdit>
#include <QTimer>
#include <QToolBar>
#include <QWheelEvent>

namespace Sandpit::Ui {

namespace {
qreal sizeOf(const QFont &font, bool pixels)
{
    return pixels ? font.pixelSize() : font.pointSizeF();
}

QFont sized(QFont font, qreal size, bool pixels)
{
    if (pixels)
        font.setPixelSize(std::max(1, qRound(size)));
    else
        font.setPointSizeF(size);
    return font;
}
} // namespace

PaneZoom::PaneZoom(QObject *parent)
    : QObject(parent)
{
}

void PaneZoom::addPane(QWidget *pane)
{
    if (!pane || m_entries.contains(pane))
        return;
    // A pane inside another one already grows with it; sizing it from outside as well would
    // scale it twice.
    for (QWidget *ancestor = pane->parentWidget(); ancestor; ancestor = ancestor->parentWidget()) {
        if (m_entries.contains(ancestor)) {
            trackTree(pane, false);
            return;
        }
    }
    trackTree(pane, true);
}

void PaneZoom::removePane(QWidget *pane)
{
    const auto it = m_entries.constFind(pane);
    if (it != m_entries.cend() && it->root)
        untrackTree(pane);
}

void PaneZoom::setPercent(int percent)
{
    percent = std::clamp(percent, kMinPercent, kMaxPercent);
    if (percent == m_percent)
        return;
    m_percent = percent;
    // The panes themselves last: a pane that fits its height to its text on a font change
    // (the Run pane) then measures its labels at their new size, not the old one.
    const QList<QObject *> widgets = m_entries.keys();
    for (const bool roots : {false, true}) {
        for (QObject *object : widgets) {
            const auto it = m_entries.find(object);
            if (it != m_entries.end() && it->root == roots)
                apply(static_cast<QWidget *>(object), *it, factor());
        }
    }
    Q_EMIT percentChanged(m_percent);
}

void PaneZoom::zoomIn()
{
    setPercent(m_percent + kStepPercent);
}

void PaneZoom::zoomOut()
{
    setPercent(m_percent - kStepPercent);
}

void PaneZoom::trackTree(QWidget *widget, bool root)
{
    // Dialogs and menus opened from a pane are windows of their own and keep their size.
    if (!root && widget->isWindow()) {
        widget->removeEventFilter(this);
        return;
    }
    track(widget, root);
    if (m_entries.value(widget).editor)
        return; // its viewport and scroll bars are Scintilla's business
    const QObjectList children = widget->children();
    for (QObject *child : children) {
        if (child->isWidgetType())
            trackTree(static_cast<QWidget *>(child), false);
    }
}

void PaneZoom::track(QWidget *widget, bool root)
{
    m_pending.remove(widget);
    if (m_entries.contains(widget))
        return;
    Entry entry;
    entry.root = root;
    widget->installEventFilter(this);
    connect(widget, &QObject::destroyed, this, &PaneZoom::forget, Qt::UniqueConnection);
    if (auto *editor = qobject_cast<QsciScintilla *>(widget)) {
        entry.editor = true;
        entry.baseSize = editor->lexer() ? editor->lexer()->font(0).pointSizeF() : editor->font().pointSizeF();
        for (int margin = 0; margin < editor->margins(); ++margin) {
            if (editor->marginType(margin) == QsciScintilla::SymbolMargin && editor->marginWidth(margin) > 0)
                entry.baseMarginWidths.insert(margin, editor->marginWidth(margin));
        }
        editor->viewport()->installEventFilter(this); // Ctrl+wheel
        connect(editor, &QsciScintilla::SCN_ZOOM, this, [this, editor] { editorZoomed(editor); });
    } else {
        readFont(widget, entry);
        if (auto *bar = qobject_cast<QToolBar *>(widget))
            entry.baseIconSize = bar->iconSize();
        if (auto *view = qobject_cast<QAbstractItemView *>(widget)) {
            const int metric = view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, view);
            entry.baseIconSize = view->iconSize().isValid() ? view->iconSize() : QSize(metric, metric);
        }
        if (auto *header = qobject_cast<QHeaderView *>(widget); header && header->orientation() == Qt::Vertical)
            entry.baseSection = header->defaultSectionSize();
    }
    apply(widget, m_entries.insert(widget, entry).value(), factor());
}

void PaneZoom::untrackTree(QWidget *widget)
{
    QList<QWidget *> widgets = widget->findChildren<QWidget *>();
    widgets.prepend(widget);
    for (QWidget *w : std::as_const(widgets)) {
        const auto it = m_entries.find(w);
        if (it == m_entries.end())
            continue;
        apply(w, *it, 1.0);
        if (auto *editor = qobject_cast<QsciScintilla *>(w)) {
            editor->viewport()->removeEventFilter(this);
            disconnect(editor, &QsciScintilla::SCN_ZOOM, this, nullptr);
        }
        w->removeEventFilter(this);
        m_entries.erase(it);
        m_pending.remove(w);
    }
}

void PaneZoom::forget(QObject *object)
{
    m_entries.remove(object);
    m_pending.remove(object);
}

void PaneZoom::readFont(QWidget *widget, Entry &entry) const
{
    const QFont font = widget->font();
    const bool ownFont = widget->testAttribute(Qt::WA_SetFont);
    entry.ownFont = ownFont ? font : QFont();
    entry.pixelSized = font.pointSizeF() <= 0;
    // A widget that sets no size of its own takes its parent's, already scaled. Except under a
    // style sheet: Qt passes a parent's font on to such a child only if the parent has a
    // style sheet as well, so its size is set here, from the parent's size at 100%.
    const bool ownSize = ownFont && (font.resolveMask() & QFont::SizeResolved);
    if (ownSize || entry.root)
        entry.baseSize = sizeOf(font, entry.pixelSized);
    else if (widget->testAttribute(Qt::WA_StyleSheet))
        entry.baseSize = sizeOf(font, entry.pixelSized) / m_inheritedFactor;
    else
        entry.baseSize = -1;
}

void PaneZoom::apply(QWidget *widget, Entry &entry, qreal factor)
{
    if (entry.editor) {
        applyEditor(static_cast<QsciScintilla *>(widget), entry, factor);
        return;
    }
    m_applying = true;
    if (entry.baseSize > 0) {
        // At 100% a pane that set no font of its own follows its parent (and the desktop's
        // font) again.
        const bool inherit = entry.root && entry.ownFont.resolveMask() == 0 && qFuzzyCompare(factor, 1.0);
        widget->setFont(inherit ? QFont() : sized(entry.ownFont, entry.baseSize * factor, entry.pixelSized));
        entry.appliedSize = sizeOf(widget->font(), entry.pixelSized);
    }
    if (entry.baseIconSize.isValid()) {
        const QSize size = (QSizeF(entry.baseIconSize) * factor).toSize();
        if (auto *bar = qobject_cast<QToolBar *>(widget))
            bar->setIconSize(size);
        else if (auto *view = qobject_cast<QAbstractItemView *>(widget))
            view->setIconSize(size);
    }
    if (entry.baseSection > 0)
        static_cast<QHeaderView *>(widget)->setDefaultSectionSize(qRound(entry.baseSection * factor));
    m_applying = false;
}

void PaneZoom::applyEditor(QsciScintilla *editor, Entry &entry, qreal factor)
{
    // Scintilla's zoom adds points to every style's size rather than multiplying it.
    entry.appliedZoom = qRound(entry.baseSize * (factor - 1.0));
    m_applying = true;
    editor->zoomTo(entry.appliedZoom);
    for (auto it = entry.baseMarginWidths.cbegin(); it != entry.baseMarginWidths.cend(); ++it)
        editor->setMarginWidth(it.key(), qRound(it.value() * factor));
    m_applying = false;
}

void PaneZoom::fontChanged(QWidget *widget, Entry &entry)
{
    // Our own font, or a parent's change that leaves this widget's own size alone.
    if (entry.baseSize > 0 && qAbs(sizeOf(widget->font(), entry.pixelSized) - entry.appliedSize) < 0.01)
        return;
    // The pane's code set a font (a new run restyling its view): that is its size at 100%.
    rereadFont(widget, entry);
}

void PaneZoom::rereadFont(QWidget *widget, Entry &entry)
{
    // What the widget inherits now is already scaled.
    m_inheritedFactor = factor();
    readFont(widget, entry);
    m_inheritedFactor = 1.0;
    apply(widget, entry, factor());
}

void PaneZoom::editorZoomed(QsciScintilla *editor)
{
    const auto it = m_entries.find(editor);
    if (m_applying || it == m_entries.end())
        return;
    // Scintilla's own keys (Ctrl+keypad +/-) zoom one editor: make it a step for all panes.
    const int zoom = int(editor->SendScintilla(QsciScintillaBase::SCI_GETZOOM));
    if (zoom > it->appliedZoom)
        zoomIn();
    else if (zoom < it->appliedZoom)
        zoomOut();
    const auto again = m_entries.find(editor);
    if (again != m_entries.end())
        applyEditor(editor, *again, factor()); // at the end of the range nothing else reset it
}

bool PaneZoom::wheelOverText(QObject *watched, QEvent *event)
{
    const auto *wheel = static_cast<QWheelEvent *>(event);
    if (!(wheel->modifiers() & Qt::ControlModifier) || !watched->isWidgetType())
        return false;
    auto *viewport = static_cast<QWidget *>(watched);
    auto *area = qobject_cast<QAbstractScrollArea *>(viewport->parentWidget());
    if (!area || area->viewport() != viewport)
        return false;
    // Text and lists only: an image preview zooms its image with Ctrl+wheel.
    if (!qobject_cast<QsciScintilla *>(area) && !qobject_cast<QPlainTextEdit *>(area)
        && !qobject_cast<QTextEdit *>(area) && !qobject_cast<QAbstractItemView *>(area))
        return false;
    // A touchpad sends a notch in many small steps.
    m_wheelDelta += wheel->angleDelta().y();
    for (; m_wheelDelta >= QWheelEvent::DefaultDeltasPerStep; m_wheelDelta -= QWheelEvent::DefaultDeltasPerStep)
        zoomIn();
    for (; m_wheelDelta <= -QWheelEvent::DefaultDeltasPerStep; m_wheelDelta += QWheelEvent::DefaultDeltasPerStep)
        zoomOut();
    return true;
}

void PaneZoom::trackPending()
{
    m_pendingScheduled = false;
    const QSet<QObject *> pending = std::exchange(m_pending, {});
    for (QObject *object : pending) {
        auto *widget = static_cast<QWidget *>(object);
        if (!m_entries.contains(widget) && m_entries.contains(widget->parent()))
            trackScaled(widget);
    }
}

void PaneZoom::trackScaled(QWidget *widget)
{
    // Made inside a pane that is zoomed already: what it inherits is scaled.
    m_inheritedFactor = factor();
    trackTree(widget, false);
    m_inheritedFactor = 1.0;
}

bool PaneZoom::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Wheel:
        return wheelOverText(watched, event);
    case QEvent::ChildAdded: {
        // The child is only half built here: it is tracked once polished, or after this
        // turn of the event loop, whichever comes first.
        QObject *child = static_cast<QChildEvent *>(event)->child();
        const auto it = m_entries.constFind(watched);
        if (child->isWidgetType() && it != m_entries.cend() && !it->editor && !m_entries.contains(child)) {
            m_pending.insert(child);
            child->installEventFilter(this);
            connect(child, &QObject::destroyed, this, &PaneZoom::forget, Qt::UniqueConnection);
            if (!std::exchange(m_pendingScheduled, true))
                QTimer::singleShot(0, this, &PaneZoom::trackPending);
        }
        break;
    }
    case QEvent::Polish:
        if (m_pending.contains(watched) && m_entries.contains(watched->parent()))
            trackScaled(static_cast<QWidget *>(watched));
        break;
    case QEvent::StyleChange: {
        // A style sheet set later cuts the widget off from its parent's font.
        const auto it = m_entries.find(watched);
        auto *widget = static_cast<QWidget *>(watched);
        if (it != m_entries.end() && !it->editor && it->baseSize < 0 && widget->testAttribute(Qt::WA_StyleSheet))
            rereadFont(widget, *it);
        break;
    }
    case QEvent::FontChange:
        if (!m_applying) {
            const auto it = m_entries.find(watched);
            if (it != m_entries.end() && !it->editor)
                fontChanged(static_cast<QWidget *>(watched), *it);
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace Sandpit::Ui
