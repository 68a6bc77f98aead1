// Themes: readable colours in every theme, an editor whose every lexer style follows the
// theme, and "system" following the desktop's light or dark preference.

#include "editor/editorwidget.h"
#include "editor/lexertheme.h"
#include "languages/languageregistry.h"
#include "run/runpane.h"
#include "support/themetestsettings.h"
#include "theme/desktopcolorscheme.h"
#include "theme/glyphicon.h"
#include "theme/theme.h"
#include "theme/themecontroller.h"

#include <QApplication>
#include <QMainWindow>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

#include <functional>

using namespace Sandpit;
using Ui::Theme;

class TestTheme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void coloursAreReadable_data();
    void coloursAreReadable();
    void paletteIsReadable_data();
    void paletteIsReadable();
    void everyLexerStyleIsReadable_data();
    void everyLexerStyleIsReadable();
    void darkEditorHasDarkPaper();
    void switchingThemeRecoloursKeywords();
    void plainTextFollowsTheTheme();
    void diagnosticStylesKeepTheirNumbers();
    void systemFollowsADarkApplicationPalette();
    void preferenceOverridesTheDesktop();
    void portalAndGtkThemeOutrankThePalette();
    void followsADesktopPaletteChange();
    void followsAPlatformThemeChange();
    void ownPaletteIsNotTakenForTheDesktops();
    void runStatusIsReadableInEveryTheme();
    void toolbarIconsStandOutInEveryTheme();

private:
    ThemeTestSettings m_settings;
    Core::LanguageRegistry m_languages = Core::LanguageRegistry::builtIn();
};

namespace {
QPalette darkDesktopPalette()
{
    QPalette palette(QColor(0x30, 0x30, 0x30));
    palette.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    return palette;
}

// Makes `themes` take the desktop's scheme from the platform's palette alone: no GTK theme
// name to go by, and platform changes followed.
void followOnlyThePlatform(Ui::ThemeController &themes)
{
    themes.desktop().setGtkTheme(QString());
    themes.followPlatformChanges();
}

QColor styleColour(Ui::EditorWidget &editor, int message, int style)
{
    const long bgr = editor.SendScintilla(message, style);
    return QColor(int(bgr & 0xff), int((bgr >> 8) & 0xff), int((bgr >> 16) & 0xff));
}

QColor foreground(Ui::EditorWidget &editor, int style)
{
    return styleColour(editor, QsciScintillaBase::SCI_STYLEGETFORE, style);
}

QColor background(Ui::EditorWidget &editor, int style)
{
    return styleColour(editor, QsciScintillaBase::SCI_STYLEGETBACK, style);
}

void addThemeRows()
{
    QTest::addColumn<int>("kind");
    for (Theme::Kind kind :
         {Theme::Kind::Light, Theme::Kind::Dark, Theme::Kind::HighContrast, Theme::Kind::HighContrastDark})
        QTest::newRow(qPrintable(Theme::id(kind))) << int(kind);
}

/// What a user needs: normal text at 4.5:1 (WCAG AA), 7:1 (AAA) in the high-contrast themes.
double wanted(const Theme &theme)
{
    return theme.isHighContrast() ? 7.0 : 4.5;
}

#define CHECK_CONTRAST(what, fore, back, minimum)                                                                      \
    QVERIFY2(Theme::contrastRatio(fore, back) >= (minimum),                                                            \
             qPrintable(QStringLiteral("%1: %2 on %3 is %4:1, wanted %5:1")                                            \
                            .arg(QStringLiteral(what), QColor(fore).name(), QColor(back).name())                       \
                            .arg(Theme::contrastRatio(fore, back), 0, 'f', 2)                                          \
                            .arg(minimum)))
} // namespace

void TestTheme::initTestCase()
{
    QVERIFY(m_settings.setUp("tst_theme"));
}

void TestTheme::init()
{
    m_settings.reset();
}

void TestTheme::coloursAreReadable_data()
{
    addThemeRows();
}

