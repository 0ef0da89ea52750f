// oblique-make-content: makes the example games' Content folder. Every texture is drawn pixel by
// pixel (shapes as signed distances, so their edges are anti-aliased; wood, earth and stone from
// hashed value noise) and every sound is synthesised sample by sample (enveloped tones, filtered
// noise). Nothing is random: the same program writes the same bytes on every run.
//
//   oblique-make-content OUTPUT_DIR
//
// writes OUTPUT_DIR/textures/*.png, sounds/*.wav, songs/theme.ogg, fonts/hud.spritefont and contents.txt (one
// line per asset), and exits 1 naming the file it could not write, 2 on a bad command line.

#include <SFML/Audio/OutputSoundFile.hpp>
#include <SFML/Graphics/Image.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

namespace
{

namespace fs = std::filesystem;

constexpr float kPi = std::numbers::pi_v<float>;

// --- Colours and pixels --------------------------------------------------------------------------

struct Rgba
{
    float r = 0.0f;
    float g = 0.0f;
    float b = 0.0f;
    float a = 1.0f;
};

constexpr Rgba hex(std::uint32_t rgb, float alpha = 1.0f)
{
    return {static_cast<float>((rgb >> 16) & 0xffu) / 255.0f, static_cast<float>((rgb >> 8) & 0xffu) / 255.0f,
            static_cast<float>(rgb & 0xffu) / 255.0f, alpha};
}

float clamp01(float x)
{
    return std::clamp(x, 0.0f, 1.0f);
}

float smoothstep(float edge0, float edge1, float x)
{
    const float t = clamp01((x - edge0) / (edge1 - edge0));
    return t * t * (3.0f - 2.0f * t);
}

Rgba mix(Rgba a, Rgba b, float t)
{
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
}

// Brightness times `f`, alpha kept.
Rgba shade(Rgba c, float f)
{
    return {clamp01(c.r * f), clamp01(c.g * f), clamp01(c.b * f), c.a};
}

// An RGBA picture in floats, composited "source over" and rounded to 8 bits once at the end.
class Canvas
{
public:
    Canvas(unsigned width, unsigned height, Rgba fill = {0.0f, 0.0f, 0.0f, 0.0f})
        : m_width(width), m_height(height), m_pixels(std::size_t{width} * height, fill)
    {
    }

    unsigned width() const { return m_width; }
    unsigned height() const { return m_height; }

    // Sets every pixel to paint(x, y) at its centre.
    template <class Paint>
    void paint(Paint paintAt)
    {
        forEachPixel([&](float x, float y, Rgba& pixel) { pixel = paintAt(x, y); });
    }

    // Composites paint(x, y) wherever the signed distance `sdf` (pixels, negative inside) covers
    // the pixel; the coverage ramps over one pixel, which anti-aliases the edge.
    template <class Sdf, class Paint>
    void draw(Sdf sdf, Paint paintAt)
    {
        forEachPixel(
            [&](float x, float y, Rgba& pixel)
            {
                const float coverage = clamp01(0.5f - sdf(x, y));
                if (coverage > 0.0f)
                {
                    Rgba c = paintAt(x, y);
                    c.a *= coverage;
                    pixel = over(c, pixel);
                }
            });
    }

    // A shape in one colour.
    template <class Sdf>
    void draw(Sdf sdf, Rgba colour)
    {
        draw(sdf, [colour](float, float) { return colour; });
    }

    sf::Image image() const
    {
        sf::Image out;
        out.create(m_width, m_height);
        for (unsigned y = 0; y < m_height; ++y)
        {
            for (unsigned x = 0; x < m_width; ++x)
            {
                const Rgba& p = m_pixels[std::size_t{y} * m_width + x];
                out.setPixel(x, y, sf::Color(toByte(p.r), toByte(p.g), toByte(p.b), toByte(p.a)));
            }
        }
        return out;
    }

private:
    template <class Visit>
    void forEachPixel(Visit visit)
    {
        for (unsigned y = 0; y < m_height; ++y)
        {
            for (unsigned x = 0; x < m_width; ++x)
            {
                visit(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f,
                      m_pixels[std::size_t{y} * m_width + x]);
            }
        }
    }

    static Rgba over(Rgba src, Rgba dst)
    {
        const float a = src.a + dst.a * (1.0f - src.a);
        if (a <= 0.0f)
        {
            return {0.0f, 0.0f, 0.0f, 0.0f};
        }
        const float keep = dst.a * (1.0f - src.a);
        return {(src.r * src.a + dst.r * keep) / a, (src.g * src.a + dst.g * keep) / a,
                (src.b * src.a + dst.b * keep) / a, a};
    }

    static sf::Uint8 toByte(float v) { return static_cast<sf::Uint8>(std::lround(clamp01(v) * 255.0f)); }

