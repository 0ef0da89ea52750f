#pragma once
// Internal: 3-vectors and 3x3 matrices for the joint trees, whose blocks are a body's three
// velocities (x, y, turn) and up to three rows of a joint.

namespace oblique::detail
{

struct Vec3
{
    float x = 0.0f;
    float y = 0.0f;
    float z = 0.0f;
};

// Rows m[0], m[1], m[2]; zero by default.
struct Mat33
{
    Vec3 r[3];
};

inline Vec3 operator+(Vec3 a, Vec3 b)
{
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vec3 operator-(Vec3 a, Vec3 b)
{
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline float dot(Vec3 a, Vec3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

inline Vec3 mul(const Mat33& m, Vec3 v)
{
    return {dot(m.r[0], v), dot(m.r[1], v), dot(m.r[2], v)};
}

// transpose(m) * v.
inline Vec3 mulTransposed(const Mat33& m, Vec3 v)
{
    return {m.r[0].x * v.x + m.r[1].x * v.y + m.r[2].x * v.z,
            m.r[0].y * v.x + m.r[1].y * v.y + m.r[2].y * v.z,
            m.r[0].z * v.x + m.r[1].z * v.y + m.r[2].z * v.z};
}

inline Mat33 mul(const Mat33& a, const Mat33& b)
{
    Mat33 m;
    for (int i = 0; i < 3; ++i)
    {
        const Vec3 row = a.r[i];
        m.r[i] = {row.x * b.r[0].x + row.y * b.r[1].x + row.z * b.r[2].x,
                  row.x * b.r[0].y + row.y * b.r[1].y + row.z * b.r[2].y,
                  row.x * b.r[0].z + row.y * b.r[1].z + row.z * b.r[2].z};
    }
    return m;
}

inline Mat33 transpose(const Mat33& m)
{
    return {{{m.r[0].x, m.r[1].x, m.r[2].x}, {m.r[0].y, m.r[1].y, m.r[2].y}, {m.r[0].z, m.r[1].z, m.r[2].z}}};
}

inline Mat33 operator+(const Mat33& a, const Mat33& b)
{
    return {{a.r[0] + b.r[0], a.r[1] + b.r[1], a.r[2] + b.r[2]}};
}
inline Mat33 operator-(const Mat33& a, const Mat33& b)
{
    return {{a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2]}};
}

inline Mat33 diagonal(float a, float b, float c)
{
    return {{{a, 0.0f, 0.0f}, {0.0f, b, 0.0f}, {0.0f, 0.0f, c}}};
}

// The inverse by cofactors; the zero matrix when m is singular.
inline Mat33 inverse(const Mat33& m)
{
    const Vec3 a = m.r[0];
    const Vec3 b = m.r[1];
    const Vec3 c = m.r[2];
    const Vec3 c0{b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x};
    float det = dot(a, c0);
    if (det == 0.0f)
    {
        return {};
    }
    det = 1.0f / det;
    const Vec3 c1{c.y * a.z - c.z * a.y, c.z * a.x - c.x * a.z, c.x * a.y - c.y * a.x};
    const Vec3 c2{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    // The cofactor vectors are the inverse's columns (times the determinant).
    return {{{det * c0.x, det * c1.x, det * c2.x},
             {det * c0.y, det * c1.y, det * c2.y},
             {det * c0.z, det * c1.z, det * c2.z}}};
}

} // namespace oblique::detail
