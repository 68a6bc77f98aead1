#include "run/imagepullbar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace Sandpit::Ui {

namespace {
constexpr int kSteps = 1000; // per-mille: a 1 GB image still moves the bar every megabyte

QString bannerStyle(ImagePullBar::State state)
{
    struct Tone {
        const char *background;
        const char *border;
        const char *text;
    };
    // Blue while offering and pulling, green once pulled, red for a failed pull.
    Tone tone{"#e3f2fd", "#90caf9", "#0d3c61"};
    if (state == ImagePullBar::State::Pulled)
        tone = {"#e8f5e9", "#81c784", "#1b5e20"};
    else if (state == ImagePullBar::State::Failed)
        tone = {"#fdecea", "#e57373", "#7f1d1d"};
    return QStringLiteral("QFrame#imagePullBar { background: %1; border-bottom: 1px solid %2; }"
                          "QFrame#imagePullBar QLabel { color: %3; }")
        .arg(QLatin1String(tone.background), QLatin1String(tone.border), QLatin1String(tone.text));
}
} // namespace

ImagePullBar::ImagePullBar(QWidget *parent)
    : QFrame(parent)
    , m_message(new QLabel(this))
    , m_action(new QPushButton(this))
    , m_progressRow(new QWidget(this))
    , m_progress(new QProgressBar(m_progressRow))
    , m_status(new QLabel(m_progressRow))
    , m_cancel(new QPushButton(QStringLiteral("Cancel"), m_progressRow))
{
    setObjectName(QStringLiteral("imagePullBar"));
    m_message->setObjectName(QStringLiteral("pullMessage"));
    m_action->setObjectName(QStringLiteral("pullAction"));
    m_progress->setObjectName(QStringLiteral("pullProgress"));
    m_status->setObjectName(QStringLiteral("pullStatus"));
    m_cancel->setObjectName(QStringLiteral("pullCancel"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setAccessibleName(QStringLiteral("Image pull progress"));
    m_progress->setMinimumWidth(220);
    m_progress->setMaximumWidth(360);

    auto *top = new QHBoxLayout;
    top->addWidget(m_message, 1);
    top->addWidget(m_action, 0, Qt::AlignTop);

    auto *progressRow = new QHBoxLayout(m_progressRow);
    progressRow->setContentsMargins(0, 0, 0, 0);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_status, 1);
    progressRow->addWidget(m_cancel);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_progressRow);

    connect(m_action, &QPushButton::clicked, this, &ImagePullBar::onAction);
    connect(m_cancel, &QPushButton::clicked, this, &ImagePullBar::onCancel);
    setState(State::Hidden, {});
}

QString ImagePullBar::messageText() const
{
    return m_message->text();
}
QString ImagePullBar::statusText() const
{
    return m_status->text();
}

void ImagePullBar::offerPull(const Core::RunError &error)
{
    if (m_state == State::Pulling)
        return;
    if (error.code != Core::RunError::Code::MissingImage) {
        dismiss();
        return;
    }
    m_image = error.image;
    setState(State::Offering,
             QStringLiteral("Docker does not have the image %1. Sandpit can pull it from its registry for you.")
                 .arg(m_image));
}

void ImagePullBar::showProgress(double fraction, const QString &status)
{
    if (m_state != State::Pulling)
        return;
    if (fraction < 0) {
        m_progress->setRange(0, 0); // busy: the download's size is not known yet
    } else {
        m_progress->setRange(0, kSteps);
        m_progress->setValue(int(std::lround(std::min(fraction, 1.0) * kSteps)));
    }
    m_status->setText(status);
}

void ImagePullBar::showPulled()
{
    setState(State::Pulled, QStringLiteral("Pulled %1. Run the program again to use it.").arg(m_image));
}

void ImagePullBar::showFailed(const Core::RunError &error)
{
    setState(State::Failed, error.message);
}

void ImagePullBar::dismiss()
{
    if (m_state != State::Pulling)
        setState(State::Hidden, {});
}

void ImagePullBar::setState(State state, const QString &message)
{
    m_state = state;
    m_message->setText(message);
    setStyleSheet(bannerStyle(state));
    m_progressRow->setVisible(state == State::Pulling);
    m_action->setVisible(state != State::Pulling && state != State::Hidden);
    switch (state) {
    case State::Offering:
        m_action->setText(QStringLiteral("Pull %1").arg(m_image));
        break;
    case State::Failed:
        m_action->setText(QStringLiteral("Try again"));
        break;
    case State::Pulled:
        m_action->setText(QStringLiteral("Run again"));
        break;
    case State::Pulling:
        m_progress->setRange(0, 0);
        m_status->setText(QStringLiteral("Starting…"));
        break;
    case State::Hidden:
        break;
    }
    setVisible(state != State::Hidden);
}

void ImagePullBar::onAction()
{
    if (m_state == State::Pulled) {
        Q_EMIT rerunRequested();
        return;
    }
    setState(State::Pulling, QStringLiteral("Pulling %1…").arg(m_image));
    Q_EMIT pullRequested(m_image);
}

void ImagePullBar::onCancel()
{
    setState(State::Offering, QStringLiteral("The pull of %1 was cancelled.").arg(m_image));
    Q_EMIT cancelRequested();
}

} // namespace Sandpit::Ui