    unsigned m_width;
    unsigned m_height;
    std::vector<Rgba> m_pixels;
};

// --- Signed distances (pixels; negative inside) --------------------------------------------------

float length(float x, float y)
{
    return std::sqrt(x * x + y * y);
}

auto circle(float cx, float cy, float radius)
{
    return [=](float x, float y) { return length(x - cx, y - cy) - radius; };
}

auto ellipse(float cx, float cy, float rx, float ry)
{
    // Not exact away from the edge, but exact enough within a pixel of it for anti-aliasing.
    return [=](float x, float y)
    {
        const float k = length((x - cx) / rx, (y - cy) / ry);
        return (k - 1.0f) * std::min(rx, ry);
    };
}

// A box from (x0, y0) to (x1, y1) with corners rounded by `radius`.
auto roundedBox(float x0, float y0, float x1, float y1, float radius)
{
    return [=](float x, float y)
    {
        const float hx = (x1 - x0) * 0.5f - radius;
        const float hy = (y1 - y0) * 0.5f - radius;
        const float qx = std::abs(x - (x0 + x1) * 0.5f) - hx;
        const float qy = std::abs(y - (y0 + y1) * 0.5f) - hy;
        return length(std::max(qx, 0.0f), std::max(qy, 0.0f)) + std::min(std::max(qx, qy), 0.0f) - radius;
    };
}

// A line from (ax, ay) to (bx, by) with round ends, `radius` thick on each side.
auto capsule(float ax, float ay, float bx, float by, float radius)
{
    return [=](float x, float y)
    {
        const float px = x - ax;
        const float py = y - ay;
        const float dx = bx - ax;
        const float dy = by - ay;
        const float t = std::clamp((px * dx + py * dy) / (dx * dx + dy * dy), 0.0f, 1.0f);
        return length(px - dx * t, py - dy * t) - radius;
    };
}

template <class A, class B>
auto unite(A a, B b)
{
    return [=](float x, float y) { return std::min(a(x, y), b(x, y)); };
}

template <class A, class B>
auto intersect(A a, B b)
{
    return [=](float x, float y) { return std::max(a(x, y), b(x, y)); };
}

// The shape grown by `by` pixels: drawn first in a dark colour, it outlines the shape.
template <class A>
auto grow(A a, float by)
{
    return [=](float x, float y) { return a(x, y) - by; };
}

// --- Noise ---------------------------------------------------------------------------------------

std::uint32_t hash(std::int32_t x, std::int32_t y, std::uint32_t seed)
{
    std::uint32_t h = seed * 0x9e3779b9u;
    h ^= static_cast<std::uint32_t>(x) * 0x85ebca6bu;
    h = (h ^ (h >> 15)) * 0x2c1b3c6du;
    h ^= static_cast<std::uint32_t>(y) * 0xc2b2ae35u;
    h = (h ^ (h >> 13)) * 0x27d4eb2fu;
    return h ^ (h >> 16);
}

// A value in [0, 1) for the lattice point (x, y).
float lattice(std::int32_t x, std::int32_t y, std::uint32_t seed)
{
    return static_cast<float>(hash(x, y, seed) >> 8) / 16777216.0f;
}

std::int32_t wrap(std::int32_t i, std::int32_t period)
{
    return ((i % period) + period) % period;
}

// Smooth value noise in [0, 1] with one lattice cell per unit, repeating every `period` cells in
// both directions, so a texture whose size is a whole number of periods tiles without a seam.
float valueNoise(float x, float y, std::int32_t period, std::uint32_t seed)
{
    const float fx = std::floor(x);
    const float fy = std::floor(y);
    const auto ix = static_cast<std::int32_t>(fx);
    const auto iy = static_cast<std::int32_t>(fy);
    const float tx = smoothstep(0.0f, 1.0f, x - fx);
    const float ty = smoothstep(0.0f, 1.0f, y - fy);
    const auto at = [&](std::int32_t dx, std::int32_t dy)
    { return lattice(wrap(ix + dx, period), wrap(iy + dy, period), seed); };
    const float top = at(0, 0) + (at(1, 0) - at(0, 0)) * tx;
    const float bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * tx;
    return top + (bottom - top) * ty;
}

// Four octaves of valueNoise, each twice as fine and half as strong; `cells` lattice cells across
// a `size`-pixel tile at the coarsest octave.
float fractalNoise(float x, float y, float size, std::int32_t cells, std::uint32_t seed)
{
    float sum = 0.0f;
    float amplitude = 0.5f;
    std::int32_t period = cells;
    for (int octave = 0; octave < 4; ++octave)
    {
        const float scale = static_cast<float>(period) / size;
        sum +=
            amplitude * valueNoise(x * scale, y * scale, period, seed + static_cast<std::uint32_t>(octave));
        amplitude *= 0.5f;
        period *= 2;
    }
    return sum / 0.9375f;
}

// Wood with its grain along u: light and dark bands bent by noise, and fine fibres.
Rgba wood(Rgba base, float u, float v, float size, std::uint32_t seed)
{
    const float bend = fractalNoise(u, v * 4.0f, size, 4, seed);
    const float bands = 0.5f + 0.5f * std::sin((v * 0.9f + bend * 9.0f));
    const float fibres = valueNoise(u * 0.25f, v * 1.5f, 1 << 20, seed + 7u);
    return shade(base, 0.82f + 0.14f * bands + 0.1f * fibres);
}

// --- Textures ------------------------------------------------------------------------------------

constexpr Rgba kOutline = hex(0x2a1a10);
constexpr Rgba kCrateWood = hex(0xc08a4e);
constexpr Rgba kMetal = hex(0x8a9099);

// Boards side by side across `across`, each `width` wide from `start`, their grain along `along`:
// each board a slightly different tint (up to `tint` darker) with a dark seam before it.
Rgba boards(Rgba base, float along, float across, float start, float width, float tint, std::uint32_t seed)
{
    const float index = std::floor((across - start) / width);
    const float board = 1.0f - tint + tint * lattice(static_cast<std::int32_t>(index), 0, seed);
    const Rgba c = wood(shade(base, board), along, across + index * 17.0f, 64.0f, seed + 8u);
    return across - start - index * width < 1.2f ? shade(c, 0.45f) : c;
}

// A dark rim just inside the edges of a `size` x `size` tile, so it reads against any background.
void drawRim(Canvas& canvas, float size, Rgba colour)
{
    canvas.draw([=](float x, float y)
                { return -roundedBox(1.0f, 1.0f, size - 1.0f, size - 1.0f, 2.0f)(x, y); },
                colour);
}

// A nail or rivet head: a dark rim, a lit face and a glint.
void drawRivet(Canvas& canvas, float x, float y, float radius, Rgba colour)
{
    canvas.draw(circle(x, y, radius + 0.6f), shade(colour, 0.4f));
    canvas.draw(circle(x, y, radius),
                [=](float px, float py) { return shade(colour, 1.15f - 0.12f * ((px - x) + (py - y))); });
    canvas.draw(circle(x - radius * 0.35f, y - radius * 0.35f, radius * 0.35f), hex(0xffffff, 0.7f));
}

// Planks across, a frame of darker wood round them and a brace from corner to corner.
Canvas drawCrate()
{
    constexpr float kSize = 64.0f;
    constexpr float kFrame = 7.0f;
    Canvas canvas(64, 64);
    canvas.paint([](float x, float y) { return boards(kCrateWood, x, y, kFrame, 12.5f, 0.06f, 3u); });
    // The brace under the frame, so the frame's inner edge covers its ends.
    const auto brace = capsule(kFrame, kSize - kFrame - 3.0f, kSize - kFrame, kFrame + 3.0f, 4.5f);
    canvas.draw(grow(brace, 1.0f), shade(kCrateWood, 0.35f));
    canvas.draw(brace, [](float x, float y)
                { return wood(shade(kCrateWood, 0.78f), x + y, (x - y) * 0.7f, kSize, 23u); });
    const auto inside = roundedBox(kFrame, kFrame, kSize - kFrame, kSize - kFrame, 1.5f);
    const auto frame = [=](float x, float y) { return -inside(x, y); };
    canvas.draw(grow(frame, 1.0f), [](float, float) { return shade(kCrateWood, 0.3f); });
    canvas.draw(frame,
                [](float x, float y)
                {
                    const bool vertical = std::min(x, kSize - x) < std::min(y, kSize - y);
                    const Rgba base = shade(kCrateWood, 0.72f);
                    return vertical ? wood(base, y, x, kSize, 31u) : wood(base, x, y, kSize, 37u);
                });
    drawRim(canvas, kSize, kOutline);
    for (const float x : {kFrame * 0.5f + 0.5f, kSize - kFrame * 0.5f - 0.5f})
    {
        for (const float y : {kFrame * 0.5f + 0.5f, kSize - kFrame * 0.5f - 0.5f})
        {
            drawRivet(canvas, x, y, 1.6f, hex(0xb8b4aa));
        }
    }
    return canvas;
}

// Dark planks held by iron bands at the edges and across the middle, studded with rivets.
Canvas drawHeavyCrate()
{
    constexpr float kSize = 64.0f;
    constexpr float kBand = 8.0f;
    Canvas canvas(64, 64);
    canvas.paint([](float x, float y) { return boards(hex(0x7a5a3c), y, x, 0.0f, 16.0f, 0.1f, 5u); });
    const auto metal = [](float x, float y)
    {
        const float brushed = valueNoise(x * 0.7f, y * 0.12f, 1 << 20, 51u);
        return shade(kMetal, 0.85f + 0.2f * brushed);
    };
    const auto inner = roundedBox(kBand, kBand, kSize - kBand, kSize - kBand, 1.0f);
    const auto edgeBands = [=](float x, float y) { return -inner(x, y); };
    const auto middleBand = roundedBox(0.0f, kSize * 0.5f - 4.0f, kSize, kSize * 0.5f + 4.0f, 0.0f);
    const auto bands = unite(edgeBands, middleBand);
    canvas.draw(grow(bands, 1.0f), hex(0x1c1e22));
    canvas.draw(bands, metal);
    // A bevel: light along the bands' upper edges, shadow along their lower ones.
    canvas.draw([=](float x, float y) { return std::abs(bands(x, y) + 1.0f) - 0.5f; },
                [=](float x, float y)
                {
                    const float up = bands(x, y - 1.0f) > bands(x, y + 1.0f) ? 1.0f : 0.0f;
                    return up > 0.0f ? hex(0xdfe4ea, 0.55f) : hex(0x000000, 0.35f);
                });
    drawRim(canvas, kSize, hex(0x15171a));
    // Five rivets along each band, 13.75 pixels apart; the side bands' ends are the corners'.
    for (int k = 0; k < 5; ++k)
    {
        const float t = 4.5f + 13.75f * static_cast<float>(k);
        drawRivet(canvas, t, 4.5f, 1.5f, hex(0xc4c9d0));
        drawRivet(canvas, t, kSize - 4.5f, 1.5f, hex(0xc4c9d0));
        drawRivet(canvas, t, kSize * 0.5f, 1.5f, hex(0xc4c9d0));
        if (k == 1 || k == 3)
        {
            drawRivet(canvas, 4.5f, t, 1.5f, hex(0xc4c9d0));
            drawRivet(canvas, kSize - 4.5f, t, 1.5f, hex(0xc4c9d0));
        }
    }
    return canvas;
}

// Earth under a band of grass whose blades hang over it; repeats left to right.
Canvas drawGround()
{
    constexpr float kSize = 64.0f;
    Canvas canvas(64, 64);
    const auto grassDepth = [](float x)
    {
        // Blades: a tooth every 4 pixels, their lengths from the noise; 16 teeth make 64 pixels.
        const float tooth = std::abs(std::fmod(x, 4.0f) - 2.0f) / 2.0f;
        const float length = 3.0f + 4.0f * valueNoise(x / 4.0f, 0.0f, 16, 61u);
        return 9.0f + 2.0f * valueNoise(x / 16.0f, 0.5f, 4, 67u) + length * (1.0f - tooth);
    };
    canvas.paint(
        [=](float x, float y)
        {
            const float n = fractalNoise(x, y, kSize, 4, 71u);
            Rgba earth = shade(hex(0x8a5a36), 0.78f + 0.35f * n);
            // Darker with depth, and in the shadow the grass casts.
            earth = shade(earth, 1.0f - 0.25f * (y / kSize));
            const float shadow = smoothstep(grassDepth(x) + 5.0f, grassDepth(x), y);
            earth = shade(earth, 1.0f - 0.35f * shadow);
            const float speck = lattice(static_cast<std::int32_t>(x), static_cast<std::int32_t>(y), 73u);
            if (speck > 0.985f)
            {
                earth = shade(earth, 0.6f);
            }
            return earth;
        });
    // A few pebbles, placed once in the middle of the tile so none crosses its edges.
    constexpr std::array<std::array<float, 3>, 5> kPebbles{{{12.0f, 34.0f, 2.6f},
                                                            {40.0f, 46.0f, 3.2f},
                                                            {54.0f, 29.0f, 1.8f},
                                                            {24.0f, 55.0f, 2.2f},
                                                            {33.0f, 25.0f, 1.6f}}};
    for (const auto& p : kPebbles)
    {
        canvas.draw(ellipse(p[0], p[1], p[2] * 1.4f + 0.8f, p[2] + 0.8f), hex(0x3d2817, 0.8f));
        canvas.draw(ellipse(p[0], p[1], p[2] * 1.4f, p[2]), [=](float, float y)
                    { return shade(hex(0xa59a88), 1.1f - 0.12f * ((y - p[1]) / p[2] + 0.5f)); });
    }
    canvas.draw([=](float x, float y) { return y - grassDepth(x); },
                [=](float x, float y)
                {
                    const Rgba top = hex(0x86d657);
                    const Rgba bottom = hex(0x3f9a35);
                    Rgba g = mix(top, bottom, clamp01(y / grassDepth(x)));
                    g = shade(g, 0.9f + 0.2f * valueNoise(x * 0.5f, y * 0.25f, 32, 79u));
                    return y < 2.0f ? mix(g, hex(0xc9f59a), 0.5f) : g;
                });
    return canvas;
}

// Grey stone bricks in staggered rows with mortar between; repeats both ways.
Canvas drawStone()
{
    constexpr float kSize = 64.0f;
    constexpr float kBrickW = 32.0f;
    constexpr float kBrickH = 16.0f;
    constexpr float kMortar = 1.5f;
    Canvas canvas(64, 64);
    canvas.paint(
        [](float x, float y)
        {
            const float row = std::floor(y / kBrickH);
            const float shifted = x + (std::fmod(row, 2.0f) > 0.5f ? kBrickW * 0.5f : 0.0f);
            const float column = std::floor(std::fmod(shifted, kSize) / kBrickW);
            // Distances to the brick's edges, for the mortar and the bevel.
            const float u = std::fmod(shifted, kBrickW);
            const float v = y - row * kBrickH;
            const float toLeft = u;
            const float toTop = v;
            const float toRight = kBrickW - u;
            const float toBottom = kBrickH - v;
            const float edge = std::min({toLeft, toTop, toRight, toBottom});
            const float n = fractalNoise(x, y, kSize, 8, 83u);
            if (edge < kMortar)
            {
                return shade(hex(0x6b6259), 0.8f + 0.3f * n);
            }
            const float tint =
                lattice(static_cast<std::int32_t>(column), static_cast<std::int32_t>(row), 89u);
            Rgba c = mix(hex(0x9a968f), hex(0x7f8690), tint);
            c = shade(c, 0.78f + 0.4f * n);
            // Lit from the top left: the upper and left rims brighter, the lower and right darker.
            const float lit = smoothstep(kMortar + 2.5f, kMortar, std::min(toTop, toLeft));
            const float dark = smoothstep(kMortar + 2.5f, kMortar, std::min(toBottom, toRight));
            return shade(c, 1.0f + 0.22f * lit - 0.3f * dark);
        });
    return canvas;
}

// A small character facing right: hair, an eye and a nose on the right, a red shirt, blue trousers.
Canvas drawPlayer()
{
    Canvas canvas(32, 48);
    const auto head = circle(15.5f, 12.5f, 8.0f);
    const auto body = roundedBox(9.0f, 20.0f, 23.0f, 35.0f, 4.0f);
    const auto backLeg = roundedBox(10.5f, 32.0f, 15.5f, 44.0f, 2.0f);
    const auto frontLeg = roundedBox(16.5f, 32.0f, 21.5f, 44.0f, 2.0f);
    const auto backShoe = roundedBox(9.5f, 42.0f, 17.5f, 47.0f, 2.2f);
    const auto frontShoe = roundedBox(16.0f, 42.0f, 25.0f, 47.0f, 2.2f);
    const auto arm = capsule(15.5f, 24.0f, 20.5f, 31.0f, 2.4f);
    const auto hand = circle(21.0f, 32.0f, 2.5f);
    const auto nose = circle(23.5f, 14.0f, 1.8f);
    const auto silhouette = unite(unite(unite(head, body), unite(backLeg, frontLeg)),
                                  unite(unite(backShoe, frontShoe), unite(nose, hand)));
    canvas.draw(grow(silhouette, 1.2f), kOutline);

    // Lit from the upper left: a shade that darkens towards the lower right of each part.
    const auto lit = [](Rgba c, float cx, float cy)
    { return [=](float x, float y) { return shade(c, 1.08f - 0.035f * ((x - cx) + (y - cy))); }; };
    const Rgba trousers = hex(0x35508f);
    const Rgba shoes = hex(0x5a3620);
    const Rgba shirt = hex(0xd9483b);
    const Rgba skin = hex(0xf2c49b);
    canvas.draw(backLeg, shade(trousers, 0.75f));
    canvas.draw(backShoe, shade(shoes, 0.75f));
    canvas.draw(frontLeg, lit(trousers, 19.0f, 37.0f));
    canvas.draw(frontShoe, lit(shoes, 20.0f, 44.0f));
    canvas.draw(body, lit(shirt, 16.0f, 27.0f));
    canvas.draw(capsule(9.5f, 33.5f, 22.5f, 33.5f, 1.2f), hex(0x2b2b2b)); // the belt
    canvas.draw(nose, skin);
    canvas.draw(head, lit(skin, 15.5f, 12.5f));
    // Hair: the top and the back of the head, cut by a line sloping down to the neck.
    const auto hairLine = [](float x, float y)
    { return (y - 9.5f) + 0.55f * (x - 16.0f) * ((x < 16.0f) ? 1.8f : 0.3f); };
    canvas.draw(intersect(grow(head, 0.6f), hairLine), hex(0x4a2b17));
    canvas.draw(intersect(circle(12.0f, 7.5f, 3.0f), head), hex(0x7a4a2a, 0.6f)); // a sheen
    canvas.draw(ellipse(19.5f, 12.5f, 1.6f, 2.2f), hex(0xffffff));
    canvas.draw(circle(20.2f, 12.8f, 1.1f), hex(0x1d1d2b));
    canvas.draw(capsule(18.0f, 9.2f, 21.0f, 9.0f, 0.55f), hex(0x4a2b17));   // eyebrow
    canvas.draw(capsule(19.5f, 16.8f, 21.5f, 16.3f, 0.45f), hex(0x8a4a3a)); // mouth
    canvas.draw(grow(arm, 1.0f), shade(shirt, 0.45f));
    canvas.draw(arm, shade(shirt, 0.88f));
    canvas.draw(hand, lit(skin, 21.0f, 32.0f));
    return canvas;
}

// A gold coin with a raised rim, a diamond stamped in the middle and a glint.
Canvas drawCoin()
{
    Canvas canvas(32, 32);
    const Rgba gold = hex(0xf4c430);
    canvas.draw(circle(16.0f, 16.0f, 15.0f), hex(0x7a5208));
    canvas.draw(circle(16.0f, 16.0f, 14.0f),
                [=](float x, float y) { return shade(gold, 1.12f - 0.022f * ((x - 16.0f) + (y - 16.0f))); });
    canvas.draw(circle(16.0f, 16.0f, 10.5f), shade(gold, 0.72f));
    canvas.draw(circle(16.0f, 16.0f, 9.5f),
                [=](float x, float y) { return shade(gold, 0.95f + 0.025f * ((x - 16.0f) + (y - 16.0f))); });
    const auto diamond = [](float x, float y)
    { return (std::abs(x - 16.0f) + std::abs(y - 16.0f) - 6.0f) * 0.7071f; };
    canvas.draw(grow(diamond, 1.0f), shade(gold, 0.55f));
    canvas.draw(diamond,
                [=](float x, float y) { return shade(gold, 1.2f - 0.03f * ((x - 16.0f) + (y - 16.0f))); });
    canvas.draw(capsule(9.0f, 11.0f, 12.0f, 7.5f, 1.3f), hex(0xffffff, 0.75f));
    return canvas;
}

// The goal: a pole with a gold knob and a red pennant waving to the right.
Canvas drawFlag()
{
    Canvas canvas(32, 64);
    const auto pole = roundedBox(4.0f, 6.0f, 8.0f, 64.0f, 1.0f);
    canvas.draw(grow(pole, 1.0f), kOutline);
    canvas.draw(pole, [](float x, float) { return shade(hex(0xd8d8dc), 1.15f - 0.08f * (x - 4.0f)); });
    const auto wave = [](float x) { return 2.0f * std::sin((x - 8.0f) * 0.32f); };
    const auto cloth = [=](float x, float y)
    {
        const float top = 8.0f + wave(x);
        const float bottom = 30.0f + wave(x) - 0.2f * (x - 8.0f);
        return std::max({top - y, y - bottom, 8.0f - x, x - 30.0f});
    };
    canvas.draw(grow(cloth, 1.0f), kOutline);
    canvas.draw(cloth, [=](float x, float)
                { return shade(hex(0xd8313a), 0.92f + 0.12f * std::cos((x - 8.0f) * 0.32f)); });
    canvas.draw(circle(18.0f, 18.0f + wave(18.0f), 4.5f), hex(0xfff1c4));
    canvas.draw(circle(6.0f, 5.0f, 4.5f), kOutline);
    canvas.draw(circle(6.0f, 5.0f, 3.6f), [](float x, float y)
                { return shade(hex(0xf4c430), 1.2f - 0.06f * ((x - 6.0f) + (y - 5.0f))); });
    return canvas;
}

// The sky: deep blue at the top to pale near the horizon, with soft clouds; repeats left to right.
Canvas drawSky()
{
    constexpr float kWidth = 256.0f;
    constexpr float kHeight = 128.0f;
    struct Puff
    {
        float x, y, radius;
    };
    // Each cloud is a few overlapping puffs; a puff also counts one tile width away, so clouds
    // crossing the right edge come back on the left.
    constexpr std::array<Puff, 14> kPuffs{{{30.0f, 40.0f, 12.0f},
                                           {44.0f, 34.0f, 15.0f},
                                           {60.0f, 40.0f, 11.0f},
                                           {120.0f, 70.0f, 9.0f},
                                           {132.0f, 64.0f, 12.0f},
                                           {146.0f, 70.0f, 9.0f},
                                           {200.0f, 28.0f, 10.0f},
                                           {214.0f, 22.0f, 14.0f},
                                           {230.0f, 26.0f, 12.0f},
                                           {246.0f, 31.0f, 9.0f},
                                           {86.0f, 96.0f, 7.0f},
                                           {96.0f, 92.0f, 9.0f},
                                           {107.0f, 96.0f, 7.0f},
                                           {222.0f, 100.0f, 8.0f}}};
    Canvas canvas(256, 128);
    canvas.paint(
        [&](float x, float y)
        {
            const float t = y / kHeight;
            Rgba sky = mix(hex(0x3a78d0), hex(0xbfe0f5), t * t * 0.6f + t * 0.4f);
            float density = 0.0f;
            float underside = 0.0f;
            for (const Puff& p : kPuffs)
            {
                for (const float shift : {-kWidth, 0.0f, kWidth})
                {
                    const float dx = x - p.x - shift;
                    const float dy = (y - p.y) * 1.4f;
                    const float d = std::exp(-(dx * dx + dy * dy) / (2.0f * p.radius * p.radius));
                    density += d;
                    underside += d * clamp01((y - p.y) / p.radius);
                }
            }
            const float cover = smoothstep(0.25f, 0.75f, density);
            const Rgba cloud =
                mix(hex(0xffffff), hex(0xc9d6e6), clamp01(underside / std::max(density, 1e-3f)));
            return mix(sky, cloud, cover * 0.92f);
        });
    return canvas;
}

// A plank for a catapult arm or a bridge: grain along its length, bolts at both ends.
Canvas drawPlank()
{
    Canvas canvas(128, 16);
    const auto plank = roundedBox(0.5f, 0.5f, 127.5f, 15.5f, 2.5f);
    canvas.draw(plank, kOutline);
    canvas.draw(grow(plank, -1.2f), [](float x, float y)
                { return shade(wood(hex(0xb98555), x, y * 2.0f, 128.0f, 97u), 1.08f - 0.02f * y); });
    for (const float x : {6.0f, 122.0f})
    {
        drawRivet(canvas, x, 8.0f, 2.0f, hex(0xa9adb3));
    }
    return canvas;
}

// A round, lumpy stone lit from the upper left, transparent around it.
Canvas drawBoulder()
{
    constexpr float kCentre = 32.0f;
    Canvas canvas(64, 64);
    const auto rock = [](float x, float y)
    {
        const float angle = std::atan2(y - kCentre, x - kCentre);
        // Lumps: a few sines round the rim, which close up on themselves at +-pi.
        const float lumps = 1.1f * std::sin(3.0f * angle + 0.7f) + 0.7f * std::sin(5.0f * angle + 2.1f);
        return length(x - kCentre, y - kCentre) - (28.0f + lumps);
    };
    canvas.draw(grow(rock, 1.0f), hex(0x1f1d1b));
    canvas.draw(rock,
                [](float x, float y)
                {
                    const float nx = (x - kCentre) / 29.0f;
                    const float ny = (y - kCentre) / 29.0f;
                    const float nz = std::sqrt(std::max(0.0f, 1.0f - nx * nx - ny * ny));
                    const float light = clamp01(-0.5f * nx - 0.55f * ny + 0.67f * nz);
                    const float n = fractalNoise(x, y, 64.0f, 8, 101u);
                    Rgba c = mix(hex(0x6f6a63), hex(0x8d8479), n);
                    c = shade(c, 0.45f + 0.85f * light);
                    // Darker patches of lichen and grit, faded in rather than cut out.
                    const float spot = fractalNoise(x + 17.0f, y, 64.0f, 5, 103u);
                    return shade(c, 1.0f - 0.25f * smoothstep(0.58f, 0.75f, spot));
                });
    // A crack and a chip, darker lines across the face.
    canvas.draw(unite(capsule(20.0f, 22.0f, 27.0f, 30.0f, 0.7f), capsule(27.0f, 30.0f, 25.0f, 39.0f, 0.6f)),
                hex(0x2c2925, 0.8f));
    canvas.draw(capsule(40.0f, 44.0f, 47.0f, 41.0f, 0.6f), hex(0x2c2925, 0.7f));
    return canvas;
}

// The catapult's target: a round pig with ears, eyes and a snout.
Canvas drawPig()
{
    Canvas canvas(48, 48);
    const Rgba pink = hex(0xf29bb0);
    const auto face = circle(24.0f, 26.0f, 19.0f);
    const auto leftEar = capsule(10.5f, 12.0f, 15.0f, 17.0f, 4.5f);
    const auto rightEar = capsule(37.5f, 12.0f, 33.0f, 17.0f, 4.5f);
    canvas.draw(grow(unite(face, unite(leftEar, rightEar)), 1.2f), hex(0x5a2030));
    canvas.draw(leftEar, shade(pink, 0.85f));
    canvas.draw(rightEar, shade(pink, 0.85f));
    canvas.draw(face,
                [=](float x, float y) {
                    return shade(pink, 1.12f - 0.01f * ((x - 24.0f) + (y - 26.0f)) -
                                           0.004f * length(x - 24.0f, y - 26.0f));
                });
    const auto snout = ellipse(24.0f, 31.0f, 7.5f, 5.5f);
    canvas.draw(grow(snout, 1.0f), hex(0xb05a72));
    canvas.draw(snout, shade(pink, 1.12f));
    canvas.draw(ellipse(21.0f, 31.0f, 1.4f, 2.2f), hex(0x6a2838));
    canvas.draw(ellipse(27.0f, 31.0f, 1.4f, 2.2f), hex(0x6a2838));
    for (const float x : {16.5f, 31.5f})
    {
        canvas.draw(circle(x, 21.0f, 3.8f), hex(0x3a1522));
        canvas.draw(circle(x, 21.0f, 3.0f), hex(0xffffff));
        canvas.draw(circle(x + 0.8f, 21.6f, 1.6f), hex(0x1d1d2b));
        canvas.draw(circle(x + 0.2f, 20.6f, 0.6f), hex(0xffffff));
    }
    canvas.draw(ellipse(16.0f, 13.5f, 4.0f, 2.0f), hex(0xffffff, 0.35f));
    return canvas;
}

// A soft white dot for dust and sparks, tinted by whoever draws it.
Canvas drawParticle()
{
    Canvas canvas(16, 16);
    canvas.paint(
        [](float x, float y)
        {
            const float d2 = (x - 8.0f) * (x - 8.0f) + (y - 8.0f) * (y - 8.0f);
            const float a = std::exp(-d2 / (2.0f * 3.0f * 3.0f)) * smoothstep(8.0f, 6.5f, std::sqrt(d2));
            return Rgba{1.0f, 1.0f, 1.0f, a};
        });
    return canvas;
}

// --- Sounds --------------------------------------------------------------------------------------

constexpr unsigned kSampleRate = 44100;
constexpr double kTau = 2.0 * std::numbers::pi;

using Samples = std::vector<double>;

Samples silence(double seconds)
{
    return Samples(static_cast<std::size_t>(std::lround(seconds * kSampleRate)), 0.0);
}

double timeOf(std::size_t i)
{
    return static_cast<double>(i) / kSampleRate;
}

// A quick rise over `attack` seconds, then an exponential fall with time constant `decay`.
double envelope(double t, double attack, double decay)
{
    return t < attack ? t / attack : std::exp(-(t - attack) / decay);
}

// A deterministic white-noise source (SplitMix64), in [-1, 1].
class Noise
{
public:
    explicit Noise(std::uint64_t seed) : m_state(seed) {}

