// World snapshots: the persistent part of WorldState written as it is in memory, behind a header
// that names the format, the build's record layout and a checksum. Everything the step rebuilds
// from scratch (solver arrays, islands, joint trees, the pair buffer) is left out; what can be
// derived exactly (each shape's world placement, the pair map) is derived again on restore.

#include "oblique/api_error.hpp"
#include "oblique/world.hpp"
#include "sealed_bytes.hpp"
#include "world_state.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>

namespace oblique
{
namespace detail
{
namespace
{

constexpr std::size_t kHeaderBytes = kSealedHeaderBytes;

template <class T>
constexpr std::uint32_t mixLayout(std::uint32_t h)
{
    h = (h ^ static_cast<std::uint32_t>(sizeof(T))) * 16777619u;
    return (h ^ static_cast<std::uint32_t>(alignof(T))) * 16777619u;
}

// The records are saved as their bytes, so a build that lays one out differently (another
// version of the engine, compiler ABI or platform) must not read them: its layout differs here.
constexpr std::uint32_t kLayout = mixLayout<WorldDef>(
    mixLayout<BodyState>(mixLayout<BodyRecord>(mixLayout<ShapeRecord>(mixLayout<TreeNode>(mixLayout<Contact>(
        mixLayout<ManifoldCache>(mixLayout<GraphPlace>(mixLayout<JointRecord>(2166136261u)))))))));

// The version is raised whenever what is saved, or how, changes: an old buffer is then refused,
// never misread.
constexpr SealedFormat kFormat{{'O', 'B', 'L', 'Q', 'S', 'N', 'A', 'P'}, 8, kLayout, "world snapshot"};

// Adds up what SnapshotWriter will write, so the buffer is sized once: a buffer of the same size
// as last time (a rollback engine's every frame) is neither cleared nor grown.
class SnapshotSizer
{
public:
    template <class T>
    void value(const T& v)
    {
        m_size += sizeof v;
    }
    template <class T>
    void array(const std::vector<T>& v)
    {
        m_size += sizeof(std::uint64_t) + v.size() * sizeof(T);
    }
    std::size_t size() const { return m_size; }

private:
    std::size_t m_size = 0;
};

class SnapshotWriter
{
public:
    // Writes from byte at on; out is already as large as what is written.
    SnapshotWriter(std::vector<std::byte>& out, std::size_t at) : m_out(out), m_at(at) {}

    template <class T>
    void value(const T& v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        append(&v, sizeof v);
    }
    template <class T>
    void array(const std::vector<T>& v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        value(static_cast<std::uint64_t>(v.size()));
        append(v.data(), v.size() * sizeof(T));
    }

private:
    void append(const void* data, std::size_t size)
    {
        if (size > 0)
        {
            std::memcpy(m_out.data() + m_at, data, size);
        }
        m_at += size;
    }

    std::vector<std::byte>& m_out;
    std::size_t m_at;
};

// Reads what SnapshotWriter wrote. Checking (apply false) walks the whole payload and writes
// nothing, so restore changes the world only once the buffer is known to be whole.
class SnapshotReader
{
public:
    SnapshotReader(const std::byte* data, std::size_t size, bool apply)
        : m_data(data), m_size(size), m_apply(apply)
    {
    }

    template <class T>
    void value(T& v)
    {
        if (take(sizeof v) && m_apply)
        {
            std::memcpy(&v, m_data + m_at - sizeof v, sizeof v);
        }
    }
    template <class T>
    void array(std::vector<T>& v)
    {
        std::uint64_t count = 0;
        if (take(sizeof count))
        {
            std::memcpy(&count, m_data + m_at - sizeof count, sizeof count);
        }
        if (m_failed || count > (m_size - m_at) / sizeof(T))
        {
            m_failed = true;
            return;
        }
        const std::size_t bytes = static_cast<std::size_t>(count) * sizeof(T);
        m_at += bytes;
        if (m_apply)
        {
            v.resize(static_cast<std::size_t>(count));
            if (bytes > 0)
            {
                std::memcpy(v.data(), m_data + m_at - bytes, bytes);
            }
        }
    }
    // Every byte read, none past the end.
    bool whole() const { return !m_failed && m_at == m_size; }

private:
    bool take(std::size_t bytes)
    {
        if (m_failed || m_size - m_at < bytes)
        {
            m_failed = true;
            return false;
        }
        m_at += bytes;
        return true;
    }

