// Whole-file problems and hardening: unreadable files, broken JSON, bad UTF-8, nesting and size limits.

#include "oblique/scene.hpp"
#include "scene_reader.hpp"
#include "scene_test_support.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <string_view>
#include <unistd.h>

namespace oblique::test
{
namespace
{

/// A scratch directory for one test, removed afterwards.
class SceneFiles : public testing::Test
{
protected:
    void SetUp() override
    {
        const auto* info = testing::UnitTest::GetInstance()->current_test_info();
        m_dir = std::filesystem::temp_directory_path() /
                ("oblique-scene-test-" + std::to_string(::getpid()) + "-" + info->name());
        std::filesystem::remove_all(m_dir);
        std::filesystem::create_directories(m_dir);
    }
    void TearDown() override { std::filesystem::remove_all(m_dir); }

    std::filesystem::path write(std::string_view name, std::string_view text) const
    {
        const std::filesystem::path path = m_dir / name;
        std::ofstream out(path, std::ios::binary);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        return path;
    }

    std::filesystem::path m_dir;
};

testing::AssertionResult loadFailsAt(const std::filesystem::path& file, std::string_view path,
                                     std::string_view messagePart)
{
    return throwsSceneError([&] { (void)loadScene(file); }, file.string(), path, messagePart);
}

TEST_F(SceneFiles, MissingFileNamesThePathAsGiven)
{
    const std::filesystem::path missing = m_dir / "nope" / "scene.json";
    EXPECT_TRUE(loadFailsAt(missing, "", "cannot open: no such file"));
    EXPECT_TRUE(loadFailsAt("relative/missing.json", "", "cannot open"));
}

TEST_F(SceneFiles, DirectoryIsNotAScene)
{
    EXPECT_TRUE(loadFailsAt(m_dir, "", "is a directory"));
}

TEST_F(SceneFiles, UnreadableFileIsReported)
{
    const std::filesystem::path file = write("locked.json", R"({"format": "oblique-scene/1", "bodies": []})");
    std::filesystem::permissions(file, std::filesystem::perms::none);
    std::ifstream probe(file);
    if (probe)
    {
        GTEST_SKIP() << "permissions are not enforced for this user";
    }
    EXPECT_TRUE(loadFailsAt(file, "", "cannot open: Permission denied"));
}

TEST_F(SceneFiles, ErrorsInALoadedFileNameTheFileAsGiven)
{
    const std::filesystem::path file =
        write("bad.json", R"({"format": "oblique-scene/1", "bodies": [{"position": [0, 0], "radius": 0}]})");
    EXPECT_TRUE(loadFailsAt(file, "bodies[0].radius", "must be > 0"));
}

TEST_F(SceneFiles, TruncatedFileSaysSo)
{
    const std::string whole =
        R"({"format": "oblique-scene/1", "bodies": [{"position": [0, 0], "radius": 1}]})";
    for (std::size_t length = 1; length < whole.size(); ++length)
    {
        const std::filesystem::path file = write("cut.json", whole.substr(0, length));
        EXPECT_TRUE(loadFailsAt(file, "", "")) << "cut after " << length << " bytes";
    }
    const std::filesystem::path file = write("cut.json", whole.substr(0, whole.size() - 2));
    // The position is just past the last character.
    EXPECT_TRUE(loadFailsAt(file, "",
                            "unexpected end of file at line 1, column " + std::to_string(whole.size() - 1)));
}

TEST_F(SceneFiles, TruncationWinsOverContentErrorsBeforeIt)
{
    // The broken file is reported as broken, not by a rule broken in its readable part.
    const std::filesystem::path file =
        write("cut.json", R"({"format": "oblique-scene/1", "bodies": [{"position": [0, 0], "radius": -1)");
    EXPECT_TRUE(loadFailsAt(file, "", "truncated"));
}

TEST_F(SceneFiles, EmptyFileSaysSo)
{
    EXPECT_TRUE(loadFailsAt(write("empty.json", ""), "", "is empty"));
    EXPECT_TRUE(loadFailsAt(write("blank.json", " \n\t\r\n"), "", "is empty"));
}

TEST(SceneSyntax, InvalidJsonGivesLineAndColumn)
{
    EXPECT_TRUE(failsAt("{\n  \"format\": \"oblique-scene/1\",\n  \"bodies\": [,]\n}", "",
                        "invalid JSON at line 3, column 14"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": [],})", "", "invalid JSON at line 1"));
    EXPECT_TRUE(failsAt(R"({format: "oblique-scene/1", "bodies": []})", "", "invalid JSON"));
    EXPECT_TRUE(failsAt(R"({"format": 'oblique-scene/1', "bodies": []})", "", "invalid JSON"));
}

TEST(SceneSyntax, NonJsonNumbersAreInvalid)
{
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [NaN, 0], "radius": 1)"), "", "invalid JSON"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [Infinity, 0], "radius": 1)"), "", "invalid JSON"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [0x10, 0], "radius": 1)"), "", "invalid JSON"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [+1, 0], "radius": 1)"), "", "invalid JSON"));
    EXPECT_TRUE(failsAt(sceneWithBody(R"("position": [01, 0], "radius": 1)"), "", "invalid JSON"));
}