void TestTheme::coloursAreReadable()
{
    QFETCH(int, kind);
    const Theme theme = Theme::ofKind(Theme::Kind(kind));
    const Theme::Editor &e = theme.editor;
    CHECK_CONTRAST("text on paper", e.text, e.paper, 7.0);
    for (int i = 0; i < Ui::kSyntaxCount; ++i) {
        const auto syntax = Ui::Syntax(i);
        const QColor paper = syntax == Ui::Syntax::Error ? e.errorPaper : e.paper;
        CHECK_CONTRAST("syntax colour on paper", e.colour(syntax), paper, wanted(theme));
        // The line holding the cursor is the one being read.
        if (syntax != Ui::Syntax::Error)
            CHECK_CONTRAST("syntax colour on the caret line", e.colour(syntax), e.caretLine, wanted(theme));
    }
    CHECK_CONTRAST("selected text", e.selectionText, e.selection, wanted(theme));
    CHECK_CONTRAST("line numbers", e.marginText, e.marginPaper, wanted(theme));
    CHECK_CONTRAST("matched brace", e.braceMatchText, e.braceMatchPaper, wanted(theme));
    CHECK_CONTRAST("unmatched brace", e.braceBadText, e.paper, wanted(theme));
    CHECK_CONTRAST("error note", e.errorText, e.errorPaper, wanted(theme));
    CHECK_CONTRAST("warning note", e.warningText, e.warningPaper, wanted(theme));
}

void TestTheme::paletteIsReadable_data()
{
    addThemeRows();
}

void TestTheme::paletteIsReadable()
{
    QFETCH(int, kind);
    const Theme theme = Theme::ofKind(Theme::Kind(kind));
    const QPalette &p = theme.palette;
    CHECK_CONTRAST("text", p.color(QPalette::Text), p.color(QPalette::Base), wanted(theme));
    CHECK_CONTRAST("window text", p.color(QPalette::WindowText), p.color(QPalette::Window), wanted(theme));
    CHECK_CONTRAST("button text", p.color(QPalette::ButtonText), p.color(QPalette::Button), wanted(theme));
    CHECK_CONTRAST("selection", p.color(QPalette::HighlightedText), p.color(QPalette::Highlight), wanted(theme));
    CHECK_CONTRAST("tooltip", p.color(QPalette::ToolTipText), p.color(QPalette::ToolTipBase), wanted(theme));
    CHECK_CONTRAST("placeholder", p.color(QPalette::PlaceholderText), p.color(QPalette::Base), wanted(theme));
    CHECK_CONTRAST("link", p.color(QPalette::Link), p.color(QPalette::Base), wanted(theme));
    CHECK_CONTRAST("alternate rows", p.color(QPalette::Text), p.color(QPalette::AlternateBase), wanted(theme));
}

void TestTheme::everyLexerStyleIsReadable_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("kind");
    for (const char *language : {"python", "c", "cpp", "java", "javascript", "bash", "rust"}) {
        for (Theme::Kind kind :
             {Theme::Kind::Light, Theme::Kind::Dark, Theme::Kind::HighContrast, Theme::Kind::HighContrastDark})
            QTest::addRow("%s/%s", language, qPrintable(Theme::id(kind))) << QString::fromLatin1(language) << int(kind);
    }
}

void TestTheme::everyLexerStyleIsReadable()
{
    QFETCH(QString, language);
    QFETCH(int, kind);
    const Theme theme = Theme::ofKind(Theme::Kind(kind));
    Ui::EditorWidget editor;
    editor.setTheme(theme);
    editor.setLanguage(m_languages.find(language));
    QVERIFY(editor.lexer());
    int described = 0;
    for (int style = 0; style < 128; ++style) {
        if (editor.lexer()->description(style).isEmpty())
            continue;
        ++described;
        // What Scintilla draws with, not what the lexer object holds.
        const QColor fore = foreground(editor, style);
        const QColor back = background(editor, style);
        QVERIFY2(Ui::syntaxOfStyle(*editor.lexer(), style).has_value(), qPrintable(QString::number(style)));
        const bool error = *Ui::syntaxOfStyle(*editor.lexer(), style) == Ui::Syntax::Error;
        QCOMPARE(back, error ? theme.editor.errorPaper : theme.editor.paper);
        CHECK_CONTRAST("lexer style", fore, back, wanted(theme));
    }
    QVERIFY(described >= 14); // Bash has the fewest
}

