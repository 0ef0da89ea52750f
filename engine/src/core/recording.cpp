// Session recordings: snapshots, and the runs of bytes a change by hand altered in them.

#include "oblique/recording.hpp"

#include "oblique/api_error.hpp"
#include "sealed_bytes.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace oblique
{
namespace
{

// The version is raised whenever the layout below changes: an old file is then refused, never
// misread. The snapshots in it carry their own build's fingerprint.
constexpr detail::SealedFormat kFormat{{'O', 'B', 'L', 'Q', 'R', 'E', 'C', 'S'}, 1, 0, "recording"};
constexpr std::size_t kHeaderBytes = detail::kSealedHeaderBytes;
// Runs of changed bytes closer than this are stored as one: a run's offset and length cost 12.
constexpr std::size_t kRunGap = 16;
constexpr std::uint32_t kMaxLabel = 256;

[[noreturn]] void refuse(const std::string& why)
{
    throw std::invalid_argument("Recording::load: " + why);
}

class FileWriter
{
public:
    template <class T>
    void value(const T& v)
    {
        bytes(&v, sizeof v);
    }
    void bytes(const void* data, std::size_t size)
    {
        const std::size_t at = m_out.size();
        m_out.resize(at + size);
        if (size > 0)
        {
            std::memcpy(m_out.data() + at, data, size);
        }
    }
    void blob(const std::vector<std::byte>& data)
    {
        value(static_cast<std::uint64_t>(data.size()));
        bytes(data.data(), data.size());
    }
    void text(const std::string& s)
    {
        value(static_cast<std::uint32_t>(s.size()));
        bytes(s.data(), s.size());
    }
    std::vector<std::byte>& out() { return m_out; }

private:
    std::vector<std::byte> m_out;
};

// Every read is bounded by what is left; a count that could not fit is refused before anything
// is allocated for it.
class FileReader
{
public:
    explicit FileReader(std::span<const std::byte> in) : m_in(in) {}

    template <class T>
    T value(const char* what)
    {
        T v{};
        take(&v, sizeof v, what);
        return v;
    }
    std::vector<std::byte> blob(const char* what)
    {
        const auto size = value<std::uint64_t>(what);
        if (size > left())
        {
            refuse(std::string(what) + " runs past the end of the file");
        }
        std::vector<std::byte> out(static_cast<std::size_t>(size));
        take(out.data(), out.size(), what);
        return out;
    }
    std::string text(const char* what, std::uint32_t maxLength)
    {
        const auto size = value<std::uint32_t>(what);
        if (size > maxLength || size > left())
        {
            refuse(std::string(what) + " is longer than " + std::to_string(maxLength) + " bytes or the file");
        }
        std::string out(size, '\0');
        take(out.data(), out.size(), what);
        return out;
    }
    std::size_t left() const { return m_in.size() - m_at; }

private:
    void take(void* out, std::size_t size, const char* what)
    {
        if (size > left())
        {
            refuse(std::string("the file ends inside ") + what);
        }
        if (size > 0)
        {
            std::memcpy(out, m_in.data() + m_at, size);
        }
        m_at += size;
    }

    std::span<const std::byte> m_in;
    std::size_t m_at = 0;
};

} // namespace

Recording::Recording(const World& world, std::string title) : m_title(std::move(title))
{
    if (m_title.size() > kMaxLabel)
    {
        m_title.resize(kMaxLabel);
    }
    world.snapshot(m_start);
    m_last = m_start;
}

void Recording::beforeStep(const World& world, std::string_view label)
{
    world.snapshot(m_scratch);
    if (m_scratch == m_last)
    {
        return;
    }
    Change change;
    change.step = stepCount();
    change.label = std::string(label.substr(0, kMaxLabel));
    if (m_scratch.size() != m_last.size())
    {
        change.whole = true;
        change.snapshot = m_scratch;
    }
    else
    {
        change.size = m_scratch.size();
        std::size_t i = 0;
        while (i < m_scratch.size())
        {
            if (m_scratch[i] == m_last[i])
            {
                ++i;
                continue;
            }
            // A run goes on until kRunGap bytes in a row are unchanged.
            std::size_t end = i + 1;
            std::size_t same = 0;
            for (std::size_t k = end; k < m_scratch.size() && same < kRunGap; ++k)
            {
                same = m_scratch[k] == m_last[k] ? same + 1 : 0;
                if (same == 0)
                {
                    end = k + 1;
                }
            }
            Run run;
            run.offset = i;
            run.bytes.assign(m_scratch.begin() + static_cast<std::ptrdiff_t>(i),
                             m_scratch.begin() + static_cast<std::ptrdiff_t>(end));
            change.runs.push_back(std::move(run));
            i = end;
        }
    }
    // Two calls before one step (the app's tools, then a scene's script) make one change.
    if (!m_changes.empty() && m_changes.back().step == change.step)
    {
        Change& previous = m_changes.back();
        previous.label += ", " + change.label;
        previous.whole = true;
        previous.snapshot = m_scratch;
        previous.runs.clear();
    }
    else
    {
        m_changes.push_back(std::move(change));
    }
    std::swap(m_last, m_scratch);
}

void Recording::afterStep(const World& world, float dt)
{
    m_steps.push_back({dt, world.stateHash()});
    world.snapshot(m_last);
}

std::vector<RecordedChange> Recording::changes() const
{
    std::vector<RecordedChange> out;
    for (const Change& change : m_changes)
    {
        out.push_back({change.step, change.label});
    }
    return out;
}

std::uint64_t Recording::hashAfter(int step) const
{
    if (step < 0 || step >= stepCount())
    {
        reportApiError("Recording::hashAfter: step is out of range");
    }
    return m_steps[static_cast<std::size_t>(step)].hash;
}

std::vector<std::byte> Recording::save() const
{
    FileWriter w;
    w.out().resize(kHeaderBytes); // the header, sealed below
    w.text(m_title);
    w.blob(m_start);
    w.value(static_cast<std::uint32_t>(m_steps.size()));
    for (const Step& step : m_steps)
    {
        w.value(step.dt);
        w.value(step.hash);
    }
    w.value(static_cast<std::uint32_t>(m_changes.size()));
    for (const Change& change : m_changes)
    {
        w.value(static_cast<std::uint32_t>(change.step));
        w.text(change.label);
        w.value(static_cast<std::uint8_t>(change.whole ? 1 : 0));
        if (change.whole)
        {
            w.blob(change.snapshot);
            continue;
        }
        w.value(change.size);
        w.value(static_cast<std::uint32_t>(change.runs.size()));
        for (const Run& run : change.runs)
        {
            w.value(run.offset);
            w.blob(run.bytes);
        }
    }
    detail::seal(w.out(), kFormat);
    return std::move(w.out());
}

Recording Recording::load(std::span<const std::byte> bytes)
{
    const std::string problem = detail::sealProblem(bytes, kFormat);
    if (!problem.empty())
    {
        refuse(problem);
    }
    FileReader r(bytes.subspan(kHeaderBytes));
    Recording out;
    out.m_title = r.text("the title", kMaxLabel);
    out.m_start = r.blob("the starting snapshot");
    const std::string startProblem = World::checkSnapshot(out.m_start);
    if (!startProblem.empty())
    {
        refuse("its starting snapshot cannot be restored: " + startProblem);
    }
    const auto steps = r.value<std::uint32_t>("the step count");
    if (steps > r.left() / (sizeof(float) + sizeof(std::uint64_t)))
    {
        refuse("the step count runs past the end of the file");
    }
    for (std::uint32_t k = 0; k < steps; ++k)
    {
        Step step;
        step.dt = r.value<float>("a step");
        step.hash = r.value<std::uint64_t>("a step");
        if (!(step.dt > 0.0f) || step.dt > 1.0e3f)
        {
            refuse("step " + std::to_string(k) + " has a length that is not a positive number of seconds");
        }
        out.m_steps.push_back(step);
    }
    const auto changes = r.value<std::uint32_t>("the change count");
    for (std::uint32_t c = 0; c < changes; ++c)
    {
        Change change;
        const auto step = r.value<std::uint32_t>("a change");
        const bool ordered =
            out.m_changes.empty() || step > static_cast<std::uint32_t>(out.m_changes.back().step);
        if (step >= steps || !ordered)
        {
            refuse("change " + std::to_string(c) + " is before a step out of range or out of order");
        }
        change.step = static_cast<int>(step);
        change.label = r.text("a change's label", kMaxLabel);
        const auto kind = r.value<std::uint8_t>("a change");
        if (kind > 1)
        {
            refuse("change " + std::to_string(c) + " is of an unknown kind");
        }
        change.whole = kind == 1;
        if (change.whole)
        {
            change.snapshot = r.blob("a change's snapshot");
        }
        else
        {
            change.size = r.value<std::uint64_t>("a change");
            const auto runs = r.value<std::uint32_t>("a change's run count");
            std::uint64_t end = 0;
            for (std::uint32_t k = 0; k < runs; ++k)
            {
                Run run;
                run.offset = r.value<std::uint64_t>("a run");
                run.bytes = r.blob("a run");
                if (run.offset < end || run.bytes.empty() || run.bytes.size() > change.size ||
                    run.offset > change.size - run.bytes.size())
                {
                    refuse("change " + std::to_string(c) + " has a run outside its snapshot or out of order");
                }
                end = run.offset + run.bytes.size();
                change.runs.push_back(std::move(run));
            }
        }
        out.m_changes.push_back(std::move(change));
    }
    if (r.left() != 0)
    {
        refuse("the recording has bytes after its last change");
    }
    return out;
}

void Recording::rewind(World& world) const
{
    world.restore(m_start);
}

const Recording::Change* Recording::changeBefore(int step) const
{
    const auto it = std::lower_bound(m_changes.begin(), m_changes.end(), step,
                                     [](const Change& change, int s) { return change.step < s; });
    return it != m_changes.end() && it->step == step ? &*it : nullptr;
}

bool Recording::playStep(World& world, int step) const
{
    if (step < 0 || step >= stepCount())
    {
        reportApiError("Recording::playStep: step is out of range");
    }
    bool applied = true;
    if (const Change* change = changeBefore(step))
    {
        if (change->whole)
        {
            world.restore(change->snapshot);
        }
        else
        {
            std::vector<std::byte> bytes;
            world.snapshot(bytes);
            // A world that has gone its own way (more or fewer contacts than recorded) cannot
            // take the bytes: the change is left out and the step reported as differing.
            applied = bytes.size() == change->size;
            if (applied)
            {
                for (const Run& run : change->runs)
                {
                    std::memcpy(bytes.data() + run.offset, run.bytes.data(), run.bytes.size());
                }
                detail::reseal(bytes);
                world.restore(bytes);
            }
        }
    }
    const Step& s = m_steps[static_cast<std::size_t>(step)];
    world.step(s.dt);
    return applied && world.stateHash() == s.hash;
}

} // namespace oblique