    double next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        return static_cast<double>(z >> 11) / 4503599627370496.0 - 1.0;
    }

private:
    std::uint64_t m_state;
};

// A two-pole band-pass filter (the RBJ cookbook's, constant peak gain) whose centre can move.
class BandPass
{
public:
    double process(double x, double centreHz, double q)
    {
        const double w = kTau * centreHz / kSampleRate;
        const double alpha = std::sin(w) / (2.0 * q);
        const double a0 = 1.0 + alpha;
        const double y = (alpha * x - alpha * m_x2 + 2.0 * std::cos(w) * m_y1 - (1.0 - alpha) * m_y2) / a0;
        m_x2 = m_x1;
        m_x1 = x;
        m_y2 = m_y1;
        m_y1 = y;
        return y;
    }

private:
    double m_x1 = 0.0;
    double m_x2 = 0.0;
    double m_y1 = 0.0;
    double m_y2 = 0.0;
};

// A one-pole low-pass filter.
class LowPass
{
public:
    double process(double x, double cutoffHz)
    {
        const double k = 1.0 - std::exp(-kTau * cutoffHz / kSampleRate);
        m_y += k * (x - m_y);
        return m_y;
    }

private:
    double m_y = 0.0;
};

// `seconds` of sound, sample by sample: sampleAt(t) for t = 0, 1/rate, 2/rate, ... in order, so
// it may keep state (a phase, a filter) from one sample to the next.
template <class SampleAt>
Samples synthesise(double seconds, SampleAt sampleAt)
{
    Samples out = silence(seconds);
    for (std::size_t i = 0; i < out.size(); ++i)
    {
        out[i] = sampleAt(timeOf(i));
    }
    return out;
}

