#pragma once

#include <QLabel>

class QStatusBar;

namespace Sandpit::Ui {

/// The status bar's message, whole. QStatusBar draws its message on one line and cuts a long
/// sentence off at the window's edge ("Sandpit will run programs with partial isolation
/// where it cannot…"); this label lies over the message's place and wraps it onto as many
/// lines as it needs. QStatusBar::showMessage() stays the way to say something.
class StatusMessage final : public QLabel
{
    Q_OBJECT
public:
    /// Add it before any other permanent widget: it takes the place the message is drawn in.
    explicit StatusMessage(QStatusBar *bar);

    QSize sizeHint() const override;
    bool hasHeightForWidth() const override;
    /// How tall `text` is, wrapped at `width` in this label's font.
    int wrappedHeight(const QString &text, int width) const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitHeight();
};

} // namespace Sandpit::Ui
