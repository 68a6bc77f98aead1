#pragma once

#include "languages/languagefwd.h"

#include "engine/backendid.h"

#include <QHash>
#include <QMenu>

class QActionGroup;

namespace Sandpit::Ui {

/// The Language menu: every language Sandpit knows, the current one checked. A language
/// whose toolchain this machine lacks stays listed, greyed out, with what is missing and how
/// to install it as its tooltip and status tip. With the Docker backend the toolchain comes
/// with the language's image, so every language that has one can be chosen.
class LanguageMenu final : public QMenu
{
    Q_OBJECT
public:
    LanguageMenu(const Core::LanguageRegistry &languages, QWidget *parent = nullptr);

    /// Empty when `languageId` can run here; else why not, and how to fix it.
    QString problem(const QString &languageId) const;
    QAction *action(const QString &languageId) const { return m_actions.value(languageId); }

public Q_SLOTS:
    void setCurrent(const Sandpit::Core::Language *language);
    /// "local" or "docker": whose toolchains count.
    void setBackend(const QString &backendId);
    /// Looks for the toolchains again (a learner may have just installed one).
    void refresh();

Q_SIGNALS:
    void languageChosen(const Sandpit::Core::Language *language);

private:
    const Core::LanguageRegistry &m_languages;
    QActionGroup *m_group;
    QHash<QString, QAction *> m_actions;
    QHash<QString, QString> m_problems;
    QString m_backend = Core::kLocalBackendId;
};

} // namespace Sandpit::Ui
