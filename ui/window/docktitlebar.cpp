#include "window/docktitlebar.h"

#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace Sandpit::Ui {

DockTitleBar::DockTitleBar(QDockWidget *dock)
    : QWidget(dock)
    , m_title(new QLabel(dock->windowTitle(), this))
    , m_float(new QToolButton(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("dockTitleBar"));
    m_title->setObjectName(QStringLiteral("dockTitle"));
    for (QToolButton *button : {m_float, m_close}) {
        button->setAutoRaise(true);
        button->setFocusPolicy(Qt::NoFocus);
    }
    m_float->setIcon(style()->standardIcon(QStyle::SP_TitleBarNormalButton, nullptr, this));
    m_float->setToolTip(QStringLiteral("Float this pane in a window of its own"));
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton, nullptr, this));
    m_close->setToolTip(QStringLiteral("Close this pane (the View menu brings it back)"));
    m_float->setVisible(dock->features() & QDockWidget::DockWidgetFloatable);
    m_close->setVisible(dock->features() & QDockWidget::DockWidgetClosable);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 1, 1, 1);
    layout->setSpacing(0);
    layout->addWidget(m_title, 1);
    layout->addWidget(m_float);
    layout->addWidget(m_close);
    connect(dock, &QDockWidget::windowTitleChanged, m_title, &QLabel::setText);
    connect(m_float, &QToolButton::clicked, dock, [dock] { dock->setFloating(!dock->isFloating()); });
    connect(m_close, &QToolButton::clicked, dock, &QDockWidget::close);
    fitButtons();
}

QString DockTitleBar::text() const
{
    return m_title->text();
}

QFont DockTitleBar::titleFont() const
{
    return m_title->font();
}

void DockTitleBar::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitButtons();
}

void DockTitleBar::fitButtons()
{
    // The buttons grow with the title, or they would be specks beside it on a projector.
    const int side = fontMetrics().height() * 3 / 4;
    for (QToolButton *button : {m_float, m_close})
        button->setIconSize(QSize(side, side));
}

} // namespace Sandpit::Ui
