#include "oblique/compare/contact_report.hpp"

#include <algorithm>
#include <tuple>

namespace oblique::compare
{

std::string_view engineName(Engine engine)
{
    return engine == Engine::Box2d ? "box2d" : "oblique";
}

std::optional<Engine> parseEngine(std::string_view name)
{
    if (name == "oblique")
    {
        return Engine::Oblique;
    }
    if (name == "box2d")
    {
        return Engine::Box2d;
    }
    return std::nullopt;
}

bool comesBefore(const PairContact& l, const PairContact& r)
{
    return std::tuple{l.a, l.b, l.shapeA, l.shapeB} < std::tuple{r.a, r.b, r.shapeA, r.shapeB};
}

void sortByPair(std::vector<PairContact>& contacts)
{
    // Stable, so a list that is already in order (as the oblique side builds it) keeps it exactly.
    std::stable_sort(contacts.begin(), contacts.end(), comesBefore);
}

} // namespace oblique::compare
