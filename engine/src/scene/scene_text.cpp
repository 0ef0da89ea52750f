#include "scene_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <vector>

namespace oblique::scene_detail
{

namespace
{

constexpr bool isContinuation(unsigned char c)
{
    return (c & 0xC0u) == 0x80u;
}

/// Length of the well-formed UTF-8 sequence starting at `text[i]`, or 0 when it is ill-formed.
std::size_t sequenceLength(std::string_view text, std::size_t i)
{
    const auto byteAt = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byteAt(i);
    if (lead < 0x80u)
    {
        return 1;
    }
    std::size_t length = 0;
    // The allowed range of the second byte is what rules out overlong forms, surrogates
    // (U+D800..U+DFFF) and code points past U+10FFFF.
    unsigned char secondLow = 0x80u;
    unsigned char secondHigh = 0xBFu;
    if (lead >= 0xC2u && lead <= 0xDFu)
    {
        length = 2;
    }
    else if (lead >= 0xE0u && lead <= 0xEFu)
    {
        length = 3;
        if (lead == 0xE0u)
        {
            secondLow = 0xA0u;
        }
        else if (lead == 0xEDu)
        {
            secondHigh = 0x9Fu;
        }
    }
    else if (lead >= 0xF0u && lead <= 0xF4u)
    {
        length = 4;
        if (lead == 0xF0u)
        {
            secondLow = 0x90u;
        }
        else if (lead == 0xF4u)
        {
            secondHigh = 0x8Fu;
        }
    }
    else
    {
        return 0;
    }
    if (text.size() - i < length)
    {
        return 0;
    }
    const unsigned char second = byteAt(i + 1);
    if (second < secondLow || second > secondHigh)
    {
        return 0;
    }
    for (std::size_t k = 2; k < length; ++k)
    {
        if (!isContinuation(byteAt(i + k)))
        {
            return 0;
        }
    }
    return length;
}

bool isIdentifier(std::string_view key)
{
    if (key.empty())
    {
        return false;
    }
    for (std::size_t i = 0; i < key.size(); ++i)
    {
        const char c = key[i];
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        const bool digit = c >= '0' && c <= '9';
        if (!letter && !(digit && i > 0))
        {
            return false;
        }
    }
    return true;
}

} // namespace

std::optional<std::size_t> findInvalidUtf8(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size())
    {
        const std::size_t length = sequenceLength(text, i);
        if (length == 0)
        {
            return i;
        }
        i += length;
    }
    return std::nullopt;
}

TextPosition positionAt(std::string_view text, std::size_t offset)
{
    if (offset > text.size())
    {
        offset = text.size();
    }
    TextPosition position;
    for (std::size_t i = 0; i < offset; ++i)
    {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n')
        {
            ++position.line;
            position.column = 1;
        }
        else if (!isContinuation(c))
        {
            ++position.column;
        }
    }
    return position;
}

std::string jsonQuoted(std::string_view text, std::size_t maxChars)
{
    static constexpr std::array<char, 16> hexDigits{'0', '1', '2', '3', '4', '5', '6', '7',
                                                    '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    std::size_t chars = 0;
    for (const char ch : text)
    {
        const auto c = static_cast<unsigned char>(ch);
        if (!isContinuation(c))
        {
            if (chars == maxChars)
            {
                out += "...";
                break;
            }
            ++chars;
        }
        switch (c)
        {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (c < 0x20u || c == 0x7Fu)
            {
                out += "\\u00";
                out += hexDigits[c >> 4u];
                out += hexDigits[c & 0x0Fu];
            }
            else
            {
                out += ch;
            }
            break;
        }
    }
    out += '"';
    return out;
}

void appendPathKey(std::string& path, std::string_view key)
{
    // Long keys are cut so that a hostile file cannot blow up the size of an error message.
    constexpr std::size_t maxKeyChars = 40;
    if (isIdentifier(key) && key.size() <= maxKeyChars)
    {
        if (!path.empty())
        {
            path += '.';
        }
        path += key;
    }
    else
    {
        path += '[';
        path += jsonQuoted(key, maxKeyChars);
        path += ']';
    }
}

void appendPathIndex(std::string& path, std::size_t index)
{
    path += '[';
    path += std::to_string(index);
    path += ']';
}

std::string formatFloat(float value)
{
    std::array<char, 32> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    std::string text(buffer.data(), result.ptr);
    // "-0" is a JSON integer and would read back as +0; a fraction keeps the sign.
    if (text == "-0")
    {
        text = "-0.0";
    }
    return text;
}

std::size_t editDistanceIgnoringCase(std::string_view a, std::string_view b)
{
    const auto folded = [](char c)
    { return static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
    // Lowrance and Wagner's table, with a border row and column that no path may use (`beyond`),
    // so that a swap reaching back past the start of either text never wins. Cell (i + 1, j + 1)
    // holds the distance between the first i characters of a and the first j of b.
    const std::size_t columns = b.size() + 2;
    const std::size_t beyond = a.size() + b.size() + 1;
    std::vector<std::size_t> table((a.size() + 2) * columns, beyond);
    const auto cell = [&](std::size_t i, std::size_t j) -> std::size_t& { return table[i * columns + j]; };
    for (std::size_t i = 0; i <= a.size(); ++i)
    {
        cell(i + 1, 1) = i;
    }
    for (std::size_t j = 0; j <= b.size(); ++j)
    {
        cell(1, j + 1) = j;
    }
    // The last row of `a` (counted from 1) that held each character; 0 for none yet.
    std::array<std::size_t, 256> lastRowOf{};
    for (std::size_t i = 1; i <= a.size(); ++i)
    {
        const unsigned char ai = folded(a[i - 1]);
        std::size_t lastMatchingColumn = 0;
        for (std::size_t j = 1; j <= b.size(); ++j)
        {
            const unsigned char bj = folded(b[j - 1]);
            // Where bj was last seen in a, and ai last matched in b: a swap of those two characters,
            // with whatever lies between them inserted or deleted.
            const std::size_t k = lastRowOf[bj];
            const std::size_t l = lastMatchingColumn;
            const std::size_t replaced = cell(i, j) + (ai == bj ? 0 : 1);
            if (ai == bj)
            {
                lastMatchingColumn = j;
            }
            const std::size_t swapped = cell(k, l) + (i - k - 1) + 1 + (j - l - 1);
            cell(i + 1, j + 1) = std::min({replaced, cell(i + 1, j) + 1, cell(i, j + 1) + 1, swapped});
        }
        lastRowOf[ai] = i;
    }
    return cell(a.size() + 1, b.size() + 1);
}

} // namespace oblique::scene_detail
