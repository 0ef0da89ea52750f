#pragma once
/// ContentManager: loads assets by name from a content directory and keeps them until unload()
/// (MonoGame's ContentManager, reading image, font and sound files directly instead of .xnb files).

#include "oblique/sfml/content_load_error.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeindex>
#include <utility>
#include <vector>

namespace oblique
{

/// Loads and caches assets of any type T that has
/// `static T fromFile(const std::filesystem::path&)` (throwing ContentLoadError) and
/// `static std::span<const std::string_view> fileExtensions()`: Texture2D, SpriteFont, and the
/// audio types follow that convention.
///
/// An asset name is a path under the root directory without its extension, '/'-separated
/// ("sprites/crate"); each of T::fileExtensions() is tried in order. Loading the same name as the
/// same type again returns the same object. unload() destroys every asset at once, as MonoGame's
/// does: references handed out before become invalid.
///
/// \code
/// oblique::ContentManager content;                    // "Content" beside the executable
/// content.setRootDirectory("/opt/mygame/Content");    // or anywhere else
/// oblique::Texture2D& crate = content.load<oblique::Texture2D>("sprites/crate");
/// oblique::SpriteFont& hud = content.load<oblique::SpriteFont>("fonts/hud");
/// \endcode
///
/// Not thread-safe: load from one thread (the game's).
class ContentManager
{
public:
    /// A manager reading from `rootDirectory`. A relative root is looked up beside the executable
    /// first, as MonoGame does, then in the current directory.
    explicit ContentManager(std::filesystem::path rootDirectory = "Content");
    ~ContentManager();
    ContentManager(const ContentManager&) = delete;
    ContentManager& operator=(const ContentManager&) = delete;

    /// Where asset names are looked up.
    const std::filesystem::path& rootDirectory() const { return m_root; }
    /// Looks up later loads under another directory; what is loaded stays loaded.
    void setRootDirectory(std::filesystem::path rootDirectory) { m_root = std::move(rootDirectory); }

    /// The asset `assetName` as a T, loaded on the first call and cached for the next ones. Throws
    /// ContentLoadError naming the asset when the name is refused (empty, absolute, with '..' or
    /// empty parts), when no file with one of T's extensions exists (naming the root and the
    /// extensions tried) or when the file cannot be read (naming the file and the reason). A failed
    /// load caches nothing.
    template <class T>
    T& load(std::string_view assetName);

    /// Destroys every loaded asset.
    void unload();
    /// How many assets are loaded.
    std::size_t loadedCount() const { return m_assets.size(); }
    /// Whether `assetName` is loaded as a T.
    template <class T>
    bool isLoaded(std::string_view assetName) const
    {
        return m_assets.contains({std::type_index(typeid(T)), normalizedName(assetName)});
    }

    /// The name as the cache keys it: backslashes turned into '/'. Throws ContentLoadError when the
    /// name could reach outside the root.
    static std::string normalizedName(std::string_view assetName);
    /// The file for `name` (normalized) with the first of `extensions` that exists under the root.
    /// Throws ContentLoadError naming the asset, the root and the extensions tried when none does.
    std::vector<std::filesystem::path> searchRoots() const;
    std::filesystem::path locate(const std::string& name, std::span<const std::string_view> extensions) const;

private:
    using Key = std::pair<std::type_index, std::string>;

    std::filesystem::path m_root;
    std::map<Key, std::shared_ptr<void>> m_assets;
};

template <class T>
T& ContentManager::load(std::string_view assetName)
{
    std::string name = normalizedName(assetName);
    Key key{std::type_index(typeid(T)), std::move(name)};
    if (const auto found = m_assets.find(key); found != m_assets.end())
    {
        return *static_cast<T*>(found->second.get());
    }
    const std::filesystem::path file = locate(key.second, T::fileExtensions());
    std::shared_ptr<T> asset;
    try
    {
        asset = std::make_shared<T>(T::fromFile(file));
    }
    catch (const ContentLoadError& e)
    {
        throw ContentLoadError("content \"" + key.second + "\": " + e.what());
    }
    T& ref = *asset;
    m_assets.emplace(std::move(key), std::move(asset));
    return ref;
}

} // namespace oblique
