#pragma once
// Runs the built `oblique` program the way a shell would and captures what it says.

#include <filesystem>
#include <string>
#include <vector>

namespace oblique::test
{

struct ProgramResult
{
    int exitCode = -1; ///< the program's exit code, or -1 when it did not exit normally
    std::string out;   ///< everything written to stdout
    std::string err;   ///< everything written to stderr
};

/// Runs program with args (not including the program itself) and waits for it.
ProgramResult runProgram(const std::filesystem::path& program, const std::vector<std::string>& args);

/// A fresh directory under the system's temporary directory, removed by the destructor.
class TempDir
{
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }

    /// Writes text to a file in the directory and returns its path.
    std::filesystem::path write(const std::string& name, const std::string& text) const;

private:
    std::filesystem::path m_path;
};

} // namespace oblique::test
