#pragma once
/// ContentLoadError: what loading a texture, font, sound or song throws when the asset is missing
/// or unreadable, its message naming the asset and the reason.

#include <stdexcept>
#include <string>

namespace oblique
{

/// A missing or corrupt asset. The message names it and says why, e.g.
/// `content "sprites/crate": no file sprites/crate.png or .jpg or .bmp under Content/`.
class ContentLoadError : public std::runtime_error
{
public:
    /// An error with the whole message.
    explicit ContentLoadError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace oblique