// A tone with a few harmonics (brighter than a sine, softer than a square), phase in cycles.
double tone(double phase, double brightness)
{
    const double p = kTau * phase;
    return std::sin(p) + brightness * (0.5 * std::sin(2.0 * p) + 0.25 * std::sin(3.0 * p));
}

// Adds a note starting at `start` seconds: frequency `hz`, held with the given envelope.
void addNote(Samples& out, double start, double hz, double gain, double attack, double decay,
             double brightness)
{
    const auto first = static_cast<std::size_t>(start * kSampleRate);
    for (std::size_t i = first; i < out.size(); ++i)
    {
        const double t = timeOf(i - first);
        out[i] += gain * envelope(t, attack, decay) * tone(hz * t, brightness);
    }
}

// A rising chirp, 280 to 760 Hz, for a jump.
Samples synthJump()
{
    double phase = 0.0;
    return synthesise(0.22,
                      [&](double t)
                      {
                          phase += 280.0 * std::pow(760.0 / 280.0, std::min(t / 0.16, 1.0)) / kSampleRate;
                          return 0.55 * envelope(t, 0.005, 0.07) * tone(phase, 0.6);
                      });
}

// Two bright notes, B5 then E6, for a coin.
Samples synthCoin()
{
    Samples out = silence(0.45);
    addNote(out, 0.0, 987.77, 0.35, 0.002, 0.05, 0.3);
    addNote(out, 0.07, 1318.51, 0.4, 0.002, 0.12, 0.3);
    return out;
}

