#include "instructor/gradeengineschoice.h"

#include "grading/enginelist.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>

namespace Sandpit::Ui {

namespace {
const auto kOnDockerKey = QStringLiteral("grade/on_docker_engines");
const auto kEnginesKey = QStringLiteral("grade/docker_engines");
const auto kCertsKey = QStringLiteral("grade/tls_cert_path");
// Room for three engines before it scrolls: a class's few shared engines show at once, and the
// students' table below keeps its height.
constexpr int kVisibleEngines = 3;
} // namespace

GradeEnginesChoice::GradeEnginesChoice(QFormLayout *form)
    : QObject(form->parentWidget())
    , m_form(form)
    , m_local(new QRadioButton(QStringLiteral("This computer's sandbox"), form->parentWidget()))
    , m_docker(new QRadioButton(QStringLiteral("Docker engines:"), form->parentWidget()))
    , m_lines(new QPlainTextEdit(form->parentWidget()))
    , m_certs(new QLineEdit(form->parentWidget()))
    , m_browse(new QPushButton(QStringLiteral("Browse…"), form->parentWidget()))
    , m_certRow(new QHBoxLayout)
{
    m_local->setObjectName(QStringLiteral("gradeOnLocal"));
    m_docker->setObjectName(QStringLiteral("gradeOnDocker"));
    m_docker->setToolTip(QStringLiteral("Spread the students over Docker engines, as sandpit grade --engine does"));
    m_lines->setObjectName(QStringLiteral("gradeEngines"));
    m_lines->setTabChangesFocus(true);
    m_lines->setPlaceholderText(
        QStringLiteral("One per line: unix:///var/run/docker.sock, tcp://grader.example.org:2376"));
    // Half a line more than the engines, or the box shows a scroll bar for three.
    m_lines->setFixedHeight(m_lines->fontMetrics().lineSpacing() * (2 * kVisibleEngines + 1) / 2
                            + 2 * m_lines->frameWidth() + int(2 * m_lines->document()->documentMargin()));
    m_certs->setObjectName(QStringLiteral("gradeTlsCerts"));
    m_certs->setPlaceholderText(QStringLiteral("From DOCKER_TLS_VERIFY and DOCKER_CERT_PATH, as the Docker CLI"));
    m_certs->setToolTip(QStringLiteral("For tcp:// engines: a folder with ca.pem, cert.pem and key.pem. Each engine's "
                                       "certificate is checked against ca.pem, and cert.pem is sent"));
    auto *where = new QHBoxLayout;
    where->addWidget(m_local);
    where->addWidget(m_docker);
    where->addStretch(1);
    m_certRow->addWidget(m_certs, 1);
    m_certRow->addWidget(m_browse);
    form->addRow(QStringLiteral("Engines:"), where);
    form->addRow(QString(), m_lines);
    form->addRow(QStringLiteral("TLS certificates:"), m_certRow);
    connect(m_docker, &QRadioButton::toggled, this, &GradeEnginesChoice::showDockerRows);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getExistingDirectory(
            m_form->parentWidget(), QStringLiteral("Choose the Engines' Certificates"), m_certs->text());
        if (!chosen.isEmpty())
            m_certs->setText(chosen);
    });
    const QSettings settings;
    m_lines->setPlainText(settings.value(kEnginesKey).toString());
    m_certs->setText(settings.value(kCertsKey).toString());
    setOnDocker(settings.value(kOnDockerKey, false).toBool());
    showDockerRows(m_docker->isChecked());
}

std::expected<GradeEngines, QString> GradeEnginesChoice::engines() const
{
    if (!m_docker->isChecked())
        return GradeEngines{};
    const auto engines = Core::parseEngines(Core::engineLines(m_lines->toPlainText(), QStringLiteral("Engines,")));
    if (!engines)
        return std::unexpected(engines.error());
    if (engines->isEmpty())
        return std::unexpected(QStringLiteral("Engines: give at least one Docker engine (unix:///var/run/docker.sock, "
                                              "tcp://host:2376), or grade on this computer's sandbox."));
    return GradeEngines{*engines, m_certs->text().trimmed()};
}

void GradeEnginesChoice::remember() const
{
    QSettings settings;
    settings.setValue(kOnDockerKey, m_docker->isChecked());
    settings.setValue(kEnginesKey, m_lines->toPlainText().trimmed());
    settings.setValue(kCertsKey, m_certs->text().trimmed());
}

void GradeEnginesChoice::setDockerEngines(const QString &lines)
{
    m_lines->setPlainText(lines);
}

void GradeEnginesChoice::setTlsCertFolder(const QString &folder)
{
    m_certs->setText(folder);
}

void GradeEnginesChoice::setOnDocker(bool onDocker)
{
    (onDocker ? m_docker : m_local)->setChecked(true);
}

QWidgetList GradeEnginesChoice::widgetsInTabOrder() const
{
    return {m_local, m_docker, m_lines, m_certs, m_browse};
}

void GradeEnginesChoice::showDockerRows(bool shown)
{
    // Hidden on this computer's sandbox, the usual case, so the form stays as short as it was.
    m_form->setRowVisible(m_lines, shown);
    m_form->setRowVisible(m_certRow, shown);
}

} // namespace Sandpit::Ui
