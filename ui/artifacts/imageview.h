#pragma once

#include <QImage>
#include <QWidget>

class QLabel;
class QScrollArea;
class QToolButton;

namespace Sandpit::Ui {

/// An image that can be zoomed: Ctrl+wheel or the buttons above it, and "Fit", which follows
/// the view's size. It starts fitted (never enlarged) to the view. No Ctrl+= of its own: the
/// window's View menu has it for the editor, and two shortcuts on one key would both go dead.
class ImageView final : public QWidget
{
    Q_OBJECT
public:
    explicit ImageView(QWidget *parent = nullptr);

    void setImage(const QImage &image);
    void clear();

    /// The size the image is drawn at now.
    QSize shownSize() const;
    QSize imageSize() const { return m_image.size(); }
    const QImage &image() const { return m_image; }
    double zoom() const { return m_zoom; }
    /// True while the zoom follows the view's size ("Fit"), as it does for a new image.
    bool isFitted() const { return m_fit; }

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void zoomToActualSize();
    void zoomToFit();

Q_SIGNALS:
    /// The image was double-clicked: the preview opens it large.
    void doubleClicked();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setZoom(double zoom);
    void render();
    double fitZoom() const;

    QScrollArea *m_scroll;
    QLabel *m_label;
    QLabel *m_zoomLabel;
    QImage m_image;
    double m_zoom = 1.0;
    bool m_fit = true;
};

} // namespace Sandpit::Ui
