#pragma once
/// The JSON the command line prints, shared by both engines so their output can only differ in
/// the numbers. Objects keep their keys in the order the format documents them.

#include "oblique/compare/contact_report.hpp"

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <vector>

namespace oblique::compare
{

using Json = nlohmann::ordered_json;

/// A float as a JSON number written in the float's shortest round-trip form (0.1f prints as 0.1,
/// not as the double 0.10000000149011612). Non-finite values become null.
Json jsonNumber(float value);

/// `[x, y]`.
Json toJson(Vec2 v);

/// `{"position": [x, y], "separation": s}`.
Json toJson(const ContactPoint& point);

/// `{"a": i, "b": j, "normal": [nx, ny], "points": [...]}`.
Json toJson(const PairContact& contact);

/// `{"position": [x, y], "angle": a, "linearVelocity": [vx, vy], "angularVelocity": w, "awake": b}`.
Json toJson(const BodyState& state);

/// The output of `contacts`: `{"engine": "...", "contacts": [...]}`, in the order given.
Json contactsReport(Engine engine, const std::vector<PairContact>& contacts);

/// Writes a document as one compact line followed by a newline.
void writeJson(std::ostream& out, const Json& document);

} // namespace oblique::compare
