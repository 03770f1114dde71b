#pragma once

// The calibration study's replications are independent simulated probes, so they run over a
// few threads. Each replication's inputs (seed block, drawn items) are fixed by its index
// before any thread starts, and results come back in index order, so every number the study
// prints is the same with 1 thread or 8.

#include <QList>
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace pb::study {

// Threads the study uses: set once by main (--threads), 2 by default, the machine the study is
// meant to run on.
inline int& studyThreads()
{
    static int threads = 2;
    return threads;
}

// fn(k) for k = 0 .. count - 1, spread over studyThreads() threads, in k order.
template <class Fn> auto replicate(int count, const Fn& fn) -> QList<decltype(fn(0))>
{
    using T = decltype(fn(0));
    std::vector<T> out(std::size_t(std::max(0, count)));
    std::atomic<int> next{0};
    const auto work = [&] {
        for (int k = next++; k < count; k = next++)
            out[std::size_t(k)] = fn(k);
    };
    const int threads = std::clamp(studyThreads(), 1, std::max(1, count));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    return QList<T>(out.begin(), out.end());
}

} // namespace pb::study
