#pragma once
// Internal: a set of contact indices, visited in index order. The stages that only need the
// contacts of awake bodies (the narrow phase, islands, the solver's contacts) visit them through
// it, in the order a scan of every contact would, so a sleeping pile costs them nothing per
// contact while the result stays bit for bit what the scan gave.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oblique::detail
{

struct WorldState;

class ContactSet
{
public:
    // Empties the set, for indices below contactSlots.
    void clear(std::size_t contactSlots);
    // Every index below contactSlots.
    void fill(std::size_t contactSlots);
    void insert(std::int32_t contact)
    {
        const auto c = static_cast<std::uint32_t>(contact);
        m_words[c / 64u] |= std::uint64_t{1} << (c % 64u);
    }

    // Calls visit(index) for each member in increasing order. A member inserted during the visit
    // at a higher index than the one being visited is visited too; one at a lower index is not,
    // as in a single pass over every contact.
    template <class Visit>
    void forEach(Visit&& visit) const
    {
        forEachIn(0, m_words.size(), visit);
    }

    // The words of 64 indices the set spans: forEachIn splits a visit by them, and a word's
    // members are only ever inserted by the one visit of that word.
    std::size_t wordCount() const { return m_words.size(); }

    // forEach for the members in the words [firstWord, lastWord).
    template <class Visit>
    void forEachIn(std::size_t firstWord, std::size_t lastWord, Visit&& visit) const
    {
        for (std::size_t word = firstWord; word < lastWord; ++word)
        {
            std::uint64_t above = ~std::uint64_t{0};
            for (std::uint64_t bits = m_words[word]; bits != 0; bits = m_words[word] & above)
            {
                const int bit = std::countr_zero(bits);
                // Shifting by 64 is undefined: the last bit leaves nothing above it.
                above = bit == 63 ? 0 : ~std::uint64_t{0} << (bit + 1);
                visit(static_cast<std::int32_t>(word * 64u + static_cast<std::size_t>(bit)));
            }
        }
    }

private:
    std::vector<std::uint64_t> m_words;
};

// Adds the contacts in the body's list.
void insertContactsOf(const WorldState& w, ContactSet& set, std::uint32_t body);

} // namespace oblique::detail
