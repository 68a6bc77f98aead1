#pragma once

// Forward declarations for headers that only pass languages around by
// reference or pointer, so they need not pull in the registry's JSON and
// Qt container includes.
namespace Sandpit::Core {
struct Language;
class LanguageRegistry;
} // namespace Sandpit::Core
