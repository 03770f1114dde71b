#include "power/PowerTable.h"

#include "power/StandInExperiment.h"
#include "stats/PerItemTable.h"
#include "stats/SignFlipTest.h"

namespace pb {

PowerCell PowerTable::computeCell(const ProbeDocument& probe, double plantedGap, int seedsPerValue,
                                  qint64 firstSeed, double temperature)
{
    StandInTrial trial;
    trial.plantedGap = plantedGap;
    trial.temperature = temperature;
    trial.seeds = StandInExperiment::seedBlock(firstSeed, seedsPerValue);
    trial.noiseCheck = false;
    QList<Observation> observations;
    for (const LoggedCall& c : StandInExperiment::calls(probe, trial)) {
        observations << Observation{c.itemId, c.variant, c.metricValue};
    }
    QStringList order;
    for (const ProbeItem& item : probe.items) {
        order << item.id;
    }
    const PerItemTable table =
        PerItemTable::build(observations, probe.valueA(), probe.valueB(), order);
    // Only p is shown per cell; the null distribution would cost more than the run.
    SignFlipOptions options;
    options.histogramBins = 0;
    options.maxAtoms = 0;
    const SignFlipResult flip = SignFlipTest::run(table.gaps(), table.gapGrid(), options);
    PowerCell cell;
    cell.plantedGap = plantedGap;
    cell.seedsPerValue = seedsPerValue;
    cell.firstSeed = firstSeed;
    cell.averageGap = table.averageGap();
    cell.p = flip.p;
    return cell;
}

PowerTable PowerTable::compute(const ProbeDocument& probe, const PowerTableSpec& spec,
                               const std::function<bool()>& cancelled)
{
    PowerTable table;
    table.m_spec = spec;
    for (double gap : spec.plantedGaps) {
        for (int n : spec.seedCounts) {
            for (qint64 first : spec.blockStarts) {
                if (cancelled && cancelled()) {
                    return table;
                }
                table.m_cells << computeCell(probe, gap, n, first, spec.temperature);
            }
        }
    }
    table.m_complete = true;
    return table;
}

std::optional<PowerCell> PowerTable::cell(double plantedGap, int seedsPerValue,
                                          qint64 firstSeed) const
{
    for (const PowerCell& c : m_cells) {
        if (c.plantedGap == plantedGap && c.seedsPerValue == seedsPerValue &&
            c.firstSeed == firstSeed) {
            return c;
        }
    }
    return std::nullopt;
}

int PowerTable::detections(double plantedGap, int seedsPerValue) const
{
    int count = 0;
    for (const PowerCell& c : m_cells) {
        if (c.plantedGap == plantedGap && c.seedsPerValue == seedsPerValue && c.p < m_spec.alpha) {
            ++count;
        }
    }
    return count;
}

std::optional<int> PowerTable::fewestReliableSeeds(double plantedGap) const
{
    std::optional<int> fewest;
    // Walk from the largest seed count down: the answer is the start of the last unbroken
    // run of "detected in every block".
    for (qsizetype k = m_spec.seedCounts.size() - 1; k >= 0; --k) {
        const int n = m_spec.seedCounts[k];
        if (detections(plantedGap, n) != m_spec.blockStarts.size() ||
            !cell(plantedGap, n, m_spec.blockStarts.value(0))) {
            break;
        }
        fewest = n;
    }
    return fewest;
}

} // namespace pb
