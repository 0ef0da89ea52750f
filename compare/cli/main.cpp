// The `oblique` program: headless commands on scene files. Output goes to stdout only on success;
// any bad input or usage error is one line on stderr and exit code 2.

#include "command.hpp"
#include "oblique/api_error.hpp"
#include "oblique/scene.hpp"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace
{

// The contract promises exactly one line of diagnostics.
void printErrorLine(const std::string& message)
{
    std::string line = message;
    for (char& c : line)
    {
        if (c == '\n' || c == '\r')
        {
            c = ' ';
        }
    }
    std::cerr << line << '\n';
}

// A scene the reader accepts can still ask for something the engine refuses (a body or a joint's
// anchor beyond 1e18 m of the origin): the engine's exception then reaches main as bad input. The
// default handler of a debug build would abort before it is thrown.
void ignoreApiError(const char* /*message*/) {}

} // namespace

int main(int argc, char** argv)
{
    using namespace oblique::cli;
    oblique::setApiErrorHandler(&ignoreApiError);

    CLI::App program{"Oblique: run, inspect and compare scene files headless", "oblique"};
    program.require_subcommand(1);
    program.footer(
        "Exit codes: 0 success, 1 comparison failed (compare, replay --verify), 2 bad input or usage.");

    std::vector<Command> commands;
    commands.push_back(addRunCommand(program));
    commands.push_back(addContactsCommand(program));
    commands.push_back(addCompareCommand(program));
    commands.push_back(addReplayCommand(program));

    // CLI11 would report a mistyped command as a missing one; name it instead.
    const auto isCommand = [&commands](const std::string& name)
    {
        for (const Command& command : commands)
        {
            if (command.parser->get_name() == name)
            {
                return true;
            }
        }
        return false;
    };
    if (argc > 1 && argv[1][0] != '-' && !isCommand(argv[1]))
    {
        printErrorLine("oblique: unknown command '" + std::string(argv[1]) + "' (see oblique --help)");
        return kExitBadInput;
    }

    try
    {
        program.parse(argc, argv);
    }
    catch (const CLI::ParseError& e)
    {
        if (e.get_exit_code() == 0)
        {
            // --help: the help text goes to stdout and is not an error.
            return program.exit(e, std::cout, std::cerr);
        }
        printErrorLine("oblique: " + std::string(e.what()) + " (see oblique --help)");
        return kExitBadInput;
    }

    try
    {
        for (const Command& command : commands)
        {
            if (command.parser->parsed())
            {
                return command.run();
            }
        }
    }
    catch (const oblique::SceneError& e)
    {
        printErrorLine(e.what());
        return kExitBadInput;
    }
    catch (const std::exception& e)
    {
        printErrorLine("oblique: " + std::string(e.what()));
        return kExitBadInput;
    }
    printErrorLine("oblique: no command given (see oblique --help)");
    return kExitBadInput;
}
