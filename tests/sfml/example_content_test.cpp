// oblique-make-content, run twice into scratch folders: the same bytes both times, every texture
// at its size with transparent surroundings where it is a sprite and seamless edges where it is a
// tile, and every sound and the theme loadable by the audio classes at the length it lists.

#include "oblique/sfml/song.hpp"
#include "oblique/sfml/sound_effect.hpp"

#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <set>
#include <string>
#include <system_error>
#include <unistd.h>

namespace
{

namespace fs = std::filesystem;

// One folder per process: ctest runs each test as a process of its own, perhaps side by side.
fs::path processFolder()
{
    return fs::path(::testing::TempDir()) / ("oblique_example_content_" + std::to_string(::getpid()));
}

// Removes the process's scratch folder once its tests are done.
class ScratchFolder : public ::testing::Environment
{
public:
    void TearDown() override
    {
        std::error_code ignored;
        fs::remove_all(processFolder(), ignored);
    }
};

const ::testing::Environment* const kScratchFolder = ::testing::AddGlobalTestEnvironment(new ScratchFolder);

fs::path makeContent(const std::string& folder)
{
    fs::path out = processFolder() / folder;
    fs::remove_all(out);
    const std::string command = std::string(OBLIQUE_MAKE_CONTENT) + " '" + out.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    return out;
}

std::string bytesOf(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const fs::path& content()
{
    static const fs::path folder = makeContent("first");
    return folder;
}

sf::Image texture(const std::string& name)
{
    sf::Image image;
    EXPECT_TRUE(image.loadFromFile((content() / "textures" / name).string())) << name;
    return image;
}

// The largest difference of any channel between two pixels.
int difference(sf::Color a, sf::Color b)
{
    return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
}

// The mean over rows of how much the first column differs from the last: a seamless tile's edges
// differ about as much as any two neighbouring columns.
double edgeSeam(const sf::Image& image)
{
    const auto [w, h] = image.getSize();
    double sum = 0.0;
    for (unsigned y = 0; y < h; ++y)
    {
        sum += difference(image.getPixel(0, y), image.getPixel(w - 1, y));
    }
    return sum / h;
}

double neighbourColumns(const sf::Image& image, unsigned x)
{
    const unsigned h = image.getSize().y;
    double sum = 0.0;
    for (unsigned y = 0; y < h; ++y)
    {
        sum += difference(image.getPixel(x, y), image.getPixel(x + 1, y));
    }
    return sum / h;
}

TEST(ExampleContent, TwoRunsWriteTheSameBytes)
{
    const fs::path second = makeContent("second");
    int files = 0;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(content()))
    {
        if (entry.is_regular_file())
        {
            ++files;
            const fs::path relative = fs::relative(entry.path(), content());
            EXPECT_EQ(bytesOf(entry.path()), bytesOf(second / relative)) << relative;
        }
    }
    EXPECT_GE(files, 21); // 12 textures, 7 sounds, the theme and contents.txt at least
}

TEST(ExampleContent, ContentsListsEveryFileItWrote)
{
    std::set<std::string> listed;
    std::ifstream listing(content() / "contents.txt");
    for (std::string line; std::getline(listing, line);)
    {
        if (!line.empty() && line[0] != '#')
        {
            listed.insert(line.substr(0, line.find(' ')));
        }
    }
    std::set<std::string> written;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(content()))
    {
        if (entry.is_regular_file() && entry.path().filename() != "contents.txt")
        {
            written.insert(fs::relative(entry.path(), content()).generic_string());
        }
    }
    EXPECT_EQ(listed, written);
    EXPECT_TRUE(listed.contains("songs/theme.ogg"));
}

TEST(ExampleContent, TexturesHaveTheirSizes)
{
    const std::pair<const char*, sf::Vector2u> sizes[] = {
        {"crate.png", {64, 64}},   {"crate_heavy.png", {64, 64}}, {"ground.png", {64, 64}},
        {"stone.png", {64, 64}},   {"player.png", {32, 48}},      {"coin.png", {32, 32}},
        {"flag.png", {32, 64}},    {"sky.png", {256, 128}},       {"plank.png", {128, 16}},
        {"boulder.png", {64, 64}}, {"pig.png", {48, 48}},         {"particle.png", {16, 16}}};
    for (const auto& [name, size] : sizes)
    {
        EXPECT_EQ(texture(name).getSize(), size) << name;
    }
}

TEST(ExampleContent, SpritesAreTransparentAroundAndOpaqueInside)
{
    for (const char* name : {"player.png", "coin.png", "flag.png", "boulder.png", "pig.png", "particle.png"})
    {
        const sf::Image image = texture(name);
        const auto [w, h] = image.getSize();
        for (const sf::Vector2u corner : {sf::Vector2u{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}})
        {
            EXPECT_EQ(image.getPixel(corner.x, corner.y).a, 0)
                << name << " at " << corner.x << "," << corner.y;
        }
    }
    // Their bodies are solid (the particle is a soft dot, brightest in the middle).
    EXPECT_EQ(texture("player.png").getPixel(16, 27).a, 255);
    EXPECT_EQ(texture("coin.png").getPixel(16, 16).a, 255);
    EXPECT_EQ(texture("boulder.png").getPixel(32, 32).a, 255);
    EXPECT_EQ(texture("pig.png").getPixel(24, 26).a, 255);
    EXPECT_GT(texture("particle.png").getPixel(8, 8).a, 200);
}

TEST(ExampleContent, TilesAreOpaqueAndMeetThemselvesWithoutASeam)
{
    for (const char* name : {"ground.png", "stone.png", "sky.png", "crate.png", "crate_heavy.png"})
    {
        const sf::Image image = texture(name);
        const auto [w, h] = image.getSize();
        for (unsigned y = 0; y < h; ++y)
        {
            for (unsigned x = 0; x < w; ++x)
            {
                ASSERT_EQ(image.getPixel(x, y).a, 255) << name << " at " << x << "," << y;
            }
        }
    }
    for (const char* name : {"ground.png", "stone.png", "sky.png"})
    {
        const sf::Image image = texture(name);
        // The seam between the last column and the first, as the tile repeats, is no rougher than
        // the roughest pair of neighbouring columns inside it.
        double roughest = 0.0;
        for (unsigned x = 0; x + 1 < image.getSize().x; ++x)
        {
            roughest = std::max(roughest, neighbourColumns(image, x));
        }
        EXPECT_LE(edgeSeam(image), roughest) << name;
    }
}

TEST(ExampleContent, SoundsLoadAtTheLengthsTheyList)
{
    const std::pair<const char*, int> lengthsMs[] = {
        {"jump.wav", 220},   {"coin.wav", 450},  {"land.wav", 200}, {"thud.wav", 350},
        {"launch.wav", 600}, {"break.wav", 750}, {"win.wav", 1600}};
    for (const auto& [name, ms] : lengthsMs)
    {
        const oblique::SoundEffect effect = oblique::SoundEffect::fromFile(content() / "sounds" / name);
        EXPECT_EQ(effect.sampleRate(), 44100u) << name;
        EXPECT_EQ(effect.channelCount(), 1u) << name;
        EXPECT_EQ(std::chrono::duration_cast<std::chrono::milliseconds>(effect.duration()).count(), ms)
            << name;
    }
    const oblique::Song theme = oblique::Song::fromFile(content() / "songs" / "theme.ogg");
    EXPECT_NEAR(std::chrono::duration<double>(theme.duration()).count(), 8.0, 1e-3);
}

} // namespace
