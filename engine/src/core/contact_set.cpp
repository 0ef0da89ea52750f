// Contact sets: bit per contact slot, so clearing one costs a word per 64 contacts.

#include "contact_set.hpp"

#include "buffers.hpp"
#include "world_state.hpp"

namespace oblique::detail
{

namespace
{

std::size_t wordsFor(std::size_t contactSlots)
{
    return (contactSlots + 63u) / 64u;
}

} // namespace

void ContactSet::clear(std::size_t contactSlots)
{
    refill(m_words, wordsFor(contactSlots), std::uint64_t{0});
}

void ContactSet::fill(std::size_t contactSlots)
{
    refill(m_words, wordsFor(contactSlots), ~std::uint64_t{0});
    const std::size_t spare = m_words.size() * 64u - contactSlots;
    if (spare > 0)
    {
        m_words.back() >>= spare;
    }
}

void insertContactsOf(const WorldState& w, ContactSet& set, std::uint32_t body)
{
    for (std::int32_t edge = w.records[body].contactHead; edge != kNullIndex;)
    {
        set.insert(edge >> 1);
        edge = w.contacts[static_cast<std::size_t>(edge >> 1)].edges[edge & 1].next;
    }
}

} // namespace oblique::detail
