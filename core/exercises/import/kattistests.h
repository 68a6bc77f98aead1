#pragma once
// The parts of a Kattis package below data/, submissions/ and output_validators/.

#include "exercises/import/packdraft.h"

#include <expected>

namespace Sandpit::Core {

class ImportFiles;

/// data/sample → example tests, data/secret (nested groups included) → hidden tests, with
/// their testdata.yaml output_validator_flags and per-test .yaml args and hint.
std::expected<void, QString> readKattisTests(const ImportFiles &files, PackDraft &draft);
/// The checker that default-validator flags ("float_tolerance 1e-6", "case_sensitive") ask for,
/// as a TOML value; a flag it does not know is warned about, as `where`.
QString kattisCheckerForFlags(const QString &flags, const QString &where, QStringList &warnings);
/// submissions/ → solution and wrong programs; output_validators/ → the checker program.
void readKattisPrograms(const ImportFiles &files, PackDraft &draft);

} // namespace Sandpit::Core