// A soft, low thump: low-passed noise and a falling low tone, for landing on the ground.
Samples synthLand()
{
    Noise noise(17);
    LowPass filter;
    double phase = 0.0;
    return synthesise(0.2,
                      [&](double t)
                      {
                          phase += (60.0 + 40.0 * std::exp(-t / 0.03)) / kSampleRate;
                          const double dull = filter.process(noise.next(), 500.0);
                          return 1.4 * dull * envelope(t, 0.002, 0.035) +
                                 0.5 * std::sin(kTau * phase) * envelope(t, 0.003, 0.05);
                      });
}

// A crate hitting something: a hollow wooden knock (band-passed noise ringing near 320 Hz) over a
// falling body tone, with a click at the start.
Samples synthThud()
{
    Noise noise(23);
    BandPass knock;
    BandPass click;
    double phase = 0.0;
    return synthesise(0.35,
                      [&](double t)
                      {
                          const double n = noise.next();
                          phase += (70.0 + 80.0 * std::exp(-t / 0.04)) / kSampleRate;
                          return 2.2 * knock.process(n, 320.0, 4.0) * envelope(t, 0.001, 0.06) +
                                 0.55 * std::sin(kTau * phase) * envelope(t, 0.002, 0.09) +
                                 0.6 * click.process(n, 2500.0, 0.8) * envelope(t, 0.0005, 0.006);
                      });
}

