#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace Sandpit::Core {
class Doctor;
struct DoctorReport;
} // namespace Sandpit::Core

namespace Sandpit::Ui {

/// Help › Check This Computer: what a run would get here now, the page `sandpit doctor`
/// prints. The checks run on the doctor's thread; the page says "Checking…" until they end.
class DoctorDialog final : public QDialog
{
    Q_OBJECT
public:
    DoctorDialog(Core::Doctor &doctor, QWidget *parent = nullptr);

    /// Starts the checks again, and shows the page.
    void check();
    QString pageText() const;

private:
    void showReport(const Core::DoctorReport &report);

    Core::Doctor &m_doctor;
    QLabel *m_heading;
    QTextBrowser *m_page;
    QPushButton *m_again;
};

} // namespace Sandpit::Ui
