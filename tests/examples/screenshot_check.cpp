// Checks that an example game's headless screenshot shows its scene: the PNG loads, has the
// expected size, and each expected colour (the grass, the sky, the player...) covers a real share of
// it. A blank or half-drawn frame fails, where a bare file-size check would not: an empty
// 1280 x 720 frame still compresses to tens of kilobytes.
//
// usage: oblique_example_screenshot_check FILE.png WIDTH HEIGHT R,G,B[:PERCENT]...

#include <SFML/Graphics/Image.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace
{

// Rasterisers round blending a little differently; a few levels per channel absorbs that.
constexpr int kTolerance = 3;
// The share of the pixels an expected colour must cover unless the argument says otherwise.
constexpr double kDefaultMinPercent = 1.0;

struct Expected
{
    int r = 0;
    int g = 0;
    int b = 0;
    double minPercent = kDefaultMinPercent;
};

bool parseExpected(const std::string& text, Expected& out)
{
    char tail = 0;
    const int fields =
        std::sscanf(text.c_str(), "%d,%d,%d%c%lf", &out.r, &out.g, &out.b, &tail, &out.minPercent);
    return fields == 3 || (fields == 5 && tail == ':');
}

bool near(int a, int b)
{
    return std::abs(a - b) <= kTolerance;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 5)
    {
        std::cerr << "usage: oblique_example_screenshot_check FILE.png WIDTH HEIGHT R,G,B[:PERCENT]...\n";
        return 2;
    }
    sf::Image image;
    if (!image.loadFromFile(argv[1]))
    {
        std::cerr << "cannot read the screenshot " << argv[1] << '\n';
        return 1;
    }
    const sf::Vector2u size = image.getSize();
    const unsigned wantWidth = static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10));
    const unsigned wantHeight = static_cast<unsigned>(std::strtoul(argv[3], nullptr, 10));
    if (size.x != wantWidth || size.y != wantHeight)
    {
        std::cerr << argv[1] << " is " << size.x << " x " << size.y << ", expected " << wantWidth << " x "
                  << wantHeight << '\n';
        return 1;
    }

    bool ok = true;
    const double pixels = static_cast<double>(size.x) * static_cast<double>(size.y);
    for (int i = 4; i < argc; ++i)
    {
        Expected want;
        if (!parseExpected(argv[i], want))
        {
            std::cerr << "not a colour: " << argv[i] << " (R,G,B or R,G,B:PERCENT)\n";
            return 2;
        }
        long matches = 0;
        for (unsigned y = 0; y < size.y; ++y)
        {
            for (unsigned x = 0; x < size.x; ++x)
            {
                const sf::Color c = image.getPixel(x, y);
                if (near(c.r, want.r) && near(c.g, want.g) && near(c.b, want.b))
                {
                    ++matches;
                }
            }
        }
        const double percent = 100.0 * static_cast<double>(matches) / pixels;
        std::cout << "(" << want.r << ", " << want.g << ", " << want.b << "): " << percent
                  << "% of the frame\n";
        if (percent < want.minPercent)
        {
            std::cerr << "  expected at least " << want.minPercent << "%\n";
            ok = false;
        }
    }
    return ok ? 0 : 1;
}
