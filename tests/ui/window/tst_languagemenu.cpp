// The Language menu: every language listed, a missing toolchain shown greyed out with its
// install hint, never hidden and never a crash.
#include "languages/languageregistry.h"
#include "support/missingtoolchain.h"
#include "window/languagemenu.h"

#include <QAction>
#include <QTest>

using namespace Sandpit;

using Test::withMissingCompiler;

class TestLanguageMenu : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsEveryLanguage()
    {
        const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();
        Ui::LanguageMenu menu(languages);
        QCOMPARE(menu.actions().size(), languages.languages().size());
        for (const Core::Language &language : languages.languages()) {
            QAction *action = menu.action(language.id);
            QVERIFY2(action, qPrintable(language.id));
            QVERIFY(action->text().startsWith(language.name));
            QVERIFY(action->isCheckable());
        }
        QVERIFY2(menu.problem(QStringLiteral("python")).isEmpty(), qPrintable(menu.problem(QStringLiteral("python"))));
        QVERIFY(menu.action(QStringLiteral("python"))->isEnabled());
    }

    void missingToolchainIsGreyedOutWithTheInstallHint()
    {
        const Core::LanguageRegistry languages = withMissingCompiler();
        Ui::LanguageMenu menu(languages);
        QAction *rust = menu.action(QStringLiteral("rust"));
        QVERIFY(!rust->isEnabled());
        QCOMPARE(rust->text(), QStringLiteral("Rust (not installed)"));
        QVERIFY2(rust->toolTip().contains(QStringLiteral("sandpit-no-such-rustc")), qPrintable(rust->toolTip()));
        QVERIFY2(rust->toolTip().contains(QStringLiteral("sudo apt install rustc")), qPrintable(rust->toolTip()));
        QCOMPARE(rust->statusTip(), rust->toolTip());
        QCOMPARE(menu.problem(QStringLiteral("rust")), rust->toolTip());
        // The file that is open can still be of that language: it shows as current.
        menu.setCurrent(languages.find(QStringLiteral("rust")));
        QVERIFY(rust->isChecked());
    }

    void dockerBringsTheToolchainInItsImage()
    {
        const Core::LanguageRegistry languages = withMissingCompiler();
        Ui::LanguageMenu menu(languages);
        menu.setBackend(QStringLiteral("docker"));
        QAction *rust = menu.action(QStringLiteral("rust"));
        QVERIFY(rust->isEnabled());
        QVERIFY2(rust->toolTip().contains(QStringLiteral("rust:1-slim")), qPrintable(rust->toolTip()));
        menu.setBackend(QStringLiteral("local"));
        QVERIFY(!rust->isEnabled());
    }

    void choosingEmitsTheLanguage()
    {
        const Core::LanguageRegistry languages = Core::LanguageRegistry::builtIn();
        Ui::LanguageMenu menu(languages);
        QList<const Core::Language *> chosen;
        connect(&menu, &Ui::LanguageMenu::languageChosen, this, [&](const Core::Language *l) { chosen << l; });
        menu.action(QStringLiteral("c"))->trigger();
        QCOMPARE(chosen, QList<const Core::Language *>{languages.find(QStringLiteral("c"))});
        QVERIFY(menu.action(QStringLiteral("c"))->isChecked());
        menu.setCurrent(nullptr); // plain text
        QVERIFY(!menu.action(QStringLiteral("c"))->isChecked());
    }
};

QTEST_MAIN(TestLanguageMenu)
#include "tst_languagemenu.moc"
