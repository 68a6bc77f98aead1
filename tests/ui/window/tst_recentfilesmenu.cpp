// File > Open Recent: most recent first, each file once, ten at most, a missing file shown
// disabled, Clear, and the list kept in the settings.
#include "window/recentfilesmenu.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandpit;

namespace {
constexpr int kTimeoutMs = 10'000;

QAction *actionFor(const QMenu &menu, const QString &path)
{
    for (QAction *action : menu.actions()) {
        if (action->data().toString() == path)
            return action;
    }
    return nullptr;
}

QAction *clearAction(const QMenu &menu)
{
    for (QAction *action : menu.actions()) {
        if (action->objectName() == QLatin1String("actionClearRecentFiles"))
            return action;
    }
    return nullptr;
}
} // namespace

class TestRecentFilesMenu : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString file(const QString &name, bool create = true)
    {
        const QString path = m_dir.filePath(name);
        if (create) {
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly))
                qFatal("cannot create %s", qPrintable(path));
        }
        return path;
    }
    QString settingsFile() const { return m_dir.filePath(QStringLiteral("settings.ini")); }

private Q_SLOTS:
    void init() { QFile::remove(settingsFile()); }

    void mostRecentFirstEachOnce()
    {
        Ui::RecentFilesMenu menu(nullptr, settingsFile());
        const QString a = file(QStringLiteral("a.py")), b = file(QStringLiteral("b.py")),
                      c = file(QStringLiteral("c.py"));
        menu.add(a);
        menu.add(b);
        menu.add(c);
        menu.add(a);
        QCOMPARE(menu.files(), (QStringList{a, c, b}));
        QVERIFY2(menu.actions().first()->text().startsWith(QStringLiteral("&1 a.py")),
                 qPrintable(menu.actions().first()->text()));
        // Another spelling of the same file is the same entry.
        menu.add(m_dir.path() + QStringLiteral("/./sub/../b.py"));
        QCOMPARE(menu.files(), (QStringList{b, a, c}));
        QVERIFY(QFile::link(c, m_dir.filePath(QStringLiteral("link.py"))));
        menu.add(m_dir.filePath(QStringLiteral("link.py")));
        QTRY_COMPARE_WITH_TIMEOUT(menu.files(), (QStringList{c, b, a}), kTimeoutMs);
    }

    void relativePathsBecomeAbsolute()
    {
        Ui::RecentFilesMenu menu(nullptr, settingsFile());
        const QString a = file(QStringLiteral("rel.py"));
        const QString before = QDir::currentPath();
        QDir::setCurrent(m_dir.path());
        menu.add(QStringLiteral("rel.py"));
        QDir::setCurrent(before);
        QCOMPARE(menu.files(), QStringList{a});
    }

    void keepsTheLastTen()
    {
        Ui::RecentFilesMenu menu(nullptr, settingsFile());
        for (int i = 0; i < 12; ++i)
            menu.add(file(QStringLiteral("f%1.py").arg(i)));
        QCOMPARE(menu.files().size(), Ui::RecentFilesMenu::kMaxFiles);
        QCOMPARE(menu.files().first(), file(QStringLiteral("f11.py")));
        QCOMPARE(menu.files().last(), file(QStringLiteral("f2.py")));
        QVERIFY(!menu.files().contains(file(QStringLiteral("f1.py"))));
        QVERIFY(menu.actions().at(9)->text().startsWith(QStringLiteral("&0 f2.py")));
    }

    void missingFileIsShownDisabled()
    {
        Ui::RecentFilesMenu menu(nullptr, settingsFile());
        const QString here = file(QStringLiteral("here.py"));
        const QString gone = file(QStringLiteral("gone.py"), false);
        menu.add(gone);
        menu.add(here);
        QTRY_VERIFY_WITH_TIMEOUT(!actionFor(menu, gone)->isEnabled(), kTimeoutMs);
        QVERIFY2(actionFor(menu, gone)->text().endsWith(QStringLiteral("(missing)")),
                 qPrintable(actionFor(menu, gone)->text()));
        QVERIFY(actionFor(menu, here)->isEnabled());
        QVERIFY(!actionFor(menu, here)->text().contains(QStringLiteral("missing")));
        QCOMPARE(menu.files(), (QStringList{here, gone})); // still listed

        // It is looked at again when the menu is about to show.
        file(QStringLiteral("gone.py"));
        Q_EMIT menu.aboutToShow();
        QTRY_VERIFY_WITH_TIMEOUT(actionFor(menu, gone)->isEnabled(), kTimeoutMs);
        QVERIFY(!actionFor(menu, gone)->text().contains(QStringLiteral("missing")));
        QVERIFY(QFile::remove(here));
        Q_EMIT menu.aboutToShow();
        QTRY_VERIFY_WITH_TIMEOUT(!actionFor(menu, here)->isEnabled(), kTimeoutMs);
    }

    void choosingEmitsThePath()
    {
        Ui::RecentFilesMenu menu(nullptr, settingsFile());
        const QString a = file(QStringLiteral("a.py"));
        menu.add(a);
        QSignalSpy chosen(&menu, &Ui::RecentFilesMenu::fileChosen);
        actionFor(menu, a)->trigger();
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toString(), a);
    }

    void clearEmptiesMenuAndSettings()
    {
        Ui::RecentFilesMenu menu(nullptr, settingsFile());
        menu.add(file(QStringLiteral("a.py")));
        QVERIFY(clearAction(menu)->isEnabled());
        clearAction(menu)->trigger();
        QVERIFY(menu.files().isEmpty());
        QVERIFY(!clearAction(menu)->isEnabled());
        QVERIFY(menu.actions().first()->text().contains(QStringLiteral("No recent files")));
        QVERIFY(!menu.actions().first()->isEnabled());
        Ui::RecentFilesMenu again(nullptr, settingsFile());
        QVERIFY(again.files().isEmpty());
    }

    void keptInTheSettings()
    {
        const QString a = file(QStringLiteral("a.py")), b = file(QStringLiteral("b.py"));
        {
            Ui::RecentFilesMenu menu(nullptr, settingsFile());
            menu.add(a);
            menu.add(b);
        }
        QSettings settings(settingsFile(), QSettings::IniFormat);
        QCOMPARE(settings.value(QLatin1String(Ui::RecentFilesMenu::kSettingsKey)).toStringList(), (QStringList{b, a}));
        Ui::RecentFilesMenu reopened(nullptr, settingsFile());
        QCOMPARE(reopened.files(), (QStringList{b, a}));
        QVERIFY(actionFor(reopened, b));
    }
};

QTEST_MAIN(TestRecentFilesMenu)
#include "tst_recentfilesmenu.moc"
