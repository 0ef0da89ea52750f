#include "oblique/compare/json_report.hpp"

#include <charconv>
#include <cmath>
#include <ostream>
#include <string>

namespace oblique::compare
{

Json jsonNumber(float value)
{
    if (!std::isfinite(value))
    {
        return nullptr;
    }
    // JSON numbers are doubles. Going through the float's shortest decimal form gives the double
    // nearest to that text, which the writer then prints as the same short text.
    char buffer[32];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);
    double parsed = 0.0;
    std::from_chars(buffer, written.ptr, parsed);
    return parsed;
}

Json toJson(Vec2 v)
{
    return Json::array({jsonNumber(v.x), jsonNumber(v.y)});
}

Json toJson(const ContactPoint& point)
{
    Json j = Json::object();
    j["position"] = toJson(point.position);
    j["separation"] = jsonNumber(point.separation);
    return j;
}

Json toJson(const PairContact& contact)
{
    Json j = Json::object();
    j["a"] = contact.a;
    j["b"] = contact.b;
    if (contact.showShapes)
    {
        j["shapeA"] = contact.shapeA;
        j["shapeB"] = contact.shapeB;
    }
    j["normal"] = toJson(contact.normal);
    Json points = Json::array();
    for (const ContactPoint& p : contact.points)
    {
        points.push_back(toJson(p));
    }
    j["points"] = std::move(points);
    return j;
}

Json toJson(const BodyState& state)
{
    Json j = Json::object();
    j["position"] = toJson(state.position);
    j["angle"] = jsonNumber(state.angle);
    j["linearVelocity"] = toJson(state.linearVelocity);
    j["angularVelocity"] = jsonNumber(state.angularVelocity);
    j["awake"] = state.awake;
    return j;
}

Json contactsReport(Engine engine, const std::vector<PairContact>& contacts)
{
    Json j = Json::object();
    j["engine"] = std::string(engineName(engine));
    Json list = Json::array();
    for (const PairContact& c : contacts)
    {
        list.push_back(toJson(c));
    }
    j["contacts"] = std::move(list);
    return j;
}

void writeJson(std::ostream& out, const Json& document)
{
    out << document.dump() << '\n';
}

} // namespace oblique::compare
