// The API error handler sees every rejected call once, with its message, before the throw.

#include "oblique/api_error.hpp"
#include "world_scenes.hpp"

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace oblique::test
{
namespace
{

std::vector<std::string> g_seen;

void record(const char* message)
{
    g_seen.emplace_back(message);
}

TEST(ApiErrorHandler, SeesEachRejectedCallOnceBeforeItThrows)
{
    g_seen.clear();
    const ApiErrorHandler previous = setApiErrorHandler(&record);
    World world;
    EXPECT_THROW(world.step(0.0f), std::invalid_argument);
    EXPECT_THROW(world.createBody(bodyAt(BodyType::Dynamic, {0.0f, 0.0f}), circleShape(-1.0f)),
                 std::invalid_argument);
    EXPECT_NO_THROW(world.step(1.0f / 60.0f));
    setApiErrorHandler(previous);

    ASSERT_EQ(g_seen.size(), 2u);
    EXPECT_EQ(g_seen[0], "step: dt must be finite and > 0");
    EXPECT_NE(g_seen[1].find("createBody: shape.radius"), std::string::npos) << g_seen[1];
}

TEST(ApiErrorHandler, SettingNullRestoresADefaultAndReturnsThePrevious)
{
    const ApiErrorHandler previous = setApiErrorHandler(&record);
    EXPECT_EQ(setApiErrorHandler(nullptr), &record);
    // The default is now installed; put the test-wide quiet handler back.
    const ApiErrorHandler defaultHandler = setApiErrorHandler(previous);
    EXPECT_NE(defaultHandler, nullptr);
    EXPECT_NE(defaultHandler, &record);
}

} // namespace
} // namespace oblique::test
