#include "exercises/checkverdictstyle.h"

namespace Sandpit::Ui {

namespace {
// The Run pane's good, warning and bad tones, each with a lighter twin for a dark base; both
// keep 4.5:1 contrast with the base they are drawn on.
struct Tone {
    QColor onLight;
    QColor onDark;
};
const Tone kGood{QColor(0x2a, 0x70, 0x30), QColor(0x81, 0xc7, 0x84)};
const Tone kWarning{QColor(0x8a, 0x53, 0x00), QColor(0xff, 0xb7, 0x4d)};
const Tone kBad{QColor(0xc6, 0x28, 0x28), QColor(0xff, 0x8a, 0x80)};

Tone toneOf(Core::Verdict verdict)
{
    switch (verdict) {
    case Core::Verdict::Passed:
        return kGood;
    case Core::Verdict::WhitespaceOnly:
    case Core::Verdict::CheckerError:
    case Core::Verdict::Stopped:
        return kWarning;
    default:
        return kBad;
    }
}
} // namespace

QString verdictMark(Core::Verdict verdict)
{
    switch (verdict) {
    case Core::Verdict::Passed:
        return QStringLiteral("✓");
    case Core::Verdict::WhitespaceOnly:
        return QStringLiteral("≈");
    case Core::Verdict::TimeLimit:
        return QStringLiteral("⏱");
    case Core::Verdict::CheckerError:
        return QStringLiteral("⚠");
    case Core::Verdict::Stopped:
        return QStringLiteral("■");
    default:
        return QStringLiteral("✗");
    }
}

QColor verdictColour(Core::Verdict verdict, const QPalette &palette)
{
    const Tone tone = toneOf(verdict);
    return palette.color(QPalette::Base).lightnessF() < 0.5 ? tone.onDark : tone.onLight;
}

} // namespace Sandpit::Ui
