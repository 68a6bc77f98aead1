#pragma once

#include "languages/languagefwd.h"

#include <QHash>
#include <QMenu>

namespace Sandpit::Ui {

class LanguageMenu;

/// File > New From Template: one entry per language, each starting a new program from the
/// language's template. Given the Language menu, an entry follows its language's entry there
/// (greyed out, "(not installed)", the install hint as tooltip), so the two never disagree
/// about what can run and this menu looks for no toolchain itself.
class TemplatesMenu final : public QMenu
{
    Q_OBJECT
public:
    TemplatesMenu(const Core::LanguageRegistry &languages, const LanguageMenu *availability = nullptr,
                  QWidget *parent = nullptr);

    QAction *action(const QString &languageId) const { return m_actions.value(languageId); }

Q_SIGNALS:
    /// The language's templateCode is the new program's text.
    void templateChosen(const Sandpit::Core::Language *language);

private:
    const Core::LanguageRegistry &m_languages;
    QHash<QString, QAction *> m_actions;
};

} // namespace Sandpit::Ui
