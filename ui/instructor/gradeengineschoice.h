#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QWidgetList>

#include <expected>

class QFormLayout;
class QHBoxLayout;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;

namespace Sandpit::Ui {

/// The engines a batch grades on, as the form gives them.
struct GradeEngines {
    QStringList engines;   ///< Docker endpoints; empty: this computer's sandbox
    QString tlsCertFolder; ///< empty: the environment's DOCKER_TLS_VERIFY and DOCKER_CERT_PATH
};

/// The Grade dialog's Engines rows: this computer's sandbox (the default), or Docker engines
/// one per line as in `sandpit grade --engines FILE`, checked by the CLI's own parser, with an
/// optional folder of TLS certificates for the tcp:// ones. The choice is remembered in the
/// settings (grade/…) when a batch starts, so a class graded on the school's engines is graded
/// there again next time.
class GradeEnginesChoice final : public QObject
{
    Q_OBJECT
public:
    /// Adds its rows to `form`, whose widget is their parent, and shows the saved choice.
    explicit GradeEnginesChoice(QFormLayout *form);

    /// The engines, or why they are no good, naming the line ("Engines, line 2: …").
    std::expected<GradeEngines, QString> engines() const;
    void remember() const;

    void setDockerEngines(const QString &lines);
    void setTlsCertFolder(const QString &folder);
    void setOnDocker(bool onDocker);
    QRadioButton *localButton() const { return m_local; }
    QRadioButton *dockerButton() const { return m_docker; }
    QPlainTextEdit *enginesBox() const { return m_lines; }
    QLineEdit *certFolderField() const { return m_certs; }
    /// Its widgets top to bottom, for the form's tab order.
    QWidgetList widgetsInTabOrder() const;

private:
    void showDockerRows(bool shown);

    QFormLayout *m_form;
    QRadioButton *m_local;
    QRadioButton *m_docker;
    QPlainTextEdit *m_lines;
    QLineEdit *m_certs;
    QPushButton *m_browse;
    QHBoxLayout *m_certRow;
};

} // namespace Sandpit::Ui
