#pragma once

namespace Sandpit::Ui {

/// Where a piece of the pane's text came from; each has its own look.
enum class OutputKind { Stdout, Stderr, Input, Note, Error };

} // namespace Sandpit::Ui
