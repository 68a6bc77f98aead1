#pragma once
// The Check pane's fixture exercise (tests/fixtures/packs/checkui: "sum", three tests, two
// hints) opened in a test window, with the learner's file holding the code a test gives.

#include "exercises/openexercise.h"
#include "exercises/packloader.h"
#include "support/testfiles.h"
#include "window/mainwindow.h"

#include <QTemporaryDir>
#include <QTest>

namespace SandpitTest {

inline QString checkFixturePack()
{
    return qEnvironmentVariable("SANDPIT_FIXTURES_DIR", QStringLiteral(SANDPIT_FIXTURES_DIR))
        + QStringLiteral("/packs/checkui");
}

/// Opens the fixture's "sum" in Python with `code` as the learner's sum.py in `dir`; true once
/// `editorText()` shows it.
template<typename EditorText>
bool openCheckFixture(Sandpit::Ui::MainWindow &window, const QTemporaryDir &dir, const QByteArray &code,
                      EditorText editorText)
{
    using namespace Sandpit;
    const auto course = Core::PackLoader(dir.filePath(QStringLiteral("packs"))).load(checkFixturePack());
    if (!course)
        return false;
    window.openExercise(Ui::OpenExercise{*course, QStringLiteral("sum"), QStringLiteral("python"),
                                         writeInto(dir, QStringLiteral("learner/sum.py"), code)});
    return QTest::qWaitFor([&] { return editorText() == QString::fromUtf8(code); }, 5000);
}

} // namespace SandpitTest
