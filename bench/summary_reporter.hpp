#pragma once
// What the benchmark programs share: a console reporter that also keeps one figure per benchmark
// for the closing summary, medians, and command-line flag lookup.

#include <algorithm>
#include <benchmark/benchmark.h>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oblique::bench
{

/// The median of the values (the mean of the middle two for an even count); v must not be empty.
inline double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The console table as usual, while keeping the figure `measure` takes from each run.
class SummaryReporter : public benchmark::ConsoleReporter
{
public:
    /// The figure a run gives (a counter, its CPU time...), or none to leave the run out.
    using Measure = std::function<std::optional<double>(const Run&)>;

    explicit SummaryReporter(Measure measure) : m_measure(std::move(measure)) {}

    void ReportRuns(const std::vector<Run>& runs) override
    {
        for (const Run& run : runs)
        {
            const std::optional<double> value = run.error_occurred ? std::nullopt : m_measure(run);
            if (!value)
            {
                continue;
            }
            const std::string& key = run.run_name.function_name;
            if (run.run_type == Run::RT_Iteration)
            {
                m_samples[key].push_back(*value);
            }
            else if (run.aggregate_name == "median")
            {
                m_medians[key] = *value;
            }
        }
        ConsoleReporter::ReportRuns(runs);
    }

    /// The median over the repetitions, or over the runs when no median was reported.
    std::optional<double> median(const std::string& name) const
    {
        if (const auto it = m_medians.find(name); it != m_medians.end())
        {
            return it->second;
        }
        const auto it = m_samples.find(name);
        if (it == m_samples.end() || it->second.empty())
        {
            return std::nullopt;
        }
        return medianOf(it->second);
    }

private:
    Measure m_measure;
    std::map<std::string, std::vector<double>> m_samples;
    std::map<std::string, double> m_medians;
};

/// True when one of the arguments starts with flag (so "--flag" matches "--flag=value").
inline bool hasFlag(const std::vector<char*>& args, std::string_view flag)
{
    return std::any_of(args.begin(), args.end(),
                       [flag](const char* a) { return std::string_view(a).starts_with(flag); });
}

/// Adds the defaults the benchmark programs share unless the command line sets them (a median of
/// three repetitions, only the aggregates shown, and optionally the repetitions of all benchmarks
/// shuffled together), then initialises Google Benchmark. False when an argument is not understood.
inline bool initializeBenchmarks(std::vector<char*>& args, bool interleave)
{
    static char repetitions[] = "--benchmark_repetitions=3";
    static char aggregatesOnly[] = "--benchmark_display_aggregates_only=true";
    static char interleaving[] = "--benchmark_enable_random_interleaving=true";
    if (!hasFlag(args, "--benchmark_repetitions"))
    {
        args.push_back(repetitions);
        if (!hasFlag(args, "--benchmark_display_aggregates_only"))
        {
            args.push_back(aggregatesOnly);
        }
    }
    if (interleave && !hasFlag(args, "--benchmark_enable_random_interleaving"))
    {
        args.push_back(interleaving);
    }
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    return !benchmark::ReportUnrecognizedArguments(count, args.data());
}

} // namespace oblique::bench