TEST(SceneSyntax, CommentsAndTrailingTextAreInvalid)
{
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": []} // done)", "",
                        "invalid JSON at line 1, column 45"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", "bodies": []} {})", "", "invalid JSON"));
    EXPECT_TRUE(failsAt(R"({"format": "oblique-scene/1", /* c */ "bodies": []})", "", "invalid JSON"));
}

TEST(SceneSyntax, NulCharacterIsInvalidEvenAfterTheObject)
{
    using namespace std::string_literals;
    EXPECT_TRUE(failsAt("{\"format\": \"oblique-scene/1\", \"bodies\": []}\0{"s, "", "NUL character"));
    EXPECT_TRUE(
        failsAt("{\"format\": \"oblique-\0scene/1\", \"bodies\": []}"s, "", "line 1, column 21: NUL"));
}

TEST(SceneSyntax, InvalidUtf8IsReportedWithItsPosition)
{
    EXPECT_TRUE(failsAt("{\"format\": \"oblique-scene/1\",\n\"name\": \"caf\xE9\", \"bodies\": []}", "",
                        "invalid UTF-8 at line 2, column 13 (byte offset 42)"));
    EXPECT_TRUE(failsAt("\xFF{}", "", "invalid UTF-8 at line 1, column 1"));
    // Overlong encoding of '/', a UTF-16 surrogate, a code point past U+10FFFF and a cut sequence.
    EXPECT_TRUE(failsAt("{\"name\": \"\xC0\xAF\"}", "", "invalid UTF-8"));
    EXPECT_TRUE(failsAt("{\"name\": \"\xED\xA0\x80\"}", "", "invalid UTF-8"));
    EXPECT_TRUE(failsAt("{\"name\": \"\xF4\x90\x80\x80\"}", "", "invalid UTF-8"));
    EXPECT_TRUE(failsAt("{\"name\": \"\xE2\x82", "", "invalid UTF-8"));
}

TEST(SceneSyntax, LoneSurrogateEscapeIsInvalid)
{
    EXPECT_TRUE(
        failsAt(R"({"format": "oblique-scene/1", "name": "\ud800", "bodies": []})", "", "invalid JSON"));
}

