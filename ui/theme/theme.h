#pragma once

#include <QColor>
#include <QMetaType>
#include <QPalette>
#include <QString>

#include <array>
#include <optional>

namespace Sandpit::Ui {

/// What a piece of source code is, as far as the editor's colours go. Each lexer's style
/// numbers map onto these (see lexertheme.h).
enum class Syntax {
    Default,
    Comment,
    String,
    Number,
    Keyword,
    Type, ///< a second keyword set: built-in types and names, Python's highlighted identifiers
    Operator,
    Identifier,
    Preprocessor, ///< also Python's decorators and a shell's command substitution
    ClassName,
    FunctionName,
    Error, ///< an unclosed string, a shell's error style: drawn on Theme::Editor::errorPaper
};
inline constexpr int kSyntaxCount = int(Syntax::Error) + 1;

/// A look for the whole window: the widgets' palette and the editor's colours. A value type;
/// light(), dark(), highContrast() and highContrastDark() are the four Sandpit has. Every
/// colour that carries text was chosen for its WCAG contrast with the paper it is drawn on
/// (tst_theme checks it): 4.5:1 at least, 7:1 in the high-contrast themes.
struct Theme {
    enum class Kind { Light, Dark, HighContrast, HighContrastDark };

    struct Editor {
        QColor paper;
        QColor text;
        QColor caret;
        int caretWidth = 1; ///< pixels, before zoom
        QColor caretLine;   ///< the background of the line holding the cursor
        QColor selection;
        QColor selectionText; ///< selected text is drawn in this one colour, so it stays readable
        QColor marginPaper;   ///< the line numbers' background
        QColor marginText;
        QColor braceMatchPaper;
        QColor braceMatchText;
        QColor braceBadText;
        QColor indentGuide;
        QColor errorPaper; ///< behind Syntax::Error and the error annotations
        QColor errorText;  ///< the error annotations' text
        QColor warningPaper;
        QColor warningText;
        bool boldKeywords = false;
        std::array<QColor, kSyntaxCount> syntax;

        QColor colour(Syntax s) const { return syntax[size_t(s)]; }
    };

    Kind kind = Kind::Light;
    QPalette palette;
    Editor editor;

    bool isDark() const { return kind == Kind::Dark || kind == Kind::HighContrastDark; }
    bool isHighContrast() const { return kind == Kind::HighContrast || kind == Kind::HighContrastDark; }

    static Theme light();
    static Theme dark();
    static Theme highContrast();
    static Theme highContrastDark();
    static Theme ofKind(Kind kind);
    /// What presentation mode shows for `chosen`: the high-contrast theme of the same
    /// lightness, so a dark choice stays dark on the projector.
    static Kind forPresentation(Kind chosen);

    /// "light", "dark", "high-contrast" or "high-contrast-dark": the values of the setting view/theme.
    static QString id(Kind kind);
    static std::optional<Kind> kindFromId(const QString &id);

    /// The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white).
    static double contrastRatio(const QColor &a, const QColor &b);
    /// The WCAG 2 relative luminance, from 0 (black) to 1 (white).
    static double luminance(const QColor &colour);
};

} // namespace Sandpit::Ui

Q_DECLARE_METATYPE(Sandpit::Ui::Theme)
