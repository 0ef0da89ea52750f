// Rectangle's free functions and Viewport's derived values.

#include "oblique/sfml/rectangle.hpp"
#include "oblique/sfml/viewport.hpp"

#include <gtest/gtest.h>

namespace
{

using oblique::Rectangle;
using oblique::Viewport;

TEST(Rectangle, EdgesAndContainment)
{
    const Rectangle r{10, 20, 30, 40};
    EXPECT_EQ(right(r), 40);
    EXPECT_EQ(bottom(r), 60);
    EXPECT_TRUE(contains(r, 10, 20));
    EXPECT_TRUE(contains(r, 39, 59));
    EXPECT_FALSE(contains(r, 40, 59)); // the right edge is outside
    EXPECT_FALSE(contains(r, 39, 60));
    EXPECT_TRUE(contains(r, Rectangle{10, 20, 30, 40}));
    EXPECT_TRUE(contains(r, Rectangle{15, 25, 5, 5}));
    EXPECT_FALSE(contains(r, Rectangle{15, 25, 30, 5}));
    EXPECT_FALSE(contains(r, Rectangle{15, 25, 0, 5})); // empty
    EXPECT_TRUE(isEmpty(Rectangle{0, 0, 0, 5}));
    EXPECT_TRUE(isEmpty(Rectangle{0, 0, 5, -1}));
    EXPECT_FALSE(isEmpty(r));
}

TEST(Rectangle, Intersection)
{
    const Rectangle r{0, 0, 10, 10};
    EXPECT_TRUE(intersects(r, Rectangle{9, 9, 5, 5}));
    EXPECT_FALSE(intersects(r, Rectangle{10, 0, 5, 5})); // touching edges share no pixel
    EXPECT_FALSE(intersects(r, Rectangle{-5, -5, 5, 20}));
    EXPECT_TRUE(intersects(r, Rectangle{-5, -5, 6, 6}));
    EXPECT_FALSE(intersects(r, Rectangle{2, 2, 0, 0}));
}

TEST(Viewport, BoundsAndAspectRatio)
{
    const Viewport v{5, 6, 160, 90};
    EXPECT_EQ(v.bounds(), (Rectangle{5, 6, 160, 90}));
    EXPECT_FLOAT_EQ(v.aspectRatio(), 16.0f / 9.0f);
    EXPECT_EQ(v.minDepth, 0.0f);
    EXPECT_EQ(v.maxDepth, 1.0f);
    EXPECT_EQ(Viewport{}.aspectRatio(), 0.0f);
}

} // namespace
