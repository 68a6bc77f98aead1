#pragma once

#include <QColor>
#include <QFrame>
#include <QList>
#include <QStringList>

class QLabel;
class QPushButton;
class QToolButton;

namespace Sandpit::Ui {

/// A thin bar above an editor that says something happened to its text and offers what to do
/// about it, as a browser's info bar does: "hello.py was changed by another program —
/// [Reload] [Show differences] [Keep mine]". It does not act or hide by itself when a button
/// is pressed; the owner decides (Show differences keeps it up, Reload takes it away).
class ChangeBanner final : public QFrame
{
    Q_OBJECT
public:
    enum class Kind { Info, Warning };
    static constexpr int kMaxButtons = 3;

    explicit ChangeBanner(QWidget *parent = nullptr);

    /// Replaces what the banner says and offers (at most kMaxButtons buttons), and shows it.
    void showMessage(Kind kind, const QString &message, const QStringList &buttons);
    Kind kind() const { return m_kind; }
    QString message() const;
    QStringList buttonTexts() const;
    /// What the bar is filled with: a tint that depends on the kind and the palette.
    QColor backgroundColor() const;

Q_SIGNALS:
    /// The button at `index` of showMessage()'s list was pressed.
    void buttonClicked(int index);
    /// The × was pressed; the banner has hidden itself.
    void dismissed();

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    Kind m_kind = Kind::Info;
    QLabel *m_icon;
    QLabel *m_message;
    QList<QPushButton *> m_buttons;
    QToolButton *m_close;
};

} // namespace Sandpit::Ui
