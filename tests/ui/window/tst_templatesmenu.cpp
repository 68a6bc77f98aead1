// File > New From Template: one entry per language, the chosen one's template, and a language
// the Language menu greys out greyed out here too.
#include "languages/languageregistry.h"
#include "support/missingtoolchain.h"
#include "window/languagemenu.h"
#include "window/templatesmenu.h"

#include <QAction>
#include <QTest>

using namespace Sandpit;

using Test::withMissingCompiler;

class TestTemplatesMenu : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneEntryPerLanguage()
    {
        const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();
        Ui::TemplatesMenu menu(languages);
        QCOMPARE(menu.actions().size(), languages.languages().size());
        for (int i = 0; i < languages.languages().size(); ++i) {
            const Core::Language &language = languages.languages().at(i);
            QCOMPARE(menu.actions().at(i)->text(), language.name);
            QCOMPARE(menu.action(language.id), menu.actions().at(i));
        }
    }

    void choosingGivesTheLanguageAndItsTemplate()
    {
        const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();
        Ui::TemplatesMenu menu(languages);
        QList<const Core::Language *> chosen;
        connect(&menu, &Ui::TemplatesMenu::templateChosen, this, [&](const Core::Language *l) { chosen << l; });
        menu.action(QStringLiteral("cpp"))->trigger();
        QCOMPARE(chosen.size(), 1);
        const Core::Language *language = chosen.first();
        QVERIFY(language);
        QCOMPARE(language->id, QStringLiteral("cpp"));
        QVERIFY2(language->templateCode.contains(QStringLiteral("std::cout")), qPrintable(language->templateCode));
    }

    void followsTheLanguageMenu()
    {
        const Core::LanguageRegistry languages = withMissingCompiler();
        Ui::LanguageMenu languageMenu(languages);
        Ui::TemplatesMenu menu(languages, &languageMenu);
        QAction *rust = menu.action(QStringLiteral("rust"));
        QVERIFY(!rust->isEnabled());
        QCOMPARE(rust->text(), QStringLiteral("Rust (not installed)"));
        QVERIFY2(rust->toolTip().contains(QStringLiteral("sudo apt install rustc")), qPrintable(rust->toolTip()));
        QVERIFY(menu.action(QStringLiteral("python"))->isEnabled());
        QCOMPARE(menu.action(QStringLiteral("python"))->text(), QStringLiteral("Python"));
        // Docker brings the toolchain in its image: both menus change together.
        languageMenu.setBackend(QStringLiteral("docker"));
        QVERIFY(rust->isEnabled());
        QCOMPARE(rust->text(), QStringLiteral("Rust"));
        languageMenu.setBackend(QStringLiteral("local"));
        QVERIFY(!rust->isEnabled());
    }
};

QTEST_MAIN(TestTemplatesMenu)
#include "tst_templatesmenu.moc"
