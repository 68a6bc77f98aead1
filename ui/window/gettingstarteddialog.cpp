#include "window/gettingstarteddialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace Sandpit::Ui {

GettingStartedDialog::GettingStartedDialog(QWidget *parent)
    : QDialog(parent)
    , m_page(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("gettingStartedDialog"));
    setWindowTitle(QStringLiteral("Getting Started"));
    m_page->setObjectName(QStringLiteral("gettingStartedPage"));
    m_page->setOpenLinks(false); // the page links nowhere: no browser, no network
    QFile page(QStringLiteral(":/sandpit/help/getting-started.md"));
    // A resource compiled into the program: it cannot be missing unless the build is broken.
    if (!page.open(QIODevice::ReadOnly))
        qFatal("the Getting Started page is missing from the resources");
    m_page->setMarkdown(QString::fromUtf8(page.readAll()));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_page, 1);
    layout->addWidget(buttons);
    // About 70 characters a line, and most of the page's height on a 768-pixel screen.
    resize(fontMetrics().averageCharWidth() * 90, 600);
}

QString GettingStartedDialog::pageText() const
{
    return m_page->toPlainText();
}

} // namespace Sandpit::Ui
