#include "run/backendswitch.h"

#include "engine/backendid.h"
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace Sandpit::Ui {

BackendSwitch::BackendSwitch(QWidget *parent)
    : QWidget(parent)
    , m_combo(new QComboBox(this))
{
    m_combo->setObjectName(QStringLiteral("backendCombo"));
    m_combo->addItem(QStringLiteral("Local sandbox"), Core::kLocalBackendId);
    m_combo->setItemData(0,
                         QStringLiteral("This machine's sandbox: namespaces, seccomp and limits. Needs nothing else."),
                         Qt::ToolTipRole);
    m_combo->addItem(QStringLiteral("Docker"), Core::kDockerBackendId);
    m_combo->setItemData(1,
                         QStringLiteral("A fresh, hardened container for every run. Needs a running Docker daemon "
                                        "that your user may use."),
                         Qt::ToolTipRole);
    auto *label = new QLabel(QStringLiteral("Run in:"), this);
    label->setBuddy(m_combo);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    connect(m_combo, &QComboBox::activated, this, [this] { Q_EMIT backendChosen(backend()); });
}

QString BackendSwitch::backend() const
{
    return m_combo->currentData().toString();
}

void BackendSwitch::showBackend(const QString &backendId, const QString &overriddenBy)
{
    const QSignalBlocker blocker(m_combo);
    const int index = m_combo->findData(backendId);
    if (index >= 0)
        m_combo->setCurrentIndex(index);
    m_combo->setToolTip(
        overriddenBy.isEmpty()
            ? QStringLiteral("Where the next run happens")
            : QStringLiteral("Where the next run happens; %1 chose this when Sandpit started").arg(overriddenBy));
}

} // namespace Sandpit::Ui
