#pragma once
/// Text helpers shared by the scene reader and writer: UTF-8 checks, JSON string quoting, JSON
/// path segments, line/column positions for error messages, floats written exactly, and how far
/// apart two keys are spelt.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace oblique::scene_detail
{

/// Byte offset of the first byte that does not start a well-formed UTF-8 sequence (overlong
/// forms, surrogates and code points past U+10FFFF count as ill-formed), or nothing.
std::optional<std::size_t> findInvalidUtf8(std::string_view text);

/// A one-based line and column; columns count characters, not bytes.
struct TextPosition
{
    std::size_t line = 1;
    std::size_t column = 1;
};

/// Where byte `offset` of `text` is; offsets past the end give the position just after the text.
TextPosition positionAt(std::string_view text, std::size_t offset);

/// `text` as a JSON string literal with quotes. Control characters are escaped, so the result is
/// always one line. Text longer than `maxChars` characters is cut and ends in `...` inside the quotes.
std::string jsonQuoted(std::string_view text, std::size_t maxChars = static_cast<std::size_t>(-1));

/// Appends `.key` to a JSON path (just `key` at the start). Keys that are not plain identifiers are
/// written as `["key"]`, quoted and shortened, so odd keys keep an error message on one line.
void appendPathKey(std::string& path, std::string_view key);

/// Appends `[index]` to a JSON path.
void appendPathIndex(std::string& path, std::size_t index);

/// The shortest decimal that reads back as exactly `value` (negative zero as `-0.0`, which JSON
/// reads back with its sign).
std::string formatFloat(float value);

/// The Damerau-Levenshtein distance between `a` and `b`, ignoring ASCII case: how many characters
/// must be inserted, deleted, replaced or swapped with their neighbour to turn one into the other
/// (`frition` is 1 from `friction`, `tpye` 1 from `type`). Takes time and memory in proportion to
/// the product of the lengths, so callers bound them first.
std::size_t editDistanceIgnoringCase(std::string_view a, std::string_view b);

} // namespace oblique::scene_detail
