#include "window/languagemenu.h"

#include "engine/backendid.h"
#include "languages/languageregistry.h"

#include <QActionGroup>

namespace Sandpit::Ui {

LanguageMenu::LanguageMenu(const Core::LanguageRegistry &languages, QWidget *parent)
    : QMenu(QStringLiteral("&Language"), parent)
    , m_languages(languages)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    // Tooltips carry the install hint of a missing toolchain.
    setToolTipsVisible(true);
    m_group->setExclusive(true);
    for (const Core::Language &language : languages.languages()) {
        QAction *action = addAction(language.name);
        action->setObjectName(QStringLiteral("actionLanguage_") + language.id);
        action->setCheckable(true);
        m_group->addAction(action);
        m_actions.insert(language.id, action);
        const QString id = language.id;
        connect(action, &QAction::triggered, this, [this, id] {
            if (const Core::Language *chosen = m_languages.find(id))
                Q_EMIT languageChosen(chosen);
        });
    }
    connect(this, &QMenu::aboutToShow, this, &LanguageMenu::refresh);
    refresh();
}

QString LanguageMenu::problem(const QString &languageId) const
{
    return m_problems.value(languageId);
}

void LanguageMenu::setCurrent(const Core::Language *language)
{
    if (QAction *action = language ? m_actions.value(language->id) : nullptr) {
        action->setChecked(true);
    } else if (QAction *checked = m_group->checkedAction()) {
        // Plain text: no language is current.
        m_group->setExclusive(false);
        checked->setChecked(false);
        m_group->setExclusive(true);
    }
}

void LanguageMenu::setBackend(const QString &backendId)
{
    m_backend = backendId;
    refresh();
}

void LanguageMenu::refresh()
{
    m_problems.clear();
    for (const Core::Language &language : m_languages.languages()) {
        QAction *action = m_actions.value(language.id);
        QString problem;
        QString tip;
        if (!language.canRun()) {
            problem = QStringLiteral("Sandpit can edit %1 files but cannot run them.").arg(language.name);
        } else if (m_backend == Core::kDockerBackendId) {
            tip = language.dockerImage.isEmpty()
                ? QString()
                : QStringLiteral("Runs in the Docker image %1.").arg(language.dockerImage);
        } else if (const auto found = Core::findToolchains(language, Core::defaultToolchainSearchPath()); !found) {
            problem = found.error().message;
        } else {
            tip = QStringLiteral("Runs with %1.").arg(found->compile.isEmpty() ? found->run : found->compile);
        }
        if (!problem.isEmpty())
            m_problems.insert(language.id, problem);
        const QString missing = language.canRun() ? QStringLiteral("not installed") : QStringLiteral("cannot run");
        action->setText(problem.isEmpty() ? language.name : QStringLiteral("%1 (%2)").arg(language.name, missing));
        action->setEnabled(problem.isEmpty());
        action->setToolTip(problem.isEmpty() ? tip : problem);
        action->setStatusTip(problem.isEmpty() ? tip : problem);
    }
}

} // namespace Sandpit::Ui
