#include "run_program.hpp"

#include <atomic>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace oblique::test
{

namespace
{

std::string readAll(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

ProgramResult runProgram(const std::filesystem::path& program, const std::vector<std::string>& args)
{
    const TempDir capture;
    const std::string outFile = (capture.path() / "stdout").string();
    const std::string errFile = (capture.path() / "stderr").string();

    // Output goes to files rather than pipes so a chatty program can never block on a full pipe.
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);

    std::vector<std::string> argStrings;
    argStrings.push_back(program.string());
    argStrings.insert(argStrings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argStrings)
    {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);

    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argStrings[0].c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
    {
        throw std::runtime_error("cannot start " + argStrings[0]);
    }

    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
    {
    }
    ProgramResult result;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readAll(outFile);
    result.err = readAll(errFile);
    return result;
}

TempDir::TempDir()
{
    static std::atomic<int> counter{0};
    const std::string name = "oblique-cli-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    m_path = std::filesystem::temp_directory_path() / name;
    std::filesystem::create_directories(m_path);
}

TempDir::~TempDir()
{
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
}

std::filesystem::path TempDir::write(const std::string& name, const std::string& text) const
{
    const std::filesystem::path file = m_path / name;
    std::ofstream out(file, std::ios::binary);
    out << text;
    return file;
}

} // namespace oblique::test