void TestTheme::darkEditorHasDarkPaper()
{
    Ui::EditorWidget editor;
    editor.setLanguage(m_languages.find(QStringLiteral("python")));
    editor.setTheme(Theme::dark());
    // Below the last line too, where no lexer style reaches.
    for (int style : {0, int(QsciScintillaBase::STYLE_DEFAULT), int(QsciLexerPython::Comment)})
        QVERIFY2(Theme::luminance(background(editor, style)) < 0.05, qPrintable(background(editor, style).name()));
    QCOMPARE(background(editor, QsciScintillaBase::STYLE_LINENUMBER), Theme::dark().editor.marginPaper);
    QCOMPARE(foreground(editor, QsciScintillaBase::STYLE_LINENUMBER), Theme::dark().editor.marginText);
    QCOMPARE(long(editor.SendScintilla(QsciScintillaBase::SCI_GETCARETLINEBACK)) & 0xffffff,
             long(Theme::dark().editor.caretLine.blue() << 16 | Theme::dark().editor.caretLine.green() << 8
                  | Theme::dark().editor.caretLine.red()));
}

void TestTheme::switchingThemeRecoloursKeywords()
{
    Ui::EditorWidget editor;
    editor.setLanguage(m_languages.find(QStringLiteral("python")));
    editor.setText(QStringLiteral("def f():\n    return 1\n"));
    const int keyword = QsciLexerPython::Keyword;
    QCOMPARE(foreground(editor, keyword), Theme::light().editor.colour(Ui::Syntax::Keyword));
    editor.setTheme(Theme::dark());
    QCOMPARE(foreground(editor, keyword), Theme::dark().editor.colour(Ui::Syntax::Keyword));
    QVERIFY(foreground(editor, keyword) != Theme::light().editor.colour(Ui::Syntax::Keyword));
    // A new lexer (another language) keeps the theme.
    editor.setLanguage(m_languages.find(QStringLiteral("cpp")));
    QCOMPARE(foreground(editor, QsciLexerCPP::Keyword), Theme::dark().editor.colour(Ui::Syntax::Keyword));
    QCOMPARE(background(editor, QsciScintillaBase::STYLE_DEFAULT), Theme::dark().editor.paper);
    // High contrast makes keywords bold as well.
    // (QScintilla hands Scintilla the font weight negated.)
    const auto weight = [&editor] {
        return std::abs(editor.SendScintilla(QsciScintillaBase::SCI_STYLEGETWEIGHT, QsciLexerCPP::Keyword));
    };
    editor.setTheme(Theme::highContrast());
    QCOMPARE(weight(), long(QFont::Bold));
    editor.setTheme(Theme::light());
    QCOMPARE(weight(), long(QFont::Normal));
}

void TestTheme::plainTextFollowsTheTheme()
{
    Ui::EditorWidget editor;
    editor.setLanguage(nullptr);
    editor.setTheme(Theme::dark());
    QCOMPARE(background(editor, 0), Theme::dark().editor.paper);
    QCOMPARE(foreground(editor, 0), Theme::dark().editor.text);
    QCOMPARE(background(editor, QsciScintillaBase::STYLE_DEFAULT), Theme::dark().editor.paper);
    // Going from a language back to plain text keeps it too.
    editor.setLanguage(m_languages.find(QStringLiteral("python")));
    editor.setLanguage(nullptr);
    QCOMPARE(background(editor, 0), Theme::dark().editor.paper);
}

void TestTheme::diagnosticStylesKeepTheirNumbers()
{
    // QsciStyle has 24 style numbers for the whole process: tabs, languages and themes must
    // not use them up.
    for (int i = 0; i < 30; ++i)
        Ui::EditorWidget tab;
    Ui::EditorWidget editor;
    editor.setText(QStringLiteral("x = (\n"));
    for (int i = 0; i < 30; ++i) {
        editor.setLanguage(m_languages.find(i % 2 ? QStringLiteral("python") : QStringLiteral("cpp")));
        editor.setTheme(i % 2 ? Theme::dark() : Theme::light());
    }
    Ui::EditorWidget another;
    Core::Diagnostic error;
    error.line = 1;
    error.severity = Core::Diagnostic::Severity::Error;
    error.message = QStringLiteral("'(' was never closed");
    another.setText(QStringLiteral("x = (\n"));
    another.setTheme(Theme::dark());
    another.showDiagnostics({error});
    const int style = int(another.SendScintilla(QsciScintillaBase::SCI_ANNOTATIONGETSTYLE, 0));
    QVERIFY2(style > QsciScintillaBase::STYLE_LASTPREDEFINED, qPrintable(QString::number(style)));
    QCOMPARE(background(another, style), Theme::dark().editor.errorPaper);
    QCOMPARE(foreground(another, style), Theme::dark().editor.errorText);
}

