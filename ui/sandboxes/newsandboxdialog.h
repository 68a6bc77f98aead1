#pragma once

#include "sandboxes/sandboxstore.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace Sandpit::Ui {

/// New Sandbox: a name, where it runs (this computer or Docker), and the hosts its commands may
/// reach. The name and the hosts are checked as they are typed, with the same sentences as
/// `sandpit sandbox create`; Create stays off until both are good. Passive: it only says what
/// to create (createRequested); the pane creates it off the GUI thread.
class NewSandboxDialog final : public QDialog
{
    Q_OBJECT
public:
    /// `backend`: the one chosen at first ("local" or "docker"), the settings' backend.
    explicit NewSandboxDialog(const QString &backend, QWidget *parent = nullptr);

    /// What the fields say now; valid only while Create is on.
    Core::SandboxSpec spec() const;

Q_SIGNALS:
    void createRequested(const Sandpit::Core::SandboxSpec &spec);

private:
    void check();

    QLineEdit *m_name;
    QComboBox *m_backend;
    QLineEdit *m_network;
    QLabel *m_problem;
    QPushButton *m_create;
};

} // namespace Sandpit::Ui
