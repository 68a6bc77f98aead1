#include "artifacts/imageviewer.h"

#include "artifacts/imageview.h"

#include <QDialogButtonBox>
#include <QScreen>
#include <QVBoxLayout>

#include <algorithm>

namespace Sandpit::Ui {

namespace {
// Most of the screen, less room for a desktop panel, and never more than the image needs.
constexpr int kScreenPercent = 85;
constexpr QSize kChrome(24, 64); // the zoom bar, the Close button and the margins
} // namespace

ImageViewer::ImageViewer(const QImage &image, const QString &name, QWidget *parent)
    : QDialog(parent)
    , m_view(new ImageView(this))
{
    setObjectName(QStringLiteral("imageViewer"));
    setWindowTitle(name);
    setAttribute(Qt::WA_DeleteOnClose);
    m_view->setObjectName(QStringLiteral("imageViewerView"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);

    const QScreen *screen = parent ? parent->screen() : this->screen();
    const QSize room = screen ? screen->availableSize() * kScreenPercent / 100 : QSize(1024, 768);
    resize(std::max(room.width() / 2, std::min(room.width(), image.width() + kChrome.width())),
           std::max(room.height() / 2, std::min(room.height(), image.height() + kChrome.height())));
    m_view->setImage(image);
}

} // namespace Sandpit::Ui
