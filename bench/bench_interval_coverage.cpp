// How often the interval of the average gap covers the true average gap, on the built-in
// stand-in: the tutorial's style probe (8 items) and the same with 20 items, planted gap 1,
// temperature 0.8, 20 seeds per value, each replication on a fresh block of seeds. The true
// average gap is exact: the stand-in's steps are max(1, round(4 + 1.5 T Z - gap)), Z standard
// normal, with the gap taken off only when the message has a casual marker (two of the
// tutorial's casual messages have none, so their items have no gap), and each item's
// expected steps are the sum over k of k P(steps = k), from the normal CDF. Two methods on
// the same gaps: the report's t interval over items (TInterval) and the percentile bootstrap
// it replaced (BootstrapCi, 10,000 resamples). Prints one line per (items, method):
//   bench=interval_coverage items=8 method=t replications=2000 covered=... coverage=...
//   se=... mean_width=... true_gap=...
//   build/bench/bench_interval_coverage PROBE.json [replications]
#include "CoverageDesign.h"
#include "power/StandInExperiment.h"
#include "probe/ProbeReader.h"
#include "stats/BootstrapCi.h"
#include "stats/TInterval.h"

#include <QCoreApplication>
#include <cmath>
#include <cstdio>
#include <random>

using namespace pb;
using pb::study::trueAverageGap;
using pb::study::withItems;

namespace {

struct Tally
{
    int covered = 0;
    double width = 0.0;
    int intervals = 0;

    void add(bool valid, double lower, double upper, double truth)
    {
        if (!valid)
            return; // counted as not covering: the report would show no interval
        ++intervals;
        width += upper - lower;
        covered += lower <= truth && truth <= upper ? 1 : 0;
    }
};

void print(const char* items, int count, const char* method, int replications, const Tally& t,
           double truth)
{
    const double coverage = double(t.covered) / replications;
    std::printf("bench=interval_coverage items=%s n=%d method=%s replications=%d covered=%d "
                "coverage=%.4f se=%.4f mean_width=%.3f true_gap=%.6f\n",
                items, count, method, replications, t.covered, coverage,
                std::sqrt(coverage * (1 - coverage) / replications),
                t.intervals ? t.width / t.intervals : 0.0, truth);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_interval_coverage PROBE.json [replications]\n");
        return 2;
    }
    const ProbeLoadResult loaded = ProbeReader::readFile(QString::fromLocal8Bit(argv[1]));
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(loaded.text()));
        return 2;
    }
    const int replications = argc > 2 ? std::atoi(argv[2]) : 2000;
    StandInTrial trial;
    trial.plantedGap = 1.0;
    trial.temperature = 0.8;
    trial.noiseCheck = false;
    const int seeds = 20;

    // Fixed: the tutorial's items themselves, so the truth is their own average gap. Drawn:
    // each replication samples its items from the tutorial's, so the truth is the average
    // over that population, which is what an interval over items claims to cover.
    for (const bool drawn : {false, true}) {
        for (const int items : {8, 20}) {
            std::mt19937_64 draw(20240601);
            // The population's average gap: the tutorial's items, each once.
            const double truth =
                drawn ? trueAverageGap(*loaded.document, trial)
                      : trueAverageGap(withItems(*loaded.document, items, nullptr, 0), trial);
            Tally t;
            Tally bootstrap;
            for (int r = 0; r < replications; ++r) {
                const ProbeDocument doc =
                    withItems(*loaded.document, items, drawn ? &draw : nullptr, r);
                trial.seeds = StandInExperiment::seedBlock(1 + qint64(r) * seeds, seeds);
                const ProbeAnalysis a = StandInExperiment::analyse(doc, trial);
                const GapInterval& i = a.probe.interval;
                t.add(i.valid, i.lower, i.upper, truth);
                const BootstrapInterval b = BootstrapCi::averageGap(a.probe.table.gaps());
                bootstrap.add(b.valid, b.lower, b.upper, truth);
            }
            const char* which = drawn ? "drawn" : "fixed";
            print(which, items, "t", replications, t, truth);
            print(which, items, "percentile-bootstrap", replications, bootstrap, truth);
        }
    }
    return 0;
}
