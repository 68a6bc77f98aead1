#include "window/templatesmenu.h"

#include "languages/languageregistry.h"
#include "window/languagemenu.h"

namespace Sandpit::Ui {

namespace {
void follow(QAction *action, const QAction *model)
{
    action->setText(model->text());
    action->setEnabled(model->isEnabled());
    action->setToolTip(model->toolTip());
    action->setStatusTip(model->statusTip());
}
} // namespace

TemplatesMenu::TemplatesMenu(const Core::LanguageRegistry &languages, const LanguageMenu *availability, QWidget *parent)
    : QMenu(QStringLiteral("New From Te&mplate"), parent)
    , m_languages(languages)
{
    setObjectName(QStringLiteral("templatesMenu"));
    setToolTipsVisible(true);
    for (const Core::Language &language : languages.languages()) {
        QAction *action = addAction(language.name);
        action->setObjectName(QStringLiteral("template:") + language.id);
        m_actions.insert(language.id, action);
        const QString id = language.id;
        connect(action, &QAction::triggered, this, [this, id] {
            if (const Core::Language *chosen = m_languages.find(id))
                Q_EMIT templateChosen(chosen);
        });
        // QAction::changed fires on every refresh of the Language menu (a backend switch, the
        // menu opened after an install), so this entry is never behind it.
        if (const QAction *model = availability ? availability->action(id) : nullptr) {
            follow(action, model);
            connect(model, &QAction::changed, action, [action, model] { follow(action, model); });
        }
    }
}

} // namespace Sandpit::Ui
