#pragma once
// Internal: an open-addressing hash map from a body pair to its contact. Linear probing with
// backward-shift deletion keeps it tombstone-free; it only allocates when it grows, so a warm
// world's step never allocates here. Lookup only: nothing iterates it, so its layout can never
// leak into the simulation order.

#include <cstdint>
#include <vector>

namespace oblique::detail
{

constexpr std::uint64_t pairKey(std::uint32_t a, std::uint32_t b)
{
    return a < b ? (static_cast<std::uint64_t>(a) << 32) | b : (static_cast<std::uint64_t>(b) << 32) | a;
}

class PairMap
{
public:
    static constexpr std::int32_t kMissing = -1;

    std::int32_t find(std::uint64_t key) const
    {
        if (m_slots.empty())
        {
            return kMissing;
        }
        for (std::size_t i = home(key);; i = (i + 1) & m_mask)
        {
            const Slot& s = m_slots[i];
            if (s.value == kMissing)
            {
                return kMissing;
            }
            if (s.key == key)
            {
                return s.value;
            }
        }
    }

    // Empties the map, keeping its slots.
    void clear()
    {
        for (Slot& s : m_slots)
        {
            s.value = kMissing;
        }
        m_count = 0;
    }

    // Inserts or overwrites.
    void insert(std::uint64_t key, std::int32_t value)
    {
        if ((m_count + 1) * 2 > m_slots.size())
        {
            grow();
        }
        for (std::size_t i = home(key);; i = (i + 1) & m_mask)
        {
            Slot& s = m_slots[i];
            if (s.value == kMissing)
            {
                s = {key, value};
                ++m_count;
                return;
            }
            if (s.key == key)
            {
                s.value = value;
                return;
            }
        }
    }

    void erase(std::uint64_t key)
    {
        if (m_slots.empty())
        {
            return;
        }
        std::size_t i = home(key);
        while (true)
        {
            if (m_slots[i].value == kMissing)
            {
                return;
            }
            if (m_slots[i].key == key)
            {
                break;
            }
            i = (i + 1) & m_mask;
        }
        // Shift later members of the probe run back so no lookup ever stops at a false hole.
        std::size_t hole = i;
        for (std::size_t j = (i + 1) & m_mask; m_slots[j].value != kMissing; j = (j + 1) & m_mask)
        {
            const std::size_t h = home(m_slots[j].key);
            const bool movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
            if (movable)
            {
                m_slots[hole] = m_slots[j];
                hole = j;
            }
        }
        m_slots[hole] = {};
        --m_count;
    }

    std::size_t size() const { return m_count; }

private:
    struct Slot
    {
        std::uint64_t key = 0;
        std::int32_t value = kMissing;
    };

    std::size_t home(std::uint64_t key) const
    {
        // A 64-bit mix so that keys differing only in high bits spread across the table.
        key ^= key >> 33;
        key *= 0xff51afd7ed558ccdull;
        key ^= key >> 33;
        return static_cast<std::size_t>(key) & m_mask;
    }

    void grow()
    {
        std::vector<Slot> old;
        old.swap(m_slots);
        const std::size_t capacity = old.empty() ? 64 : old.size() * 2;
        m_slots.assign(capacity, Slot{});
        m_mask = capacity - 1;
        m_count = 0;
        for (const Slot& s : old)
        {
            if (s.value != kMissing)
            {
                insert(s.key, s.value);
            }
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_count = 0;
};

} // namespace oblique::detail