// A catapult letting go: a twang of the arm and a whoosh of air sweeping up.
Samples synthLaunch()
{
    Noise noise(29);
    BandPass air;
    double phase = 0.0;
    return synthesise(0.6,
                      [&](double t)
                      {
                          const double sweep = 300.0 * std::pow(8.0, std::min(t / 0.45, 1.0));
                          const double swell =
                              std::pow(std::sin(std::numbers::pi * std::min(t / 0.55, 1.0)), 2.0);
                          phase += (110.0 * (1.0 + 0.03 * std::sin(kTau * 9.0 * t))) / kSampleRate;
                          return 1.6 * air.process(noise.next(), sweep, 1.5) * swell +
                                 0.4 * tone(phase, 0.8) * envelope(t, 0.002, 0.08);
                      });
}

// Something breaking: cracks at scattered moments, a low crunch and small debris after.
Samples synthBreak()
{
    Noise noise(31);
    Noise timing(37);
    // Crack onsets in seconds with their loudness, drawn once from the timing noise: five close
    // together as it gives way, four quieter ones as pieces settle.
    std::array<std::array<double, 2>, 9> cracks{};
    for (std::size_t k = 0; k < cracks.size(); ++k)
    {
        const double when = k < 5 ? 0.05 * static_cast<double>(k) : 0.25 + 0.4 * (0.5 + 0.5 * timing.next());
        cracks[k] = {when + 0.01 * timing.next() + 0.01, (k < 5 ? 0.9 : 0.3) * (0.7 + 0.3 * timing.next())};
    }
    BandPass crackle;
    BandPass crunch;
    return synthesise(0.75,
                      [&](double t)
                      {
                          double burst = 0.0;
                          for (const auto& [when, loudness] : cracks)
                          {
                              if (t >= when)
                              {
                                  burst += loudness * std::exp(-(t - when) / 0.018);
                              }
                          }
                          const double n = noise.next();
                          return 0.9 * crackle.process(n, 1900.0, 0.9) * burst +
                                 1.6 * crunch.process(n, 180.0, 1.2) * envelope(t, 0.002, 0.08);
                      });
}

