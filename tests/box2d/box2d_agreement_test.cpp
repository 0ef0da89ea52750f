// Oblique's box-box and box-circle manifolds against Box2D 2.4.1 on seeded random pairs. Box2D is
// only ever linked here, as the reference; the engine never depends on it.

#include "oblique/manifold.hpp"
#include "oblique/overlap.hpp"
#include "random_shapes.hpp"
#include "sat_oracle.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wpedantic"
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

namespace
{

using namespace oblique;
using namespace oblique::test;

// A pair closer to touching than this (by its deepest separation) may be judged either way.
constexpr double kTouchingBand = 1e-4;
// Two candidate choices closer than this can be ordered differently by float rounding in the two
// engines, so which face becomes the reference is not a property of the pair.
constexpr double kAmbiguityBand = 1e-5;
constexpr float kNormalTolerance = 1e-4f;
constexpr float kSeparationTolerance = 1e-4f;
constexpr float kPointTolerance = 1e-3f;

// Both engines' contacts in one shape: normal from A to B, midway points, separations.
struct Contacts
{
    Vec2 normal;
    int count = 0;
    std::array<Vec2, 2> points{};
    std::array<float, 2> separations{};
    std::array<std::uint32_t, 2> keys{};
};

float deepest(const Contacts& c)
{
    return c.count == 1 ? c.separations[0] : std::min(c.separations[0], c.separations[1]);
}

Contacts fromOblique(const Manifold& m)
{
    Contacts c;
    c.normal = m.normal;
    c.count = m.pointCount;
    for (int i = 0; i < m.pointCount; ++i)
    {
        const auto k = static_cast<std::size_t>(i);
        c.points[k] = m.points[i].point;
        c.separations[k] = m.points[i].separation;
        c.keys[k] = key(m.points[i].id);
    }
    return c;
}

Contacts fromBox2d(const b2Manifold& m, const b2Transform& xfA, float radiusA, const b2Transform& xfB,
                   float radiusB)
{
    b2WorldManifold w;
    w.Initialize(&m, xfA, radiusA, xfB, radiusB);
    Contacts c;
    c.normal = {w.normal.x, w.normal.y};
    c.count = m.pointCount;
    for (int i = 0; i < m.pointCount; ++i)
    {
        const auto k = static_cast<std::size_t>(i);
        c.points[k] = {w.points[i].x, w.points[i].y};
        c.separations[k] = w.separations[i];
        const b2ContactFeature& f = m.points[i].id.cf;
        c.keys[k] =
            key(FeatureId{f.indexA, f.indexB,
                          f.typeA == b2ContactFeature::e_vertex ? FeatureType::Vertex : FeatureType::Face,
                          f.typeB == b2ContactFeature::e_vertex ? FeatureType::Vertex : FeatureType::Face});
    }
    return c;
}

b2Transform box2dTransform(Vec2 centre, float angle)
{
    b2Transform xf;
    xf.Set(b2Vec2(centre.x, centre.y), angle);
    return xf;
}

b2PolygonShape box2dBox(const Obb& b)
{
    b2PolygonShape p;
    p.SetAsBox(b.halfExtents.x, b.halfExtents.y);
    // SetAsBox adds Box2D's skin (polygon radius); the boxes compared here have none.
    p.m_radius = 0.0f;
    return p;
}

// How the contacts of two engines line up: the point pairing with the smallest worst distance.
struct Matching
{
    float worstDistance = 0.0f;
    float worstSeparation = 0.0f;
    bool sameIds = true;
};

Matching matchPoints(const Contacts& a, const Contacts& b)
{
    Matching best{1e30f, 1e30f, false};
    const int n = a.count;
    const int orders = n == 2 ? 2 : 1;
    for (int order = 0; order < orders; ++order)
    {
        Matching m{0.0f, 0.0f, true};
        for (int i = 0; i < n; ++i)
        {
            const auto ia = static_cast<std::size_t>(i);
            const auto ib = static_cast<std::size_t>(order == 0 ? i : 1 - i);
            m.worstDistance = std::max(m.worstDistance, distance(a.points[ia], b.points[ib]));
            m.worstSeparation = std::max(m.worstSeparation, std::fabs(a.separations[ia] - b.separations[ib]));
            m.sameIds = m.sameIds && a.keys[ia] == b.keys[ib];
        }
        if (m.worstDistance < best.worstDistance)
        {
            best = m;
        }
    }
    return best;
}

std::string describe(const Obb& b)
{
    std::ostringstream out;
    out.precision(9);
    out << "makeObb({" << b.center.x << "f, " << b.center.y << "f}, {" << b.halfExtents.x << "f, "
        << b.halfExtents.y << "f}, " << b.angle << "f)";
    return out.str();
}

std::string describe(const Contacts& c)
{
    std::ostringstream out;
    out.precision(7);
    out << "normal (" << c.normal.x << ", " << c.normal.y << "), " << c.count << " points";
    for (int i = 0; i < c.count; ++i)
    {
        const auto k = static_cast<std::size_t>(i);
        out << " [(" << c.points[k].x << ", " << c.points[k].y << ") sep " << c.separations[k] << " id "
            << c.keys[k] << "]";
    }
    return out.str();
}

class FailureLog
{
public:
    void add(const std::string& what)
    {
        ++m_count;
        if (m_count <= 10)
        {
            ADD_FAILURE() << what;
        }
    }
    int count() const { return m_count; }

private:
    int m_count = 0;
};

double secondLargest(const std::array<double, 4>& v, std::size_t largest)
{
    double s = -1e300;
    for (std::size_t i = 0; i < 4; ++i)
    {
        if (i != largest)
        {
            s = std::max(s, v[i]);
        }
    }
    return s;
}

// Why the reference (or incident) face of a box pair is not decided by the pair itself, judged
// from exact (double) face separations; empty when it is decided.
std::string boxPairAmbiguity(const Obb& a, const Obb& b)
{
    const auto sepA = oracleFaceSeparations(a, b);
    const auto sepB = oracleFaceSeparations(b, a);
    const auto bestA = static_cast<std::size_t>(std::max_element(sepA.begin(), sepA.end()) - sepA.begin());
    const auto bestB = static_cast<std::size_t>(std::max_element(sepB.begin(), sepB.end()) - sepB.begin());
    const double tolerance = static_cast<double>(kReferenceFaceTolerance);
    if (std::fabs(sepB[bestB] - (sepA[bestA] + tolerance)) < kAmbiguityBand)
    {
        return "reference box";
    }
    const bool flip = sepB[bestB] > sepA[bestA] + tolerance;
    const auto& refSeps = flip ? sepB : sepA;
    const std::size_t refFace = flip ? bestB : bestA;
    if (refSeps[refFace] - secondLargest(refSeps, refFace) < kAmbiguityBand)
    {
        return "reference face";
    }
    // The incident face is the most anti-parallel one; a near tie (boxes at 45 degrees to each other)
    // can go either way.
    const OracleBox ref = oracleBox(flip ? b : a);
    const OracleBox inc = oracleBox(flip ? a : b);
    const DVec2 n = oracleFaceNormal(ref, static_cast<int>(refFace));
    std::array<double, 4> negDots{};
    for (int i = 0; i < 4; ++i)
    {
        negDots[static_cast<std::size_t>(i)] = -dotD(n, oracleFaceNormal(inc, i));
    }
    const auto incFace =
        static_cast<std::size_t>(std::max_element(negDots.begin(), negDots.end()) - negDots.begin());
    if (negDots[incFace] - secondLargest(negDots, incFace) < kAmbiguityBand)
    {
        return "incident face";
    }
    return {};
}

struct Tally
{
    int pairs = 0;
    int touching = 0;
    int nearTouching = 0; ///< within a centimetre of touching but outside the touching band
    int deep = 0;         ///< overlapping by more than a quarter of the smaller shape's bounding radius
    int overlapping = 0;
    int compared = 0;
    int ambiguous = 0;
    std::map<std::string, int> ambiguousByReason;
    int borderlinePoints = 0;
    int idsAgree = 0; ///< compared pairs with contacts whose feature ids match point for point
};

void printTally(const char* name, const Tally& t)
{
    std::cout << "[ counts   ] " << name << " vs Box2D: pairs " << t.pairs << ", overlapping "
              << t.overlapping << " (deep " << t.deep << "), near touching " << t.nearTouching
              << ", touching (skipped verdict) " << t.touching << ", compared " << t.compared
              << ", ambiguous-band " << t.ambiguous << ", borderline points " << t.borderlinePoints
              << ", same feature ids " << t.idsAgree << "\n";
    for (const auto& [reason, count] : t.ambiguousByReason)
    {
        std::cout << "[ counts   ]   ambiguous " << reason << ": " << count << "\n";
    }
}

// Compares manifolds whose reference choice is settled. Point counts may differ only by points
// sitting on the surface (|separation| within the touching band when one engine has none, within
// the ambiguity band otherwise), which float rounding keeps or drops.
void compareContacts(const Contacts& ob, const Contacts& b2, Tally& t, FailureLog& failures,
                     const std::string& context)
{
    const auto fail = [&](const std::string& what)
    { failures.add(what + "\n " + context + "\n oblique " + describe(ob) + "\n box2d   " + describe(b2)); };
    if (ob.count == 0 && b2.count == 0)
    {
        ++t.compared;
        return;
    }
    if (ob.count == 0 || b2.count == 0)
    {
        // Allowed only for contacts right on the surface, which rounding may keep or drop.
        const Contacts& some = ob.count > 0 ? ob : b2;
        for (int i = 0; i < some.count; ++i)
        {
            if (std::fabs(static_cast<double>(some.separations[static_cast<std::size_t>(i)])) >=
                kTouchingBand)
            {
                fail("one engine has contacts, the other none");
                return;
            }
        }
        ++t.borderlinePoints;
        ++t.compared;
        return;
    }
    if (length(ob.normal - b2.normal) > kNormalTolerance)
    {
        fail("normals differ");
        return;
    }
    if (std::fabs(deepest(ob) - deepest(b2)) > kSeparationTolerance)
    {
        fail("deepest separations differ");
        return;
    }
    if (ob.count != b2.count)
    {
        // Keep only the points both have; the extra one must be a surface point.
        const Contacts& more = ob.count > b2.count ? ob : b2;
        const Contacts& fewer = ob.count > b2.count ? b2 : ob;
        int extra = -1;
        for (int i = 0; i < 2; ++i)
        {
            if (distance(more.points[static_cast<std::size_t>(i)], fewer.points[0]) > kPointTolerance)
            {
                extra = i;
            }
        }
        if (extra < 0 || std::fabs(static_cast<double>(more.separations[static_cast<std::size_t>(extra)])) >=
                             kAmbiguityBand)
        {
            fail("point counts differ");
            return;
        }
        ++t.borderlinePoints;
        Contacts kept = more;
        kept.count = 1;
        kept.points[0] = more.points[static_cast<std::size_t>(1 - extra)];
        kept.separations[0] = more.separations[static_cast<std::size_t>(1 - extra)];
        kept.keys[0] = more.keys[static_cast<std::size_t>(1 - extra)];
        const Matching m = matchPoints(kept, fewer);
        if (m.worstDistance > kPointTolerance || m.worstSeparation > kSeparationTolerance)
        {
            fail("points differ");
            return;
        }
        ++t.compared;
        return;
    }
    const Matching m = matchPoints(ob, b2);
    if (m.worstDistance > kPointTolerance)
    {
        fail("points differ by " + std::to_string(m.worstDistance));
        return;
    }
    if (m.worstSeparation > kSeparationTolerance)
    {
        fail("point separations differ by " + std::to_string(m.worstSeparation));
        return;
    }
    if (!m.sameIds)
    {
        fail("feature ids differ");
        return;
    }
    ++t.idsAgree;
    ++t.compared;
}

// Where B goes relative to A: mostly overlapping, some right at touching, some deep, some apart.
Vec2 placeAlong(ShapeSampler& s, Vec2 u, float touchingDistance, float reach)
{
    const int kind = s.pick(20);
    float dist = 0.0f;
    if (kind < 10) // overlapping by anything up to the whole touching distance
    {
        dist = touchingDistance * s.uniform(0.0f, 1.0f);
    }
    else if (kind < 15) // within a centimetre of touching, either side
    {
        const float offset = s.logUniform(1.0e-6f, 1.0e-2f) * (s.chance(0.5) ? 1.0f : -1.0f);
        dist = std::max(touchingDistance + offset, 0.5f * touchingDistance);
    }
    else if (kind < 18) // deep: centres close together
    {
        dist = touchingDistance * s.uniform(0.01f, 0.3f);
    }
    else // apart
    {
        dist = touchingDistance + s.uniform(0.0f, 0.5f * reach);
    }
    return dist * u;
}

TEST(Box2dAgreementTest, BoxBoxManifolds)
{
    constexpr int kPairs = 30000;
    ShapeSampler s(424242u);
    Tally t;
    FailureLog failures;
    for (int i = 0; i < kPairs; ++i)
    {
        const Vec2 centreA{s.uniform(-5.0f, 5.0f), s.uniform(-5.0f, 5.0f)};
        const Obb a = makeObb(centreA, s.halfExtents(), s.anyAngle());
        Obb b = makeObb(centreA, s.halfExtents(), s.relatedAngle(a.angle));
        const Vec2 u = s.unitVector();
        const float reach = boundingRadius(a.halfExtents) + boundingRadius(b.halfExtents);
        const float touching = touchingDistance(
            [&](float dist)
            {
                b.center = a.center + dist * u;
                return oracleSeparation(a, b);
            },
            reach);
        b.center = a.center + placeAlong(s, u, touching, reach);
        ++t.pairs;

        const b2PolygonShape pa = box2dBox(a);
        const b2PolygonShape pb = box2dBox(b);
        const b2Transform xfA = box2dTransform(a.center, a.angle);
        const b2Transform xfB = box2dTransform(b.center, b.angle);
        b2Manifold bm;
        b2CollidePolygons(&bm, &pa, xfA, &pb, xfB);
        const Contacts b2 = fromBox2d(bm, xfA, 0.0f, xfB, 0.0f);
        const Contacts ob = fromOblique(collideBoxes(a, b));

        const double sat = oracleSeparation(a, b);
        const std::string context = "pair " + std::to_string(i) + ": a " + describe(a) + ", b " +
                                    describe(b) + ", oracle separation " + std::to_string(sat);
        if (std::fabs(sat) < kTouchingBand)
        {
            ++t.touching;
        }
        else
        {
            const bool overlap = sat < 0.0;
            t.overlapping += overlap ? 1 : 0;
            t.nearTouching += std::fabs(sat) < 1e-2 ? 1 : 0;
            const float size = std::min(boundingRadius(a.halfExtents), boundingRadius(b.halfExtents));
            t.deep += sat < -0.25 * static_cast<double>(size) ? 1 : 0;
            if ((ob.count > 0) != overlap || (b2.count > 0) != overlap)
            {
                failures.add("overlap verdicts differ: oblique " + std::to_string(ob.count) +
                             " points, box2d " + std::to_string(b2.count) + "\n " + context);
                continue;
            }
        }

        const std::string why = boxPairAmbiguity(a, b);
        if (!why.empty())
        {
            ++t.ambiguous;
            // Either choice is admissible here, so points and normals are not compared, but the
            // verdict (above) and the deepest penetration must still agree. When the tie is between
            // A's face and B's, B's face is deeper by the reference tolerance, so the two
            // admissible manifolds may differ by that much more.
            const float allowed =
                kSeparationTolerance + (why == "reference box" ? kReferenceFaceTolerance : 0.0f);
            ++t.ambiguousByReason[why];
            if (ob.count > 0 && b2.count > 0 && std::fabs(deepest(ob) - deepest(b2)) > allowed)
            {
                failures.add("ambiguous (" + why + ") pair: deepest separations differ\n " + context +
                             "\n oblique " + describe(ob) + "\n box2d   " + describe(b2));
            }
            continue;
        }
        compareContacts(ob, b2, t, failures, context);
    }
    printTally("box-box", t);
    RecordProperty("boxBoxPairs", t.pairs);
    RecordProperty("boxBoxCompared", t.compared);
    RecordProperty("boxBoxAmbiguous", t.ambiguous);
    EXPECT_EQ(failures.count(), 0);
    EXPECT_GE(t.pairs, 10000);
    EXPECT_GT(t.overlapping, t.pairs / 2);
    EXPECT_GT(t.compared, t.pairs * 9 / 10);
}

// Why the face a circle's centre is pushed out through is not decided by the pair: the centre is
// inside (or on) the box and two faces are equally near.
std::string boxCircleAmbiguity(const Obb& a, const Circle& c)
{
    const OracleBox box = oracleBox(a);
    const auto corners = oracleCorners(box);
    std::array<double, 4> seps{};
    for (int i = 0; i < 4; ++i)
    {
        const auto k = static_cast<std::size_t>(i);
        const DVec2 n = oracleFaceNormal(box, i);
        seps[k] = dotD(n, DVec2{static_cast<double>(c.center.x) - corners[k].x,
                                static_cast<double>(c.center.y) - corners[k].y});
    }
    const auto best = static_cast<std::size_t>(std::max_element(seps.begin(), seps.end()) - seps.begin());
    if (seps[best] < kAmbiguityBand && seps[best] - secondLargest(seps, best) < kAmbiguityBand)
    {
        return "reference face";
    }
    return {};
}

Contacts reversed(Contacts c)
{
    c.normal = -c.normal;
    return c;
}

TEST(Box2dAgreementTest, BoxCircleManifolds)
{
    constexpr int kPairs = 30000;
    ShapeSampler s(515151u);
    Tally t;
    Tally reversedTally;
    FailureLog failures;
    for (int i = 0; i < kPairs; ++i)
    {
        const Vec2 centreA{s.uniform(-5.0f, 5.0f), s.uniform(-5.0f, 5.0f)};
        const Obb a = makeObb(centreA, s.halfExtents(), s.anyAngle());
        Circle c{centreA, s.logUniform(0.01f, 3.0f)};
        const Vec2 u = s.unitVector();
        const float reach = boundingRadius(a.halfExtents) + c.radius;
        const float touching = touchingDistance(
            [&](float dist)
            {
                c.center = a.center + dist * u;
                return oracleSignedDistance(a, c);
            },
            reach);
        c.center = a.center + placeAlong(s, u, touching, reach);
        ++t.pairs;
        ++reversedTally.pairs;

        const b2PolygonShape pa = box2dBox(a);
        b2CircleShape cb;
        cb.m_radius = c.radius;
        cb.m_p.SetZero();
        const b2Transform xfA = box2dTransform(a.center, a.angle);
        const b2Transform xfB = box2dTransform(c.center, 0.0f);
        b2Manifold bm;
        b2CollidePolygonAndCircle(&bm, &pa, xfA, &cb, xfB);
        const Contacts b2 = fromBox2d(bm, xfA, 0.0f, xfB, c.radius);
        const Contacts ob = fromOblique(collideBoxCircle(a, c));
        // The circle-first manifold is the same contact seen from the other side.
        const Contacts obReversed = reversed(fromOblique(collideCircleBox(c, a)));

        const double sd = oracleSignedDistance(a, c);
        std::ostringstream context;
        context.precision(9);
        context << "pair " << i << ": box " << describe(a) << ", circle {(" << c.center.x << ", "
                << c.center.y << "), " << c.radius << "}, oracle distance " << sd;
        if (std::fabs(sd) < kTouchingBand)
        {
            ++t.touching;
            ++reversedTally.touching;
        }
        else
        {
            const bool overlap = sd < 0.0;
            t.overlapping += overlap ? 1 : 0;
            t.nearTouching += std::fabs(sd) < 1e-2 ? 1 : 0;
            const float size = std::min(boundingRadius(a.halfExtents), c.radius);
            t.deep += sd < -0.25 * static_cast<double>(size) ? 1 : 0;
            reversedTally.overlapping = t.overlapping;
            reversedTally.nearTouching = t.nearTouching;
            reversedTally.deep = t.deep;
            if ((ob.count > 0) != overlap || (b2.count > 0) != overlap || (obReversed.count > 0) != overlap)
            {
                failures.add("overlap verdicts differ: oblique " + std::to_string(ob.count) +
                             " points, box2d " + std::to_string(b2.count) + "\n " + context.str());
                continue;
            }
        }
        const std::string why = boxCircleAmbiguity(a, c);
        if (!why.empty())
        {
            ++t.ambiguous;
            ++reversedTally.ambiguous;
            ++t.ambiguousByReason[why];
            if (ob.count > 0 && b2.count > 0 && std::fabs(deepest(ob) - deepest(b2)) > kSeparationTolerance)
            {
                failures.add("ambiguous (" + why + ") pair: deepest separations differ\n " + context.str());
            }
            continue;
        }
        compareContacts(ob, b2, t, failures, context.str());
        compareContacts(obReversed, b2, reversedTally, failures, "circle first, " + context.str());
    }
    printTally("box-circle", t);
    printTally("circle-box (reversed)", reversedTally);
    RecordProperty("boxCirclePairs", t.pairs);
    RecordProperty("boxCircleCompared", t.compared);
    RecordProperty("boxCircleAmbiguous", t.ambiguous);
    EXPECT_EQ(failures.count(), 0);
    EXPECT_GE(t.pairs, 10000);
    EXPECT_GT(t.overlapping, t.pairs / 2);
    EXPECT_GT(t.compared, t.pairs * 9 / 10);
    EXPECT_EQ(reversedTally.compared, t.compared);
}

} // namespace
