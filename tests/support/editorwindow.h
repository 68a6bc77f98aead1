#pragma once

// The code editor above the find bar in a window of their own, as the main window holds them,
// for the tests of the editor's find and edit actions.

#include "editor/editorwidget.h"
#include "editor/findbar.h"

#include <QApplication>
#include <QTest>
#include <QVBoxLayout>

#include <memory>

struct EditorWindow {
    std::unique_ptr<QWidget> window = std::make_unique<QWidget>();
    Sandpit::Ui::EditorWidget *editor = new Sandpit::Ui::EditorWidget(window.get());
    Sandpit::Ui::FindBar *bar = new Sandpit::Ui::FindBar(window.get());

    EditorWindow()
    {
        auto *layout = new QVBoxLayout(window.get());
        layout->addWidget(editor);
        layout->addWidget(bar);
    }

    /// Shows the window at `size` and makes it the active one, so that keys reach it; false
    /// if it never became active.
    bool showActive(QSize size)
    {
        window->resize(size);
        window->show();
        QApplication::setActiveWindow(window.get());
        return QTest::qWaitForWindowActive(window.get());
    }
};