// A short fanfare: C5 E5 G5 up to a held C6 over a G5-E5 chord.
Samples synthWin()
{
    Samples out = silence(1.6);
    constexpr std::array<double, 4> kNotes{523.25, 659.25, 783.99, 1046.50};
    for (std::size_t k = 0; k < kNotes.size(); ++k)
    {
        const bool last = k + 1 == kNotes.size();
        addNote(out, 0.12 * static_cast<double>(k), kNotes[k], 0.28, 0.008, last ? 0.45 : 0.12, 0.45);
    }
    addNote(out, 0.36, 783.99, 0.14, 0.02, 0.45, 0.3);
    addNote(out, 0.36, 659.25, 0.12, 0.02, 0.45, 0.3);
    return out;
}

// An eight-second loop at 120 beats a minute: C, A minor, F and G, a bass on the beats and a
// plucked tune in eighths. Every note dies away before the loop's end, so it repeats seamlessly.
Samples synthTheme()
{
    constexpr double kBeat = 0.5;
    Samples out = silence(16.0 * kBeat);
    const auto hz = [](int midi) { return 440.0 * std::pow(2.0, (midi - 69) / 12.0); };
    constexpr std::array<int, 4> kBass{48, 45, 41, 43}; // C3 A2 F2 G2
    // Scale steps of C major pentatonic per eighth, -1 a rest: one bar each.
    constexpr std::array<std::array<int, 8>, 4> kTune{{{72, 76, 79, 76, 81, 79, 76, -1},
                                                       {72, 76, 81, 84, 81, 76, 74, -1},
                                                       {77, 81, 84, 81, 79, 77, 74, 72},
                                                       {74, 79, 83, 79, 86, 83, 79, -1}}};
    for (std::size_t bar = 0; bar < 4; ++bar)
    {
        const double barStart = 4.0 * kBeat * static_cast<double>(bar);
        for (int beat = 0; beat < 4; ++beat)
        {
            addNote(out, barStart + kBeat * beat, hz(kBass[bar]), 0.3, 0.01, 0.16, 0.5);
        }
        for (std::size_t eighth = 0; eighth < 8; ++eighth)
        {
            if (kTune[bar][eighth] >= 0)
            {
                addNote(out, barStart + 0.5 * kBeat * static_cast<double>(eighth), hz(kTune[bar][eighth]),
                        0.16, 0.004, 0.09, 0.35);
            }
        }
    }
    return out;
}

