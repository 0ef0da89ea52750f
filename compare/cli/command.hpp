#pragma once
// The subcommands of the `oblique` program. Each lives in its own source file and registers itself
// on the top-level parser; main() runs the one the user chose.

#include <CLI/CLI.hpp>
#include <functional>
#include <stdexcept>
#include <string>

namespace oblique::cli
{

/// Exit codes shared by every subcommand.
inline constexpr int kExitSuccess = 0;
inline constexpr int kExitComparisonFailed = 1; ///< `compare`, and `replay --verify`
inline constexpr int kExitBadInput = 2;         ///< bad input or usage

/// Bad input a subcommand finds after parsing (scene files report theirs as SceneError).
/// what() is the one line shown on stderr.
class BadInput : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// A registered subcommand.
struct Command
{
    CLI::App* parser = nullptr; ///< the subcommand's own parser, owned by the top-level one
    std::function<int()> run;   ///< does the work once parsing succeeded; returns the exit code
};

/// The options the subcommands have in common, declared once so that they read and check the same.
inline void addSceneOption(CLI::App* sub, std::string& scenePath)
{
    sub->add_option("SCENE", scenePath, "Scene file (oblique-scene/1 or /2)")->required()->type_name("FILE");
}

inline void addStepsOption(CLI::App* sub, int& steps)
{
    sub->add_option("--steps", steps, "Number of steps")
        ->type_name("N")
        ->check(CLI::Range(0, 100000000))
        ->capture_default_str();
}

inline void addEngineOption(CLI::App* sub, std::string& engine, const char* description)
{
    sub->add_option("--engine", engine, description)
        ->type_name("ENGINE")
        ->check(CLI::IsMember({"oblique", "box2d"}))
        ->capture_default_str();
}

/// `oblique contacts SCENE [--engine oblique|box2d]`.
Command addContactsCommand(CLI::App& program);

/// `oblique run SCENE [--steps N] [--engine oblique|box2d] [--trace FILE] [--json]`.
Command addRunCommand(CLI::App& program);

/// `oblique compare SCENE [--steps N] [--json]`.
Command addCompareCommand(CLI::App& program);

/// `oblique replay FILE [--verify]`.
Command addReplayCommand(CLI::App& program);

} // namespace oblique::cli
