#include "terminal/terminalframe.h"

#include <algorithm>

namespace Sandpit::Ui {

void TerminalFrame::merge(TerminalFrame &&newer)
{
    QByteArray allAnswers = answers + newer.answers;
    if (!newer.cleared) {
        // Lines newer took back are first the ones this frame was still to append.
        const int fromPushed = std::min<int>(newer.popped, int(pushed.size()));
        pushed.resize(pushed.size() - fromPushed);
        newer.popped += popped - fromPushed;
        newer.cleared = cleared;
        pushed.append(std::move(newer.pushed));
        const qsizetype excess = pushed.size() - TerminalScreen::kMaxScrollback;
        if (excess > 0)
            pushed.remove(0, excess);
        newer.pushed = std::move(pushed);
    }
    *this = std::move(newer);
    answers = std::move(allAnswers);
}

} // namespace Sandpit::Ui
