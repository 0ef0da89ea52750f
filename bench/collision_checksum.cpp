// Hashes every output of the box collision routines over the benchmark pairs, so that a change
// made for speed can be shown to leave every result bit for bit the same: run it before and after
// and compare the hashes. With --dump DIR it also writes each stream of raw results to DIR, so
// that `cmp` can name the first pair that differs.
//
// Besides the million seeded pairs of the benchmarks it runs a lattice of exact cases (quarter
// turns with exact cosines and sines, positions and sizes on a half-metre grid), where faces are
// exactly parallel, corners exactly touch and the face choices tie: the cases random data never
// produces but where a rewritten comparison or tie-break would show.

#include "collision_data.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <oblique/manifold.hpp>
#include <oblique/overlap.hpp>
#include <string>
#include <utility>
#include <vector>

namespace oblique::bench
{

namespace
{

// Results are hashed as raw bytes, so -0.0 and 0.0 (or two NaNs) count as different.
class Stream
{
public:
    // Keeps the raw bytes only when they are to be written out (hundreds of megabytes otherwise).
    Stream(std::string name, bool keepBytes) : m_name(std::move(name)), m_keepBytes(keepBytes) {}

    template <typename T>
    void add(const T& value)
    {
        unsigned char bytes[sizeof(T)];
        std::memcpy(bytes, &value, sizeof(T));
        for (const unsigned char b : bytes)
        {
            m_hash = (m_hash ^ b) * 0x100000001b3ULL; // FNV-1a, 64 bits
            if (m_keepBytes)
            {
                m_bytes.push_back(b);
            }
        }
    }

    void addManifold(const Manifold& m)
    {
        // Field by field rather than the whole struct: padding bytes carry no result.
        add(m.normal.x);
        add(m.normal.y);
        add(m.pointCount);
        for (const ManifoldPoint& p : m.points)
        {
            add(p.point.x);
            add(p.point.y);
            add(p.separation);
            add(key(p.id));
        }
        ++m_count;
    }

    void addBool(bool b)
    {
        add(static_cast<unsigned char>(b ? 1 : 0));
        ++m_count;
    }

    void report(const char* dumpDir) const
    {
        std::printf("%-28s %9zu results  %016llx\n", m_name.c_str(), m_count,
                    static_cast<unsigned long long>(m_hash));
        if (dumpDir != nullptr)
        {
            const std::string path = std::string(dumpDir) + "/" + m_name + ".bin";
            if (std::FILE* f = std::fopen(path.c_str(), "wb"))
            {
                std::fwrite(m_bytes.data(), 1, m_bytes.size(), f);
                std::fclose(f);
            }
            else
            {
                std::fprintf(stderr, "cannot write %s\n", path.c_str());
            }
        }
    }

private:
    std::string m_name;
    bool m_keepBytes = false;
    std::uint64_t m_hash = 0xcbf29ce484222325ULL;
    std::size_t m_count = 0;
    std::vector<unsigned char> m_bytes;
};

// The speculative distances the engine passes: none (the benchmarks), a world's margin, and the
// unlimited one the MTV queries use.
constexpr float kSpeculative[] = {0.0f, 0.04f, std::numeric_limits<float>::infinity()};

struct Pairs
{
    std::vector<BoxPair> boxes;
    std::vector<BoxCirclePair> circles;
};

// Quarter turns with exact rotations (no rounding in cosine or sine), every combination of a few
// sizes, and offsets on a half-metre grid: exact contact, exact ties, zeros of both signs.
Pairs makeLattice()
{
    const Rot turns[4] = {{1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f}};
    const Vec2 sizes[3] = {{0.5f, 0.5f}, {1.0f, 0.5f}, {0.5f, 1.5f}};
    const float radii[3] = {0.25f, 0.5f, 1.0f};
    const Vec2 origin{3.0f, -2.0f};
    Pairs lattice;
    for (const Rot& ra : turns)
    {
        for (const Vec2& ha : sizes)
        {
            const Obb a{origin, ha, angle(ra), ra};
            for (int iy = -6; iy <= 6; ++iy)
            {
                for (int ix = -6; ix <= 6; ++ix)
                {
                    const Vec2 c =
                        origin + Vec2{0.5f * static_cast<float>(ix), 0.5f * static_cast<float>(iy)};
                    for (const Rot& rb : turns)
                    {
                        for (const Vec2& hb : sizes)
                        {
                            lattice.boxes.push_back({a, Obb{c, hb, angle(rb), rb}});
                        }
                    }
                    for (const float r : radii)
                    {
                        lattice.circles.push_back({a, Circle{c, r}});
                    }
                }
            }
        }
    }
    return lattice;
}

void hashAll(const char* label, const Pairs& pairs, const char* dumpDir)
{
    const std::string prefix(label);
    const bool keep = dumpDir != nullptr;
    Stream overlap(prefix + "-overlap", keep);
    for (const BoxPair& p : pairs.boxes)
    {
        overlap.addBool(testOverlap(p.a, p.b));
        overlap.addBool(testOverlap(p.b, p.a));
    }
    overlap.report(dumpDir);

    Stream boxes(prefix + "-box-box", keep);
    for (const float s : kSpeculative)
    {
        for (const BoxPair& p : pairs.boxes)
        {
            boxes.addManifold(collideBoxes(p.a, p.b, s));
            boxes.addManifold(collideBoxes(p.b, p.a, s));
        }
    }
    boxes.report(dumpDir);

    Stream circles(prefix + "-box-circle", keep);
    for (const float s : kSpeculative)
    {
        for (const BoxCirclePair& p : pairs.circles)
        {
            circles.addManifold(collideBoxCircle(p.box, p.circle, s));
            circles.addManifold(collideCircleBox(p.circle, p.box, s));
        }
    }
    for (const BoxCirclePair& p : pairs.circles)
    {
        circles.addBool(testOverlap(p.box, p.circle));
    }
    circles.report(dumpDir);
}

} // namespace

} // namespace oblique::bench

int main(int argc, char** argv)
{
    using namespace oblique::bench;
    const char* dumpDir = nullptr;
    if (argc == 3 && std::strcmp(argv[1], "--dump") == 0)
    {
        dumpDir = argv[2];
    }
    else if (argc != 1)
    {
        std::fprintf(stderr, "usage: %s [--dump DIR]\n", argv[0]);
        return 2;
    }

    CollisionData data = makeCollisionData(kPairCount);
    hashAll("random", Pairs{std::move(data.boxPairs), std::move(data.circlePairs)}, dumpDir);
    hashAll("lattice", makeLattice(), dumpDir);
    return 0;
}
