#include "sandboxes/newsandboxdialog.h"

#include "sandboxes/sandboxname.h"
#include "settings/networksettings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace Sandpit::Ui {

NewSandboxDialog::NewSandboxDialog(const QString &backend, QWidget *parent)
    : QDialog(parent)
    , m_name(new QLineEdit(this))
    , m_backend(new QComboBox(this))
    , m_network(new QLineEdit(this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(QStringLiteral("New Sandbox"));
    setObjectName(QStringLiteral("newSandboxDialog"));
    m_name->setObjectName(QStringLiteral("newSandboxName"));
    m_backend->setObjectName(QStringLiteral("newSandboxBackend"));
    m_backend->addItem(QStringLiteral("This computer"), QStringLiteral("local"));
    m_backend->addItem(QStringLiteral("Docker"), QStringLiteral("docker"));
    m_backend->setCurrentIndex(std::max(0, m_backend->findData(backend)));
    m_network->setObjectName(QStringLiteral("newSandboxNetwork"));
    m_network->setPlaceholderText(QStringLiteral("none: its commands have no network"));
    m_problem->setObjectName(QStringLiteral("newSandboxProblem"));
    m_problem->setWordWrap(true);
    // Red is not the only cue: the message itself says what is wrong (as in Settings).
    m_problem->setStyleSheet(QStringLiteral("color: #d32f2f; font-weight: bold;"));
    auto *explanation = new QLabel(
        QStringLiteral("Its commands may reach only these hosts, through Sandpit's proxy, for as long as it lives. "
                       "Write each as host:port, separated by commas, such as pypi.org:443; *.example.org:443 "
                       "allows every name below example.org. The list is fixed once it is made."),
        this);
    explanation->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_create = buttons->addButton(QStringLiteral("Create"), QDialogButtonBox::AcceptRole);
    m_create->setObjectName(QStringLiteral("newSandboxCreate"));
    auto *form = new QFormLayout(this);
    form->addRow(QStringLiteral("Name"), m_name);
    form->addRow(QStringLiteral("Runs on"), m_backend);
    form->addRow(QStringLiteral("Allowed hosts"), m_network);
    form->addRow(explanation);
    form->addRow(m_problem);
    form->addRow(buttons);

    connect(m_name, &QLineEdit::textChanged, this, &NewSandboxDialog::check);
    connect(m_network, &QLineEdit::textChanged, this, &NewSandboxDialog::check);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        Q_EMIT createRequested(spec());
        accept();
    });
    check();
}

Core::SandboxSpec NewSandboxDialog::spec() const
{
    Core::SandboxSpec spec;
    spec.name = m_name->text().trimmed();
    spec.backend = m_backend->currentData().toString();
    spec.network = Core::parseAllowList(Core::NetworkSettings::entries(m_network->text()))
                       .value_or(QList<Core::AllowedDestination>{});
    return spec;
}

void NewSandboxDialog::check()
{
    const QString name = m_name->text().trimmed();
    const auto named = Core::checkSandboxName(name);
    const auto hosts = Core::parseAllowList(Core::NetworkSettings::entries(m_network->text()));
    // An empty name is not a mistake yet, only not done: no sentence for it.
    QString problem;
    if (!hosts)
        problem = hosts.error().message;
    else if (!name.isEmpty() && !named)
        problem = named.error().message;
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_create->setEnabled(!name.isEmpty() && named && hosts);
}

} // namespace Sandpit::Ui