TEST(SceneSyntax, ErrorMessagesStayOnOneLineAndShort)
{
    // A long string with a bad escape: the parser's excerpt of it is cut.
    const std::string text =
        R"({"format": "oblique-scene/1", "name": ")" + std::string(5000, 'x') + R"(\q", "bodies": []})";
    try
    {
        (void)parseScene(text, errorFile);
        FAIL() << "accepted";
    }
    catch (const SceneError& e)
    {
        EXPECT_LT(std::string(e.what()).size(), 400u) << e.what();
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
}

std::string repeat(std::string_view piece, std::size_t count)
{
    std::string out;
    for (std::size_t i = 0; i < count; ++i)
    {
        out += piece;
    }
    return out;
}

TEST(SceneLimits, DeepNestingIsRefusedWithoutRecursing)
{
    // Far deeper than any stack would survive if the reader recursed per level.
    const std::size_t depth = 100000;
    EXPECT_TRUE(failsAt(repeat("[", depth) + repeat("]", depth), repeat("[0]", 64),
                        "nesting is deeper than 64 levels"));
    EXPECT_TRUE(
        failsAt(repeat(R"({"a":)", depth), "a" + repeat(".a", 63), "nesting is deeper than 64 levels"));
}

TEST(SceneLimits, NestingAtTheLimitIsJudgedByTheFormat)
{
    // The top-level object and 63 arrays make 64 levels: allowed, then refused as an unknown key.
    const std::string head = R"({"format": "oblique-scene/1", "bodies": [], "extra": )";
    EXPECT_TRUE(failsAt(head + repeat("[", 63) + repeat("]", 63) + "}", "extra", "unknown key"));
    EXPECT_TRUE(failsAt(head + repeat("[", 64) + repeat("]", 64) + "}", "extra" + repeat("[0]", 63),
                        "nesting is deeper than 64 levels"));
}

TEST(SceneLimits, BodyCountIsCapped)
{
    scene_detail::ReadLimits limits;
    limits.maxBodies = 3;
    const auto text = [](int count)
    {
        std::string t = R"({"format": "oblique-scene/1", "bodies": [)";
        for (int i = 0; i < count; ++i)
        {
            t += std::string(i > 0 ? ", " : "") + R"({"position": [0, 0], "radius": 1})";
        }
        return t + "]}";
    };
    EXPECT_EQ(scene_detail::readScene(text(3), "s.json", "s", limits).bodies.size(), 3u);
    EXPECT_TRUE(throwsSceneError([&] { (void)scene_detail::readScene(text(4), "s.json", "s", limits); },
                                 "s.json", "bodies", "more than 3 bodies"));
}

TEST(SceneLimits, DefaultBodyCapIsOneMillion)
{
    EXPECT_EQ(scene_detail::ReadLimits{}.maxBodies, 1'000'000u);
    EXPECT_EQ(scene_detail::ReadLimits{}.maxDepth, 64u);
    EXPECT_EQ(scene_detail::ReadLimits{}.maxBytes, std::size_t{1} << 30);
}

TEST(SceneLimits, TextSizeIsCapped)
{
    scene_detail::ReadLimits limits;
    limits.maxBytes = 64;
    const std::string small = R"({"format": "oblique-scene/1", "bodies": []})";
    EXPECT_NO_THROW((void)scene_detail::readScene(small, "s.json", "s", limits));
    const std::string large = small + std::string(64, ' ');
    EXPECT_TRUE(throwsSceneError([&] { (void)scene_detail::readScene(large, "s.json", "s", limits); },
                                 "s.json", "", "is larger than 64 bytes"));
}

TEST_F(SceneFiles, FileSizeIsCappedBeforeReading)
{
    const std::filesystem::path file = write("big.json", std::string(4096, ' '));
    EXPECT_TRUE(throwsSceneError([&] { (void)scene_detail::readSceneFile(file, "big.json", 1024); },
                                 "big.json", "", "is larger than 1 KiB"));
    EXPECT_EQ(scene_detail::readSceneFile(file, "big.json", 4096).size(), 4096u);
}

TEST(SceneLimits, StreamsWithoutASizeAreCappedWhileReading)
{
    // A character device has no size up front and never ends.
    if (!std::filesystem::exists("/dev/zero"))
    {
        GTEST_SKIP() << "no /dev/zero";
    }
    EXPECT_TRUE(throwsSceneError([&]
                                 { (void)scene_detail::readSceneFile("/dev/zero", "/dev/zero", 1 << 20); },
                                 "/dev/zero", "", "is larger than 1 MiB"));
}

} // namespace
} // namespace oblique::test