void TestTheme::systemFollowsADarkApplicationPalette()
{
    // The desktop's palette, as a platform theme (KDE's, qt6ct) hands it to Qt.
    QApplication::setPalette(darkDesktopPalette());
    Ui::ThemeController themes;
    QCOMPARE(themes.preference(), QStringLiteral("system"));
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    // Sandpit's own dark palette replaces the desktop's.
    QCOMPARE(QGuiApplication::palette().color(QPalette::Base), Theme::dark().palette.color(QPalette::Base));

    m_settings.restorePalette();
    Ui::ThemeController onLight;
    QCOMPARE(onLight.theme().kind, Theme::Kind::Light);
}

void TestTheme::preferenceOverridesTheDesktop()
{
    QApplication::setPalette(darkDesktopPalette());
    QSettings().setValue(QStringLiteral("view/theme"), QStringLiteral("light"));
    Ui::ThemeController themes;
    QCOMPARE(themes.theme().kind, Theme::Kind::Light);
    QSignalSpy changed(&themes, &Ui::ThemeController::themeChanged);
    themes.setPreference(QStringLiteral("high-contrast"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<Theme>().kind, Theme::Kind::HighContrast);
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("high-contrast"));
    QCOMPARE(QGuiApplication::palette().color(QPalette::Text), Theme::highContrast().palette.color(QPalette::Text));
    themes.setPreference(QStringLiteral("system"));
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    themes.setPreference(QStringLiteral("no such theme"));
    QCOMPARE(themes.preference(), QStringLiteral("system"));
    // Presentation mode shows the high-contrast theme of the same lightness, and ends.
    themes.setPresenting(true);
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrastDark);
    themes.setPreference(QStringLiteral("light"));
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrast);
    themes.setPreference(QStringLiteral("high-contrast-dark"));
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrastDark);
    themes.setPresenting(false);
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrastDark);
    themes.setPreference(QStringLiteral("system"));
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
}

void TestTheme::portalAndGtkThemeOutrankThePalette()
{
    using Scheme = Ui::DesktopColorScheme::Scheme;
    Ui::ThemeController themes; // a light desktop palette
    Ui::DesktopColorScheme &desktop = themes.desktop();
    desktop.setGtkTheme(QString());
    QCOMPARE(themes.theme().kind, Theme::Kind::Light);
    desktop.setGtkTheme(QStringLiteral("Adwaita:dark"));
    QCOMPARE(desktop.scheme(), Scheme::Dark);
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    // GNOME's "Default" style says light through the portal.
    desktop.setPortalValue(2);
    QCOMPARE(themes.theme().kind, Theme::Kind::Light);
    desktop.setPortalValue(1);
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    // No preference: the next source decides.
    desktop.setPortalValue(0);
    desktop.setGtkTheme(QString());
    QCOMPARE(desktop.scheme(), Scheme::Light);
    QCOMPARE(themes.theme().kind, Theme::Kind::Light);
}

void TestTheme::followsADesktopPaletteChange()
{
    Ui::ThemeController themes;
    followOnlyThePlatform(themes);
    QCOMPARE(themes.theme().kind, Theme::Kind::Light);
    QSignalSpy changed(&themes, &Ui::ThemeController::themeChanged);
    // Something else sets the application palette, as a platform theme does on a change.
    QApplication::setPalette(darkDesktopPalette());
    QTRY_COMPARE(themes.theme().kind, Theme::Kind::Dark);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(QGuiApplication::palette().color(QPalette::Window), Theme::dark().palette.color(QPalette::Window));
    // With the preference set, the desktop is not followed.
    themes.setPreference(QStringLiteral("light"));
    QApplication::setPalette(darkDesktopPalette());
    QTRY_COMPARE(QGuiApplication::palette().color(QPalette::Window), Theme::light().palette.color(QPalette::Window));
    QCOMPARE(themes.theme().kind, Theme::Kind::Light);
}

void TestTheme::followsAPlatformThemeChange()
{
    // Started on a dark desktop; the desktop then turns light. Sandpit's own palette hides the
    // desktop's, so the controller must look past it.
    QApplication::setPalette(darkDesktopPalette());
    Ui::ThemeController themes;
    followOnlyThePlatform(themes);
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    QMainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The offscreen platform's theme is light: a ThemeChange reveals it.
    QEvent themeChange(QEvent::ThemeChange);
    QCoreApplication::sendEvent(window.windowHandle(), &themeChange);
    QTRY_COMPARE(themes.theme().kind, Theme::Kind::Light);
    QCOMPARE(QGuiApplication::palette().color(QPalette::Base), Theme::light().palette.color(QPalette::Base));
}

