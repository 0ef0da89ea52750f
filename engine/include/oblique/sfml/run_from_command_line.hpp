#pragma once
/// main() for a small game: runs it in a window, or, with `--frames N [--screenshot FILE]`,
/// headless for N frames (saving the last one), so every game can be smoke-tested under Xvfb;
/// `--help` prints its usage.

#include "oblique/sfml/game.hpp"

#include <string_view>

namespace oblique
{

/// Applies the command line to the game and runs it. Returns the process exit code: 0 after a
/// normal run, or after printing the usage to stdout for `-h` or `--help` (the game is not run);
/// 1 when the run failed; 2 for a command line it does not understand, without running the game.
/// Failures are one line on stderr, prefixed with name and giving the reason.
///
/// \code
/// int main(int argc, char** argv)
/// {
///     MyGame game;
///     game.setTitle("My game");
///     return oblique::runFromCommandLine(game, "my-game", argc, argv);
/// }
/// \endcode
int runFromCommandLine(Game& game, std::string_view name, int argc, char** argv);

} // namespace oblique
