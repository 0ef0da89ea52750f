// Recordings to and from files (recording_file.hpp).

#include "oblique/recording_file.hpp"

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace oblique
{

Recording loadRecordingFile(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
    {
        throw std::invalid_argument(file.string() + ": cannot read the recording");
    }
    const std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i)
    {
        bytes[i] = static_cast<std::byte>(chars[i]);
    }
    try
    {
        return Recording::load(bytes);
    }
    catch (const std::invalid_argument& e)
    {
        throw std::invalid_argument(file.string() + ": " + e.what());
    }
}

void saveRecordingFile(const Recording& recording, const std::filesystem::path& file)
{
    const std::vector<std::byte> bytes = recording.save();
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out)
    {
        throw std::runtime_error(file.string() + ": cannot write the recording");
    }
}

} // namespace oblique