    const std::byte* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
    bool m_apply;
    bool m_failed = false;
};

// The settings without the task system: its pointers belong to this process, so they are saved
// as unset, and a restored world keeps its own.
template <class Io>
void transferDef(Io& io, const WorldState& w)
{
    // The settings' bytes as they are (padding included, as every record is saved, so that a
    // world saved twice unchanged gives the same bytes), the task system's zeroed.
    std::array<std::byte, sizeof(WorldDef)> bytes{};
    std::memcpy(bytes.data(), &w.def, sizeof(WorldDef));
    std::fill_n(bytes.begin() + offsetof(WorldDef, tasks), sizeof(TaskSystem), std::byte{0});
    io.value(bytes);
}

template <class Io>
void transferDef(Io& io, WorldState& w)
{
    const TaskSystem kept = w.def.tasks;
    io.value(w.def);
    w.def.tasks = kept;
}

// One list of what a snapshot holds, in order, for writing and reading alike. W is WorldState
// (reading) or const WorldState (writing).
template <class Io, class W>
void transferWorld(Io& io, W& w)
{
    transferDef(io, w);
    io.array(w.states);
    io.array(w.records);
    io.array(w.freeBodies);
    io.value(w.bodyCount);
    io.array(w.shapes);
    io.array(w.freeShapes);
    transferTree(io, w.tree);
    io.array(w.moveBuffer);
    io.array(w.contacts);
    io.array(w.manifoldCaches);
    io.array(w.graphPlaces);
    io.array(w.freeContacts);
    io.value(w.contactCount);
    io.value(w.touchingContacts);
    io.array(w.joints.records);
    io.array(w.joints.free);
    io.value(w.joints.count);
    for (auto& color : w.graph.colors)
    {
        io.array(color.bodies);
        io.array(color.contacts);
    }
    io.array(w.graph.overflow);
    io.value(w.previousDt);
}

// The reason a buffer cannot be restored, or empty.
std::string problemOf(std::span<const std::byte> snapshot)
{
    std::string problem = sealProblem(snapshot, kFormat);
    if (!problem.empty())
    {
        return problem;
    }
    // The frame is whole; the payload is read dry as well, so that restore changes the world only
    // once every count in it is known to fit.
    SnapshotReader check(snapshot.data() + kHeaderBytes, snapshot.size() - kHeaderBytes, false);
    WorldState scratch;
    transferWorld(check, scratch);
    if (!check.whole() || scratch.manifoldCaches.size() != scratch.contacts.size() ||
        scratch.graphPlaces.size() != scratch.contacts.size())
    {
        return "the snapshot's contents do not match its format";
    }
    return {};
}

} // namespace

template <class Io, class Tree>
void transferTree(Io& io, Tree& tree)
{
    io.array(tree.m_nodes);
    io.value(tree.m_root);
    io.value(tree.m_freeList);
    io.value(tree.m_proxyCount);
}

} // namespace detail

using namespace detail;

void World::snapshot(std::vector<std::byte>& out) const
{
    const WorldState& w = *m_impl;
    SnapshotSizer sizer;
    transferWorld(sizer, w);
    out.resize(kHeaderBytes + sizer.size());
    SnapshotWriter writer(out, kHeaderBytes);
    transferWorld(writer, w);
    seal(out, kFormat);
}

std::vector<std::byte> World::snapshot() const
{
    std::vector<std::byte> out;
    snapshot(out);
    return out;
}

std::string World::checkSnapshot(std::span<const std::byte> snapshot)
{
    return problemOf(snapshot);
}

void World::restore(std::span<const std::byte> snapshot)
{
    WorldState& w = *m_impl;
    w.checkNotInCallback("restore");
    const std::string problem = problemOf(snapshot);
    if (!problem.empty())
    {
        reportApiError(("restore: " + problem).c_str());
    }
    SnapshotReader reader(snapshot.data() + kHeaderBytes, snapshot.size() - kHeaderBytes, true);
    transferWorld(reader, w);
    // Derived exactly from what was read: the same function of the same bits as when saved.
    w.placed.resize(w.shapes.size());
    w.shapeBriefs.resize(w.shapes.size());
    for (std::uint32_t i = 0; i < w.shapes.size(); ++i)
    {
        w.noteShape(i);
        if (w.shapes[i].alive)
        {
            w.placeShape(i);
        }
    }
    w.bodyBriefs.resize(w.records.size());
    for (std::uint32_t i = 0; i < w.records.size(); ++i)
    {
        w.noteBody(i);
    }
    w.awakeBodies.clear();
    w.graph.sweepNeeded = true;
    w.graph.candidates.clear();
    w.canSleepCount = 0;
    for (std::uint32_t i = 0; i < w.records.size(); ++i)
    {
        w.canSleepCount += canSleep(w.records[i]) ? 1 : 0;
        if (w.records[i].alive && w.records[i].awake)
        {
            w.awakeBodies.push_back(i);
        }
    }
    w.contactMap.clear();
    w.recheckContacts.clear();
    for (std::size_t c = 0; c < w.contacts.size(); ++c)
    {
        const Contact& contact = w.contacts[c];
        if ((contact.flags & kContactAlive) != 0)
        {
            w.contactMap.insert(pairKey(contact.shapeA, contact.shapeB), static_cast<std::int32_t>(c));
        }
        if ((contact.flags & (kContactAlive | kContactRecheck)) == (kContactAlive | kContactRecheck))
        {
            w.recheckContacts.push_back(static_cast<std::int32_t>(c));
        }
    }
    w.clearEvents();
}

} // namespace oblique
