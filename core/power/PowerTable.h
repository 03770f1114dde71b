#pragma once

#include "probe/ProbeDocument.h"

#include <QList>
#include <functional>
#include <optional>

namespace pb {

// The grid of the tutorial's first exercise ("find the smallest probe that works"): for
// each planted gap and each number of seeds per value, the probe is run on the stand-in
// over several disjoint seed blocks (range(first, first + n)), and each run's sign-flip p
// is kept, so "reliably" can be read as "in every block", not one lucky run.
struct PowerTableSpec
{
    QList<double> plantedGaps{1.0, 0.5};
    QList<int> seedCounts{3, 5, 8, 10, 15, 20, 30};
    QList<qint64> blockStarts{1, 201, 401, 601};
    double temperature = 0.8;
    double alpha = 0.05;
};

struct PowerCell
{
    double plantedGap = 0.0;
    int seedsPerValue = 0;
    qint64 firstSeed = 0;
    double averageGap = 0.0;
    double p = 1.0;
};

class PowerTable
{
public:
    PowerTable() = default;
    // A table of spec with no cell computed yet.
    explicit PowerTable(const PowerTableSpec& spec) : m_spec(spec) {}

    // Runs every cell in the order gap, seeds, block. `cancelled` is polled between cells;
    // when it returns true the table stops early and complete() is false.
    static PowerTable compute(const ProbeDocument& probe, const PowerTableSpec& spec = {},
                              const std::function<bool()>& cancelled = {});
    // One cell, the same computation compute() does for it.
    static PowerCell computeCell(const ProbeDocument& probe, double plantedGap, int seedsPerValue,
                                 qint64 firstSeed, double temperature);

    const PowerTableSpec& spec() const { return m_spec; }
    const QList<PowerCell>& cells() const { return m_cells; }
    bool complete() const { return m_complete; }

    std::optional<PowerCell> cell(double plantedGap, int seedsPerValue, qint64 firstSeed) const;
    // Blocks in which the probe detected the gap (p < alpha) for this gap and seed count.
    int detections(double plantedGap, int seedsPerValue) const;
    // The fewest seeds per value at which every block detects the gap, and every larger
    // seed count in the table does too; empty when no seed count in the table does.
    std::optional<int> fewestReliableSeeds(double plantedGap) const;

private:
    PowerTableSpec m_spec;
    QList<PowerCell> m_cells;
    bool m_complete = false;
};

} // namespace pb