std::vector<sf::Int16> toPcm(const Samples& samples)
{
    std::vector<sf::Int16> pcm(samples.size());
    std::transform(samples.begin(), samples.end(), pcm.begin(),
                   [](double s)
                   { return static_cast<sf::Int16>(std::lround(std::clamp(s, -1.0, 1.0) * 32767.0)); });
    return pcm;
}

// --- The assets ----------------------------------------------------------------------------------

struct TextureAsset
{
    const char* file;
    Canvas (*make)();
    const char* what;
};

struct SoundAsset
{
    const char* file;
    Samples (*make)();
    const char* what;
};

const std::array<TextureAsset, 12> kTextures{{
    {"textures/crate.png", drawCrate, "wooden crate, planks in a darker frame with a brace"},
    {"textures/crate_heavy.png", drawHeavyCrate, "dark crate held by riveted iron bands"},
    {"textures/ground.png", drawGround, "grass-topped earth, repeats left to right"},
    {"textures/stone.png", drawStone, "stone bricks, repeats both ways"},
    {"textures/player.png", drawPlayer, "the player, facing right, transparent around"},
    {"textures/coin.png", drawCoin, "gold coin, transparent around"},
    {"textures/flag.png", drawFlag, "the goal flag on its pole, transparent around"},
    {"textures/sky.png", drawSky, "sky gradient with clouds, repeats left to right"},
    {"textures/plank.png", drawPlank, "plank for a catapult arm or a bridge"},
    {"textures/boulder.png", drawBoulder, "round stone, transparent around"},
    {"textures/pig.png", drawPig, "the catapult's target, transparent around"},
    {"textures/particle.png", drawParticle, "soft white dot for dust and sparks"},
}};

const std::array<SoundAsset, 8> kSounds{{
    {"sounds/jump.wav", synthJump, "rising chirp"},
    {"sounds/coin.wav", synthCoin, "two bright notes"},
    {"sounds/land.wav", synthLand, "soft thump"},
    {"sounds/thud.wav", synthThud, "wooden knock of a crate"},
    {"sounds/launch.wav", synthLaunch, "twang and whoosh"},
    {"sounds/break.wav", synthBreak, "cracks and crunch"},
    {"sounds/win.wav", synthWin, "fanfare"},
    {"songs/theme.ogg", synthTheme, "eight-second loop, seamless"},
}};

bool writeTexture(const fs::path& path, const Canvas& canvas)
{
    return canvas.image().saveToFile(path.string());
}

bool writeSound(const fs::path& path, const Samples& samples)
{
    // SFML's Ogg writer numbers its stream with std::rand(); a fixed seed keeps the file the same
    // from run to run.
    std::srand(1);
    sf::OutputSoundFile file;
    if (!file.openFromFile(path.string(), kSampleRate, 1))
    {
        return false;
    }
    const std::vector<sf::Int16> pcm = toPcm(samples);
    file.write(pcm.data(), pcm.size());
    return true;
}

int fail(const fs::path& path)
{
    std::fprintf(stderr, "oblique-make-content: cannot write %s\n", path.string().c_str());
    return 1;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2)
    {
        std::fprintf(stderr, "usage: oblique-make-content OUTPUT_DIR\n");
        return 2;
    }
    const fs::path root(argv[1]);
    std::error_code error;
    for (const char* folder : {"textures", "sounds", "songs"})
    {
        fs::create_directories(root / folder, error);
        if (error)
        {
            return fail(root / folder);
        }
    }
    std::string contents = "# Made by oblique-make-content: file, size, what it is\n";
    for (const TextureAsset& asset : kTextures)
    {
        const Canvas canvas = asset.make();
        if (!writeTexture(root / asset.file, canvas))
        {
            return fail(root / asset.file);
        }
        contents += std::string(asset.file) + "  " + std::to_string(canvas.width()) + "x" +
                    std::to_string(canvas.height()) + "  " + asset.what + "\n";
    }
    for (const SoundAsset& asset : kSounds)
    {
        const Samples samples = asset.make();
        if (!writeSound(root / asset.file, samples))
        {
            return fail(root / asset.file);
        }
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.2f s", static_cast<double>(samples.size()) / kSampleRate);
        contents += std::string(asset.file) + "  " + seconds + "  " + asset.what + "\n";
    }
    // The HUD's font: a .spritefont description SpriteFont reads (DejaVu from the system's fonts).
    const fs::path font = root / "fonts" / "hud.spritefont";
    fs::create_directories(font.parent_path(), error);
    std::ofstream(font, std::ios::binary)
        << "{\"font\": \"DejaVuSans-Bold.ttf\", \"size\": 22, \"spacing\": 0}\n";
    if (!fs::is_regular_file(font))
    {
        return fail(font);
    }
    contents += "fonts/hud.spritefont  DejaVu Sans Bold at 22 px, for the HUD\n";
    const fs::path listing = root / "contents.txt";
    std::ofstream(listing, std::ios::binary) << contents;
    if (!fs::is_regular_file(listing))
    {
        return fail(listing);
    }
    return 0;
}