void TestTheme::ownPaletteIsNotTakenForTheDesktops()
{
    QApplication::setPalette(darkDesktopPalette());
    Ui::ThemeController themes;
    followOnlyThePlatform(themes);
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    // Presentation mode's palette is Sandpit's, not the desktop changing.
    themes.setPresenting(true);
    QCoreApplication::processEvents();
    QCOMPARE(themes.theme().kind, Theme::Kind::HighContrastDark);
    themes.setPresenting(false);
    QCoreApplication::processEvents();
    QCOMPARE(themes.theme().kind, Theme::Kind::Dark);
    QCOMPARE(QGuiApplication::palette().color(QPalette::Window), Theme::dark().palette.color(QPalette::Window));
}

void TestTheme::runStatusIsReadableInEveryTheme()
{
    Ui::RunPane pane;
    Core::RunResult crashed;
    crashed.signal = 11;
    crashed.killReason = Core::KillReason::Signal;
    Core::RunResult finished;
    finished.exitCode = 0;
    Core::RunResult failed;
    failed.exitCode = 3;
    const std::function<void()> statuses[] = {
        [&pane] { pane.showReady(); },
        [&pane] { pane.showRunning(QStringLiteral("main.py")); },
        [&pane, &finished] { pane.showResult(finished); },
        [&pane, &crashed] { pane.showResult(crashed); },
        [&pane, &failed] { pane.showResult(failed); },
    };
    for (Theme::Kind kind :
         {Theme::Kind::Light, Theme::Kind::Dark, Theme::Kind::HighContrast, Theme::Kind::HighContrastDark}) {
        const Theme theme = Theme::ofKind(kind);
        QApplication::setPalette(theme.palette);
        // Widgets learn of a new application palette in a later turn of the event loop.
        QTRY_COMPARE(pane.palette().color(QPalette::Window), theme.palette.color(QPalette::Window));
        for (const auto &show : statuses) {
            show();
            CHECK_CONTRAST("run status", pane.statusColour(), theme.palette.color(QPalette::Window), 4.5);
        }
    }
    // A theme change repaints the status shown.
    QApplication::setPalette(Theme::light().palette);
    QTRY_COMPARE(pane.palette().color(QPalette::Window), Theme::light().palette.color(QPalette::Window));
    pane.showReady();
    const QColor onLight = pane.statusColour();
    QApplication::setPalette(Theme::dark().palette);
    QTRY_VERIFY(pane.statusColour() != onLight);
}

void TestTheme::toolbarIconsStandOutInEveryTheme()
{
    // The stock icons were black: on the dark toolbar, Run and Presentation Mode vanished.
    // Each icon, as its button draws it, must hold pixels at 3:1 against the toolbar (WCAG's
    // minimum for graphics), through theme switches back and forth.
    QToolBar bar;
    bar.setToolButtonStyle(Qt::ToolButtonIconOnly);
    bar.setIconSize(QSize(24, 24));
    const Ui::Glyph glyphs[] = {Ui::Glyph::Run, Ui::Glyph::RunWithInput, Ui::Glyph::Stop, Ui::Glyph::Presentation,
                                Ui::Glyph::Repl};
    QList<QAction *> actions;
    for (Ui::Glyph glyph : glyphs)
        actions << bar.addAction(Ui::glyphIcon(glyph), QStringLiteral("glyph %1").arg(int(glyph)));
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    for (Theme::Kind kind : {Theme::Kind::Dark, Theme::Kind::Light, Theme::Kind::HighContrast,
                             Theme::Kind::HighContrastDark, Theme::Kind::Dark}) {
        const Theme theme = Theme::ofKind(kind);
        QApplication::setPalette(theme.palette);
        QTRY_COMPARE(bar.palette().color(QPalette::Window), theme.palette.color(QPalette::Window));
        for (QAction *action : actions) {
            auto *button = qobject_cast<QToolButton *>(bar.widgetForAction(action));
            QVERIFY(button);
            const QImage image = button->grab().toImage();
            const QColor back = theme.palette.color(QPalette::Window);
            double best = 1.0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x)
                    best = std::max(best, Theme::contrastRatio(image.pixelColor(x, y), back));
            }
            QVERIFY2(best >= 3.0,
                     qPrintable(QStringLiteral("%1 in the %2 theme: best contrast %3:1 on %4")
                                    .arg(action->text(), Theme::id(kind))
                                    .arg(best, 0, 'f', 2)
                                    .arg(back.name())));
        }
    }
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
