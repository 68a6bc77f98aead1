#pragma once

#include "exercises/packvalidator.h"

#include <QDialog>

#include <memory>
#include <vector>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QTableWidget;

namespace Sandpit::Ui {

/// Tools › Validate Pack…: a pack's checks as they come (the validator works on its own
/// thread), filterable to errors, with the reference solutions' times on a second tab. A
/// finding with a file opens it at its line (fileActivated).
class ValidatePackDialog final : public QDialog
{
    Q_OBJECT
public:
    ValidatePackDialog(std::vector<std::unique_ptr<Core::Backend>> backends, QWidget *parent = nullptr);

    void start(const Core::ValidationRequest &request);
    QTableWidget *findingsTable() const { return m_findings; }
    QTableWidget *timesTable() const { return m_times; }
    QString summary() const;

Q_SIGNALS:
    void fileActivated(const QString &file, int line);

private:
    void addFinding(const Core::ValidationFinding &finding);
    void showReport(const Core::ValidationReport &report);
    void applyFilter();
    void activateRow(int row);

    Core::PackValidator *m_validator;
    QLabel *m_summary;
    QProgressBar *m_progress;
    QCheckBox *m_errorsOnly;
    QTableWidget *m_findings;
    QTableWidget *m_times;
    QDialogButtonBox *m_buttons;
    QList<Core::ValidationFinding> m_shown;
};

} // namespace Sandpit::Ui
