#pragma once

#include <QWidget>

class QDockWidget;
class QLabel;
class QToolButton;

namespace Sandpit::Ui {

/// A dock's title bar in a font of its own. Qt draws a dock's title in the dock's font, which
/// every pane inside the dock would inherit, so a larger title for a projector needs a bar of
/// its own. It keeps the float and close buttons, and mouse presses on it reach the dock, so
/// the pane is dragged and floated as before.
class DockTitleBar final : public QWidget
{
    Q_OBJECT
public:
    explicit DockTitleBar(QDockWidget *dock);

    QString text() const;
    QFont titleFont() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitButtons();

    QLabel *m_title;
    QToolButton *m_float;
    QToolButton *m_close;
};

} // namespace Sandpit::Ui
