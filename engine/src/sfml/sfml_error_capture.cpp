// Redirection of sf::err() into a string for the lifetime of a capture.

#include "sfml_error_capture.hpp"

#include <SFML/System/Err.hpp>

namespace oblique::detail
{

SfmlErrorCapture::SfmlErrorCapture() : m_previous(sf::err().rdbuf(m_text.rdbuf())) {}

SfmlErrorCapture::~SfmlErrorCapture()
{
    sf::err().rdbuf(m_previous);
}

std::string SfmlErrorCapture::text() const
{
    std::string joined;
    std::istringstream lines(m_text.str());
    for (std::string line; std::getline(lines, line);)
    {
        if (line.empty())
        {
            continue;
        }
        if (!joined.empty())
        {
            joined += "; ";
        }
        joined += line;
    }
    return joined;
}

} // namespace oblique::detail
