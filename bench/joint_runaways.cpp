// How often random jointed worlds run away: the determinism checks' random worlds
// (tests/support/random_world.hpp) stepped in both solvers, each seed's top body speed printed,
// then how many seeds passed 200 m/s and how many ran away (past 1e4 m/s, most to float's end).
// usage: oblique-joint-runaways [SEEDS [STEPS]]   (default 200 seeds of 600 steps)

#include "oblique/world.hpp"
#include "random_world.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace
{

using namespace oblique;

bool parseCount(const char* text, int& out)
{
    const char* end = text + std::strlen(text);
    const auto [ptr, error] = std::from_chars(text, end, out);
    return error == std::errc{} && ptr == end && out > 0;
}

} // namespace

int main(int argc, char** argv)
{
    int seeds = 200;
    int steps = 600;
    if (argc > 3 || (argc > 1 && !parseCount(argv[1], seeds)) || (argc > 2 && !parseCount(argv[2], steps)))
    {
        std::fprintf(stderr, "usage: oblique-joint-runaways [SEEDS [STEPS]] (positive whole numbers)\n");
        return 2;
    }
    for (const Solver solver : {Solver::SoftStep, Solver::Ngs})
    {
        const char* name = solver == Solver::Ngs ? "ngs" : "soft-step";
        std::vector<float> tops;
        for (int seed = 1; seed <= seeds; ++seed)
        {
            tops.push_back(test::topSpeed(static_cast<std::uint64_t>(seed), solver, steps));
            std::printf("%s seed %d: top speed %.3g m/s\n", name, seed, static_cast<double>(tops.back()));
        }
        const auto past = [&](float limit)
        { return std::count_if(tops.begin(), tops.end(), [limit](float top) { return !(top <= limit); }); };
        std::sort(tops.begin(), tops.end());
        std::printf(
            "%s: %d seeds of %d steps; median top speed %.3g m/s; past 200 m/s: %ld; past 1e4 m/s: %ld\n",
            name, seeds, steps, static_cast<double>(tops[tops.size() / 2]), static_cast<long>(past(200.0f)),
            static_cast<long>(past(1.0e4f)));
    }
    return 0;
}
