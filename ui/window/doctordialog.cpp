#include "window/doctordialog.h"

#include "engine/doctor.h"
#include "window/dialogcolumn.h"
#include "window/doctorhtml.h"

#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>

namespace Sandpit::Ui {

DoctorDialog::DoctorDialog(Core::Doctor &doctor, QWidget *parent)
    : QDialog(parent)
    , m_doctor(doctor)
    , m_heading(new QLabel(QStringLiteral("What a program run from Sandpit gets on this computer now."), this))
    , m_page(new QTextBrowser(this))
    , m_again(new QPushButton(QStringLiteral("Check &Again"), this))
{
    setObjectName(QStringLiteral("doctorDialog"));
    setWindowTitle(QStringLiteral("Check This Computer"));
    m_heading->setWordWrap(true);
    m_page->setObjectName(QStringLiteral("doctorPage"));
    m_page->setOpenLinks(false);
    m_again->setObjectName(QStringLiteral("doctorCheckAgain"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_again, QDialogButtonBox::ActionRole);
    layOutDialogColumn(this, m_heading, m_page, buttons);
    connect(m_again, &QPushButton::clicked, this, &DoctorDialog::check);
    connect(&m_doctor, &Core::Doctor::checked, this, &DoctorDialog::showReport);
    resize(fontMetrics().averageCharWidth() * 100, 640);
}

void DoctorDialog::check()
{
    m_again->setEnabled(false);
    m_page->setHtml(QStringLiteral("<p>Checking… Sandpit builds a sandbox as for a run, asks Docker, and looks for "
                                   "each language's toolchain.</p>"));
    m_doctor.checkAll();
    show();
    raise();
}

void DoctorDialog::showReport(const Core::DoctorReport &report)
{
    m_again->setEnabled(true);
    m_page->setHtml(doctorHtml(report));
}

QString DoctorDialog::pageText() const
{
    return m_page->toPlainText();
}

} // namespace Sandpit::Ui
