#pragma once

#include <QDialog>

namespace Sandpit::Ui {

class ImageView;

/// A plot seen large, inside Sandpit: the image fitted to a window of most of the screen,
/// with the preview's zoom. Opened by a double-click on an image in Output Files, so a
/// learner needs no other application (and no desktop that has one) to look at a plot.
class ImageViewer final : public QDialog
{
    Q_OBJECT
public:
    ImageViewer(const QImage &image, const QString &name, QWidget *parent = nullptr);

    ImageView *view() const { return m_view; }

private:
    ImageView *m_view;
};

} // namespace Sandpit::Ui
