#pragma once
/// Where the last step's time went, in milliseconds, and how much work it saw.

namespace oblique
{

struct Profile
{
    float step = 0.0f;        ///< the whole step
    float broadphase = 0.0f;  ///< finding new pairs and refitting the tree
    float narrowphase = 0.0f; ///< contact manifolds
    float solver = 0.0f;      ///< islands, impulses, position correction, sleeping
    int bodyCount = 0;
    int awakeBodyCount = 0;
    int contactCount = 0;  ///< pairs whose fattened boxes overlap (share more than an edge)
    int touchingCount = 0; ///< of those, pairs touching (asleep or not), sensors left out
    int solvedCount = 0;   ///< contacts the solver worked on: awake, with points within reach
    int recycledCount = 0; ///< contacts that kept their manifold instead of a new narrow phase
    int apartCount = 0;    ///< contacts skipped as still too far apart for a point (found empty before)
};

} // namespace oblique
