// The global operator new and delete, replaced by thin wrappers over malloc and free that count
// calls while a flag is set. Every replaceable form is covered (plain, array, nothrow, aligned), so
// no allocation can slip past through a form left standard, and each delete matches its new.

#include "world_alloc_counter.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace oblique::bench
{

namespace
{

// Plain globals: the benchmark steps on one thread, and the flag is read on every allocation of
// the whole program, so it should cost nothing when off.
bool g_counting = false;
AllocationCount g_count;

void record(std::size_t size) noexcept
{
    if (g_counting)
    {
        ++g_count.calls;
        g_count.bytes += size;
        g_count.largest = std::max(g_count.largest, size);
    }
}

void* allocate(std::size_t size) noexcept
{
    record(size);
    // malloc(0) may return null; operator new must return a unique pointer.
    return std::malloc(size == 0 ? 1 : size);
}

void* allocateAligned(std::size_t size, std::align_val_t alignment) noexcept
{
    record(size);
    const auto a = static_cast<std::size_t>(alignment);
    // aligned_alloc wants a size that is a multiple of the alignment.
    const std::size_t rounded = (std::max<std::size_t>(size, 1) + a - 1) / a * a;
    return std::aligned_alloc(a, rounded);
}

void* orThrow(void* p)
{
    if (p == nullptr)
    {
        throw std::bad_alloc();
    }
    return p;
}

} // namespace

void startCounting()
{
    g_count = {};
    g_counting = true;
}

AllocationCount stopCounting()
{
    g_counting = false;
    return g_count;
}

} // namespace oblique::bench

using oblique::bench::allocate;
using oblique::bench::allocateAligned;
using oblique::bench::orThrow;

void* operator new(std::size_t size)
{
    return orThrow(allocate(size));
}
void* operator new[](std::size_t size)
{
    return orThrow(allocate(size));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    return allocate(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept
{
    return allocate(size);
}
void* operator new(std::size_t size, std::align_val_t alignment)
{
    return orThrow(allocateAligned(size, alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment)
{
    return orThrow(allocateAligned(size, alignment));
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept
{
    return allocateAligned(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept
{
    return allocateAligned(size, alignment);
}

void operator delete(void* p) noexcept
{
    std::free(p);
}
void operator delete[](void* p) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept
{
    std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept
{
    std::free(p);
}
