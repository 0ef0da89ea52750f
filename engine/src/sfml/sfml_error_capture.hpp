#pragma once
// SfmlErrorCapture: collects what SFML writes to sf::err() while it lives, so the reason for a
// failed load goes into the exception instead of onto stderr.

#include <sstream>
#include <streambuf>
#include <string>

namespace oblique::detail
{

class SfmlErrorCapture
{
public:
    SfmlErrorCapture();
    ~SfmlErrorCapture();
    SfmlErrorCapture(const SfmlErrorCapture&) = delete;
    SfmlErrorCapture& operator=(const SfmlErrorCapture&) = delete;

    // What SFML wrote so far, its lines joined with "; " and without a trailing newline.
    std::string text() const;

private:
    std::ostringstream m_text;
    std::streambuf* m_previous;
};

} // namespace oblique::detail
