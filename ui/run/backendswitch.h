#pragma once

#include <QWidget>

class QComboBox;

namespace Sandpit::Ui {

/// "Run in: Local sandbox / Docker", beside the Run button. Passive: it says what the user
/// chose and shows what it is told.
class BackendSwitch final : public QWidget
{
    Q_OBJECT
public:
    explicit BackendSwitch(QWidget *parent = nullptr);

    QString backend() const;

public Q_SLOTS:
    /// Shows `backendId` ("local" or "docker") as chosen, without emitting backendChosen.
    /// `overriddenBy` names an environment variable that set it, for the tooltip.
    void showBackend(const QString &backendId, const QString &overriddenBy = {});

Q_SIGNALS:
    void backendChosen(const QString &backendId);

private:
    QComboBox *m_combo;
};

} // namespace Sandpit::Ui
