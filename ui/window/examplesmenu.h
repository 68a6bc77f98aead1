#pragma once

#include "languages/languagefwd.h"

#include <QMenu>

namespace Sandpit::Ui {

/// File > Examples: the programs bundled under resources/examples/, each titled by its first
/// comment line and its language: "Ask for input (Python)".
class ExamplesMenu final : public QMenu
{
    Q_OBJECT
public:
    explicit ExamplesMenu(const Sandpit::Core::LanguageRegistry &languages, QWidget *parent = nullptr);

Q_SIGNALS:
    /// `fileName` is the example's own ("plot.py"), so its language follows from it.
    void exampleChosen(const QString &fileName, const QString &code);
};

} // namespace Sandpit::Ui
