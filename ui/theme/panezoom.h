#pragma once

#include <QFont>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QSize>

class QWidget;
class QsciScintilla;

namespace Sandpit::Ui {

/// One zoom level for every registered pane. A QsciScintilla is zoomed with zoomTo() (its
/// symbol margins widen with it); any other widget by scaling its font, and that of every
/// widget inside it that sets a font of its own (a monospaced view, a bold title), including
/// widgets created later. A pane that sets a new font of its own later (on a new run, say)
/// gets it scaled too. Table rows and toolbar and list icons grow with the text.
/// Ctrl+wheel over a pane's text zooms them all, as Ctrl+= does.
class PaneZoom final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMinPercent = 50;
    static constexpr int kMaxPercent = 300;
    static constexpr int kStepPercent = 10;

    explicit PaneZoom(QObject *parent = nullptr);

    /// Zooms `pane` and everything in it with the others; a destroyed pane leaves by itself.
    void addPane(QWidget *pane);
    /// Gives `pane` back its own size.
    void removePane(QWidget *pane);

    int percent() const { return m_percent; }
    qreal factor() const { return m_percent / 100.0; }

public Q_SLOTS:
    /// Clamped to kMinPercent…kMaxPercent.
    void setPercent(int percent);
    void zoomIn();
    void zoomOut();

Q_SIGNALS:
    void percentChanged(int percent);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// What a widget looks like at 100%.
    struct Entry {
        bool root = false;
        bool editor = false; // a QsciScintilla
        QFont ownFont;       // the font its own code set, with only the attributes it set
        qreal baseSize = -1; // the font size at 100% if it sets one (always for a root); else it inherits
        bool pixelSized = false;
        qreal appliedSize = -1;
        QSize baseIconSize;               // toolbars and item views
        int baseSection = -1;             // vertical headers: the row height
        QHash<int, int> baseMarginWidths; // an editor's symbol margins
        int appliedZoom = 0;              // an editor's Scintilla zoom, in points
    };

    void trackTree(QWidget *widget, bool root);
    void track(QWidget *widget, bool root);
    void untrackTree(QWidget *widget);
    void readFont(QWidget *widget, Entry &entry) const;
    void rereadFont(QWidget *widget, Entry &entry);
    void trackScaled(QWidget *widget);
    void apply(QWidget *widget, Entry &entry, qreal factor);
    void applyEditor(QsciScintilla *editor, Entry &entry, qreal factor);
    void fontChanged(QWidget *widget, Entry &entry);
    void editorZoomed(QsciScintilla *editor);
    bool wheelOverText(QObject *watched, QEvent *event);
    void trackPending();
    void forget(QObject *object);

    // Keyed by QObject: a widget is forgotten from QObject's destructor, when it is a widget no more.
    QHash<QObject *, Entry> m_entries;
    QSet<QObject *> m_pending; // created inside a pane, tracked once built (Polish) or soon after
    int m_percent = 100;
    qreal m_inheritedFactor = 1.0; // how much the fonts being read now inherit scaled
    int m_wheelDelta = 0;
    bool m_applying = false;
    bool m_pendingScheduled = false;
};

} // namespace Sandpit::Ui
