// ContentManager: asset names checked and resolved under the root; the typed cache is in the header.

#include "oblique/sfml/content_manager.hpp"

#include <algorithm>
#include <system_error>
#include <vector>

namespace oblique
{

namespace
{

[[noreturn]] void refuse(std::string_view name, const std::string& why)
{
    throw ContentLoadError("content \"" + std::string(name) + "\": " + why);
}

} // namespace

ContentManager::ContentManager(std::filesystem::path rootDirectory) : m_root(std::move(rootDirectory)) {}

ContentManager::~ContentManager() = default;

std::string ContentManager::normalizedName(std::string_view assetName)
{
    std::string name(assetName);
    std::replace(name.begin(), name.end(), '\\', '/');
    if (name.empty())
    {
        refuse(assetName, "the asset name is empty");
    }
    if (name.find('\0') != std::string::npos)
    {
        refuse(assetName, "the asset name contains a NUL character");
    }
    if (name.front() == '/' || std::filesystem::path(name).has_root_name())
    {
        refuse(assetName, "the asset name is an absolute path; names are relative to the content root");
    }
    std::size_t start = 0;
    while (start <= name.size())
    {
        const std::size_t slash = std::min(name.find('/', start), name.size());
        const std::string_view part(name.data() + start, slash - start);
        if (part.empty() || part == "." || part == "..")
        {
            refuse(assetName,
                   "the asset name has an empty, '.' or '..' part; names stay inside the content root "
                   "and are written like \"sprites/crate\"");
        }
        start = slash + 1;
    }
    return name;
}

std::vector<std::filesystem::path> ContentManager::searchRoots() const
{
    if (!m_root.is_relative())
    {
        return {m_root};
    }
    // MonoGame resolves a relative root against the game's own folder, so a game finds its content
    // whatever directory it was started from; the current directory is tried after it.
    std::vector<std::filesystem::path> roots;
    std::error_code ec;
    const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec && executable.has_parent_path())
    {
        roots.push_back(executable.parent_path() / m_root);
    }
    const std::filesystem::path current = std::filesystem::current_path(ec);
    if (!ec && (roots.empty() || current != executable.parent_path()))
    {
        roots.push_back(current / m_root);
    }
    return roots;
}

std::filesystem::path ContentManager::locate(const std::string& name,
                                             std::span<const std::string_view> extensions) const
{
    const std::vector<std::filesystem::path> roots = searchRoots();
    std::error_code ec;
    for (const std::filesystem::path& root : roots)
    {
        for (const std::string_view extension : extensions)
        {
            std::filesystem::path file = root / (name + std::string(extension));
            if (std::filesystem::is_regular_file(file, ec))
            {
                return file;
            }
        }
    }
    std::string tried;
    for (std::size_t i = 0; i < extensions.size(); ++i)
    {
        tried += i == 0 ? name + std::string(extensions[i]) : " or " + std::string(extensions[i]);
    }
    std::string where = m_root.generic_string() + "/";
    if (m_root.is_relative())
    {
        std::string folders;
        for (const std::filesystem::path& root : roots)
        {
            folders += (folders.empty() ? "" : " and ") + root.parent_path().generic_string();
        }
        where += " (relative to " + folders + ")";
    }
    refuse(name, "no file " + tried + " under " + where);
}

void ContentManager::unload()
{
    m_assets.clear();
}

} // namespace oblique
