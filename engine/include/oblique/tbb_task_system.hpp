#pragma once
/// oblique-tbb: a TaskSystem on oneTBB, for games without a job system of their own. Lives as long
/// as the worlds that use it.

#include "oblique/task_system.hpp"

#include <memory>

namespace oblique
{

class TbbTaskSystem
{
public:
    /// Runs a world's tasks on up to `workerCount` threads (the calling thread included), in a
    /// oneTBB arena of its own; 0 takes the machine's hardware threads.
    explicit TbbTaskSystem(int workerCount = 0);
    ~TbbTaskSystem();
    TbbTaskSystem(const TbbTaskSystem&) = delete;
    TbbTaskSystem& operator=(const TbbTaskSystem&) = delete;

    int workerCount() const;
    /// For WorldDef::tasks or World::setTaskSystem.
    TaskSystem taskSystem();

private:
    struct Arena;
    std::unique_ptr<Arena> m_arena;
};

} // namespace oblique
