#pragma once

// What `tsubame --version` prints: the engine's name and version, the git commit it was built
// from and the build date. Only version.cpp gets the commit (a compile definition made when
// CMake configures), so a new commit recompiles that one file.

#include <string>

namespace tsubame::usi {

/// `Tsubame 0.1`, `commit <git describe --always --dirty>` (or `commit unknown` outside a git
/// checkout), `built <YYYY-MM-DD> with <compiler>` and `eval net <hash>: <its description>` (the
/// built-in net), one per line.
std::string version_text();

} // namespace tsubame::usi
