#pragma once

// The built-in languages with Rust's compiler renamed to one no machine has: a language whose
// toolchain is missing, for the menus that grey such a language out.
#include "languages/languageregistry.h"

#include <QFile>

namespace Sandpit::Test {

inline Core::LanguageRegistry withMissingCompiler()
{
    QFile file(QStringLiteral(":/sandpit/languages/languages.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no built-in languages");
    auto registry = Core::LanguageRegistry::fromJson(
        file.readAll(), R"({"languages": [{"id": "rust", "compile": {"toolchain": ["sandpit-no-such-rustc"]},
                                           "install": "sudo apt install rustc"}]})");
    if (!registry)
        qFatal("%s", qPrintable(registry.error()));
    return *registry;
}

} // namespace Sandpit::Test
