#pragma once

#include <QDialog>

class QTextBrowser;

namespace Sandpit::Ui {

/// Help > Getting Started: one short page for a first-timer (Run, Stop and input, where files
/// go, why a program stopped, what isolation means), from resources/help/, in the app itself
/// so it is there without a browser or a network.
class GettingStartedDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit GettingStartedDialog(QWidget *parent = nullptr);

    /// The page as plain text, as a reader sees it.
    QString pageText() const;

private:
    QTextBrowser *m_page;
};

} // namespace Sandpit::Ui
