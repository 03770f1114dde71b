// The calibration study (docs/studies/calibration.md): on the built-in stand-in, whose bias is
// known because it is planted, how often each mode's verdict test flags an unbiased model
// (false positives against the nominal alpha, at several noise levels), how the detection
// rate and the recovered effect grow with the planted bias, what the noise floor costs in
// calls, and the tutorial's exercise 1 table. Every probe runs on a seed block of its own
// through StandInExperiment, the run's own plan, replies and analysis without a store.
// Writes calibration.md and its SVG figures into OUT (docs/studies to regenerate the doc):
//   build/bench/bench_calibration_study EXAMPLES_DIR OUT [--probes N] [--threads N]
// Replications run over 2 threads unless --threads says otherwise; the numbers do not depend
// on it (Replications.h).
#include "CoverageSweep.h"
#include "FalsePositiveTable.h"
#include "Replications.h"
#include "SvgPlot.h"
#include "power/PowerTable.h"
#include "power/StandInExperiment.h"
#include "probe/ProbeReader.h"
#include "run/CallPlan.h"
#include "stats/groups/WilsonInterval.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <sys/resource.h>

using namespace pb;
using pb::study::CoverageCell;
using pb::study::CoverageSweep;
using pb::study::FalsePositiveRow;
using pb::study::FalsePositiveTable;
using pb::study::ModeStudy;
using pb::study::Outcome;
using pb::study::SvgPlot;
using pb::study::SvgSeries;

namespace {

// CPU time of the whole process, every thread, so far.
double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return double(t.tv_sec) + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

const QList<double> kTemperatures{0.4, 0.8, 1.2};
const QList<double> kGaps{0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0};
constexpr int kSeedsPerValue = 5;
// False positives also at the tutorial's recommended 20 seeds per value, where the gaps are
// nearly continuous and the exact tests can reach close to alpha.
const QList<int> kFalsePositiveSeeds{kSeedsPerValue, 20};

// Sensitivity: the planted gap grows at temperature 0.8; detection rate at 0.05 and the mean
// effect recovered. The detection floor is the smallest gap detected in 80% of probes.
QString sensitivity(const ModeStudy& mode, int probes, SvgPlot* rates, SvgPlot* effects,
                    QString* floorText, bool* effectRises, bool* rateRises)
{
    QString md =
        QStringLiteral("| planted gap | detected at 0.05 | mean %1 (sd) |\n|---|---|---|\n")
            .arg(mode.effectName);
    SvgSeries detected{mode.name, {}, {}, {}};
    SvgSeries recovered{mode.name, {}, {}, {}};
    std::optional<double> floor;
    for (const double gap : kGaps) {
        long long hits = 0, n = 0;
        double sum = 0, sumSq = 0;
        const QList<Outcome> outcomes = study::replicate(probes, [&](int k) {
            // Blocks of their own, past the false positives' (FalsePositiveTable), the same
            // for every planted gap so the curve compares gaps on the same draws.
            return mode.probe(gap, 0.8, 10'000'001 + qint64(k) * 1000, kSeedsPerValue);
        });
        for (const Outcome& o : outcomes) {
            if (!o.valid)
                continue;
            ++n;
            hits += o.p < 0.05 ? 1 : 0;
            sum += o.effect;
            sumSq += o.effect * o.effect;
        }
        const double mean = n ? sum / n : 0.0;
        const double sd = n > 1 ? std::sqrt(std::max(0.0, (sumSq - n * mean * mean) / (n - 1))) : 0;
        md += QStringLiteral("| %1 | %2 | %3 (%4) |\n")
                  .arg(gap)
                  .arg(study::rateText(hits, n))
                  .arg(mean, 0, 'f', 3)
                  .arg(sd, 0, 'f', 3);
        const groups::ProportionInterval i = groups::WilsonInterval::of(hits, n);
        detected.points << QPointF(gap, i.estimate);
        detected.lower << QPointF(gap, i.lower);
        detected.upper << QPointF(gap, i.upper);
        recovered.points << QPointF(gap, mean);
        if (!floor && i.estimate >= 0.8)
            floor = gap;
    }
    rates->series << detected;
    effects->series << recovered;
    *effectRises = true;
    *rateRises = true;
    for (qsizetype k = 1; k < recovered.points.size(); ++k) {
        *effectRises = *effectRises && recovered.points.at(k).y() > recovered.points.at(k - 1).y();
        *rateRises = *rateRises && detected.points.at(k).y() >= detected.points.at(k - 1).y();
    }
    *floorText = floor ? QStringLiteral("%1 (the smallest planted gap detected in at least 80% "
                                        "of probes at alpha 0.05, temperature 0.8)")
                             .arg(*floor)
                       : QStringLiteral("above %1 (no planted gap in the grid reached 80%)")
                             .arg(kGaps.constLast());
    return md;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    int probes = 1000;
    if (const qsizetype at = args.indexOf(QStringLiteral("--probes"));
        at >= 0 && at + 1 < args.size()) {
        probes = args.at(at + 1).toInt();
        args.remove(at, 2);
    }
    if (const qsizetype at = args.indexOf(QStringLiteral("--threads"));
        at >= 0 && at + 1 < args.size()) {
        study::studyThreads() = std::max(1, args.at(at + 1).toInt());
        args.remove(at, 2);
    }
    if (args.size() != 2 || probes < 1) {
        std::fprintf(stderr, "usage: bench_calibration_study EXAMPLES_DIR OUT [--probes N] "
                             "[--threads N]\n");
        return 2;
    }
    const QDir examples(args.at(0));
    const QDir out(args.at(1));
    QDir().mkpath(out.path());
    QElapsedTimer clock;
    clock.start();
    const ProbeLoadResult style =
        ProbeReader::readFile(examples.filePath(QStringLiteral("style-probe.probe.json")));
    const ProbeLoadResult choice =
        ProbeReader::readFile(examples.filePath(QStringLiteral("escalation-choice.probe.json")));
    const ProbeLoadResult embedded =
        ProbeReader::readFile(examples.filePath(QStringLiteral("style-generative.probe.json")));
    if (!style.ok() || !choice.ok() || !embedded.ok()) {
        std::fprintf(stderr, "%s%s%s\n", qPrintable(style.text()), qPrintable(choice.text()),
                     qPrintable(embedded.text()));
        return 2;
    }
    const ProbeDocument numeric = *style.document;
    const ProbeDocument chosen = *choice.document;
    const ProbeDocument generative = *embedded.document;
    const auto trialOf = [](double gap, double t, qint64 first, int seeds) {
        StandInTrial trial;
        trial.plantedGap = gap;
        trial.temperature = t;
        trial.seeds = StandInExperiment::seedBlock(first, seeds);
        return trial;
    };
    QList<ModeStudy> modes{
        {QStringLiteral("numeric (count_steps)"),
         QStringLiteral("the exact sign-flip test over items of the average gap, two-sided"),
         QStringLiteral("average gap (steps)"),
         [&](double gap, double t, qint64 first, int seeds) {
             const ProbeAnalysis a =
                 StandInExperiment::analyse(numeric, trialOf(gap, t, first, seeds));
             return Outcome{a.hasResult(), a.probe.signFlip.p, a.probe.interval.estimate,
                            study::exactSize(a.probe.signFlip, 0.05, false)};
         },
         probes,
         {}},
        {QStringLiteral("choice (yes/no, logprobs)"),
         QStringLiteral("the paired permutation test of the Jensen-Shannon divergences against "
                        "the same-versus-same noise floor: the exact sign-flip test over the "
                        "items' D_cf - D_null, one-sided (DistanceComparison)"),
         QStringLiteral("standardized effect"),
         [&](double gap, double t, qint64 first, int seeds) {
             const ChoiceAnalysis a =
                 StandInExperiment::analyseChoice(chosen, trialOf(gap, t, first, seeds));
             const detection::DistanceComparisonResult& c = a.comparison;
             Outcome o{a.hasResult() && c.valid, c.p, c.effect.effect,
                       study::exactSize(c.paired, 0.05, true)};
             if (gap == 0.0 && o.valid) {
                 // The test the verdict read before: labels permuted over the pooled distances,
                 // with the direction required, on the same distances.
                 std::vector<double> cf, null;
                 for (const ChoiceItemResult& r : a.items) {
                     if (r.comparable) {
                         cf.push_back(r.divergence);
                         null.push_back(r.noiseDivergence);
                     }
                 }
                 detection::NoiseFloorOptions pooledOnly;
                 pooledOnly.resamples = 1;
                 const detection::EffectAgainstNoise e =
                     detection::NoiseFloorEffect::estimate(cf, null, pooledOnly);
                 o.otherP = e.meanCounterfactual > e.meanNull ? e.p : 1.0;
             }
             return o;
         },
         probes, QStringLiteral("pooled permutation (the verdict's test before)")},
        {QStringLiteral("generative (embeddings, cosine distance)"),
         QStringLiteral("the same paired test over the cosine distances of the replies' "
                        "embeddings (the stand-in's own embedding): the exact sign-flip test over "
                        "the items' D_cf - D_null, one-sided (DistanceComparison)"),
         QStringLiteral("standardized effect"),
         [&](double gap, double t, qint64 first, int seeds) {
             const GenerativeAnalysis a =
                 StandInExperiment::analyseGenerative(generative, trialOf(gap, t, first, seeds));
             const detection::DistanceComparisonResult& c = a.verdict.comparison;
             return Outcome{a.hasResult() && c.valid, c.p, c.effect.effect,
                            study::exactSize(c.paired, 0.05, true)};
         },
         probes,
         {}}};

    QString md;
    md += QStringLiteral(
              "# Calibration study\n\n"
              "Written by `build/bench/bench_calibration_study resources/examples docs/studies` "
              "(`bench/run.sh` runs it); every number and figure below is that program's output, "
              "on the built-in stand-in, whose bias is known because it is planted. Each "
              "simulated probe is the shipped example's own call plan (its items, values A and "
              "B, and value A again on a shifted seed block for the noise floor) at %1 seeds per "
              "value (and, for the false positives, also at 20) on a seed block of its own, "
              "scored and analysed exactly as a run is (StandInExperiment: the run's reply "
              "handler and analysis, no store).\n\n")
              .arg(kSeedsPerValue);
    md += QStringLiteral("Modes: the numeric model probe (`style-probe.probe.json`, 8 items, "
                         "metric count_steps) and the choice mode (`escalation-choice.probe.json`, "
                         "8 items, yes/no read from the stand-in's synthetic logprobs) and the "
                         "generative mode (`style-generative.probe.json`, 8 items, the replies' "
                         "cosine distances under the stand-in's bag-of-words embedding). The "
                         "choice and the generative example are different probes (a closed "
                         "answer and free text), so no probe here has both modes and the study "
                         "does not compare the two modes' rankings.\n\n");

    QString floors;
    QStringList fprFindings; // per mode: the rows in the band and why the others are not
    QStringList rising;
    SvgPlot rates{QStringLiteral("Detection rate against planted bias (T 0.8)"),
                  QStringLiteral("planted gap"),
                  QStringLiteral("detected at alpha 0.05"),
                  0,
                  kGaps.constLast(),
                  0,
                  1,
                  {},
                  0.8,
                  QStringLiteral("80%")};
    for (const ModeStudy& mode : modes) {
        const bool isNumeric = mode.name.startsWith(QLatin1String("numeric"));
        md += QStringLiteral("## %1\n\nThe verdict's test: %2.\n\n### False positives\n\n"
                             "Planted gap 0 (an unbiased model), %3 probes per row; each cell is "
                             "the count with p below alpha, the rate and its Wilson 95% "
                             "interval. \"Discreteness allows\" is the exact size the test has on "
                             "each probe's own data (the null mass whose p is below 0.05, from "
                             "the test's exact null distribution), averaged over the same probes: "
                             "the rate this test can reach on this design. Every row has seed "
                             "blocks of its own: the stand-in's noise is the same draws scaled "
                             "by the temperature, so rows that shared blocks would be one "
                             "sample, not three.\n\n")
                  .arg(mode.name, mode.test)
                  .arg(mode.probes);
        const FalsePositiveTable table =
            FalsePositiveTable::run(mode, kFalsePositiveSeeds, kTemperatures);
        md += table.markdown();
        const bool explained = table.sizeExplainsRates();
        QStringList inBand, outOfBand;
        for (const FalsePositiveRow& row : table.rows)
            (row.inBand() ? inBand : outOfBand) << QStringLiteral("%1 seeds, T %2 (%3)")
                                                       .arg(row.seeds)
                                                       .arg(row.temperature)
                                                       .arg(row.rateAt05(), 0, 'f', 3);
        QString why;
        if (mode.name.startsWith(QLatin1String("generative")))
            why = QStringLiteral(
                "With 8 distinct nonzero differences D_cf - D_null the paired test's one-sided p "
                "takes values k/256, so the most it can flag at 0.05 is 12/256 = 0.047; where "
                "the differences tie or are zero (replies whose embeddings coincide) it is "
                "coarser. The size column is the exact size on each probe's own differences.");
        else if (isNumeric)
            why = QStringLiteral(
                "The sign-flip test over 8 items is exact and discrete: with 8 distinct nonzero "
                "gaps its two-sided p takes values in steps of 2/256, so the most it can flag at "
                "0.05 is 12/256 = 0.047. At 5 seeds per value the stand-in's gaps are whole steps "
                "averaged over 5 seeds (multiples of 0.2), so they tie and some are zero, and the "
                "attainable p values are coarser still; at 20 seeds (multiples of 0.05) they "
                "tie less, and the size rises toward 0.047 as the noise grows (the column).");
        else
            why = QStringLiteral(
                "The differences D_cf - D_null are continuous, so they do not tie and the paired "
                "test's one-sided p takes every value k/256: the most it can flag at 0.05 is "
                "12/256 = 0.047 whatever the seeds. The last column is the test this verdict "
                "read before, on the same probes: a permutation of the labels over the pooled "
                "16 distances, with the direction required. With no bias D_cf and D_null are "
                "exchangeable within an item, not across items (items differ in how far their "
                "distributions spread), so the pooled permutation counts the items' spread as "
                "noise and flags less often than alpha says.");
        md += QLatin1Char('\n') + why + QLatin1Char(' ') +
              (explained ? QStringLiteral("In every row the exact size lies inside the measured "
                                          "rate's interval, so a rate outside [0.035, 0.065] is "
                                          "what this exact test allows on these data, not a "
                                          "miscalibration.\n")
                         : QStringLiteral("The exact size does not lie inside the measured "
                                          "rate's interval in every row, so the test's "
                                          "discreteness does not explain every rate.\n"));
        fprFindings << QStringLiteral("%1: in [0.035, 0.065]: %2; outside: %3.%4")
                           .arg(mode.name,
                                inBand.isEmpty() ? QStringLiteral("none")
                                                 : inBand.join(QStringLiteral(", ")),
                                outOfBand.isEmpty() ? QStringLiteral("none")
                                                    : outOfBand.join(QStringLiteral(", ")),
                                outOfBand.isEmpty()
                                    ? QString()
                                    : (explained ? QStringLiteral(
                                                       " Each is the rate the exact test's "
                                                       "discreteness allows on those data (its "
                                                       "table).")
                                                 : QStringLiteral(" Not every one matches the "
                                                                  "test's exact size (its "
                                                                  "table).")));
        const QString slug = mode.name.section(QLatin1Char(' '), 0, 0);
        table.figure(mode.name).write(out.filePath(QStringLiteral("fpr-%1.svg").arg(slug)));
        md += QStringLiteral("\n![False positives](fpr-%1.svg)\n\n").arg(slug);
        SvgPlot effects{QStringLiteral("Recovered effect, %1").arg(mode.name),
                        QStringLiteral("planted gap"),
                        mode.effectName,
                        0,
                        kGaps.constLast(),
                        0,
                        1,
                        {},
                        -1,
                        QString()};
        QString floor;
        md += QStringLiteral("### Sensitivity\n\nTemperature 0.8, %1 seeds per value, %2 probes "
                             "per planted gap.\n\n")
                  .arg(kSeedsPerValue)
                  .arg(std::max(1, mode.probes / 4));
        bool rises = false;
        bool rateRises = false;
        md += sensitivity(mode, std::max(1, mode.probes / 4), &rates, &effects, &floor, &rises,
                          &rateRises);
        rising << QStringLiteral("%1: the effect %2, the detection rate %3")
                      .arg(mode.name,
                           rises ? QStringLiteral("rises at every step")
                                 : QStringLiteral("does not rise at every step"),
                           rateRises ? QStringLiteral("never falls")
                                     : QStringLiteral("falls somewhere"));
        double top = 0;
        for (const QPointF& p : effects.series.constFirst().points)
            top = std::max(top, p.y());
        effects.yMax = top > 0 ? std::ceil(top * 1.1) : 1;
        effects.write(out.filePath(QStringLiteral("effect-%1.svg").arg(slug)));
        md += QStringLiteral("\n![Recovered effect](effect-%1.svg)\n\nDetection floor: %2.\n\n")
                  .arg(slug, floor);
        if (isNumeric)
            md += QStringLiteral("The recovered average gap is below the planted one because "
                                 "the stand-in takes the gap off only where the casual text has "
                                 "a casual marker (two of the 8 items have none) and rounds to "
                                 "whole steps.\n\n");
        floors += QStringLiteral("- %1: %2\n").arg(mode.name, floor);
    }
    rates.write(out.filePath(QStringLiteral("sensitivity.svg")));
    md += QStringLiteral("## Detection against planted bias\n\n![Detection rate](sensitivity.svg)"
                         "\n\n%1\n")
              .arg(floors);

    // Where the time goes, on stderr: the parallel sections and the serial rest.
    const auto section = [&](const char* name) {
        std::fprintf(stderr, "calibration_study: %s done at %.1f s wall, %.1f s CPU\n", name,
                     clock.elapsed() / 1000.0, cpuSeconds());
    };
    section("false positives and sensitivity (parallel)");
    const CoverageSweep sweep;
    const QList<CoverageCell> cells = sweep.run(numeric, CoverageSweep::Items::Drawn);
    const QList<CoverageCell> fixedCells = sweep.run(numeric, CoverageSweep::Items::Fixed);
    CoverageSweep::figure(cells, fixedCells).write(out.filePath(QStringLiteral("coverage.svg")));
    const double at8 = CoverageSweep::lowestCoverageAt(cells, 8);
    const double fixedAt8 = CoverageSweep::lowestCoverageAt(fixedCells, 8);
    QString summary =
        QStringLiteral(
            "## Findings\n\n- False positives at alpha 0.05 (%1 probes a row; intervals in the "
            "tables):\n  - %2\n"
            "- Against the planted gap (sensitivity): %3.\n"
            "- Detection floor at %4 seeds per value, 8 items:\n%5"
            "- Cost: the noise floor's same-versus-same arm multiplies the calls by 1.5 "
            "(below).\n- Interval coverage at 8 items (target 0.93), lowest over the rows of "
            "each table: %6 for the average gap over the probe's own 8 items (what a probe "
            "reports), %7 for the average gap of the population the items are drawn from "
            "(below: why they differ).\n\n")
            .arg(probes)
            .arg(fprFindings.join(QStringLiteral("\n  - ")), rising.join(QStringLiteral("; ")))
            .arg(kSeedsPerValue)
            .arg(QString(floors).replace(QStringLiteral("- "), QStringLiteral("  - ")))
            .arg(fixedAt8, 0, 'f', 3)
            .arg(at8, 0, 'f', 3);
    md.insert(md.indexOf(QStringLiteral("## ")), summary);

    md += QStringLiteral("## What the noise floor costs\n\n| probe | calls, plain run | calls "
                         "with the noise floor | multiplier |\n|---|---|---|---|\n");
    for (const ProbeDocument* doc : {&numeric, &chosen, &generative}) {
        ProbeDocument plain = *doc;
        plain.noise.enabled = false;
        ProbeDocument floored = *doc;
        floored.noise.enabled = true;
        const qsizetype a = CallPlan::build(plain).size(), b = CallPlan::build(floored).size();
        md += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                  .arg(doc->title)
                  .arg(a)
                  .arg(b)
                  .arg(double(b) / double(a), 0, 'f', 2);
    }
    md += QStringLiteral("\nThe same-versus-same arm sends value A again on a shifted seed "
                         "block: one more arm beside A and B, so 1.5 times the calls of a plain "
                         "run at any number of seeds.\n\n");

    md += QStringLiteral("## The tutorial's exercise 1\n\nSign-flip p of the style probe by "
                         "seeds per value and planted gap, temperature 0.8, on four disjoint "
                         "seed blocks (PowerTable, as the presenter shows it).\n\n");
    section("coverage (parallel) and cost");
    const PowerTable table = PowerTable::compute(numeric);
    section("exercise 1 table (serial)");
    for (const double gap : table.spec().plantedGaps) {
        md += QStringLiteral("Planted gap %1:\n\n| seeds per value |").arg(gap);
        for (const qint64 block : table.spec().blockStarts)
            md += QStringLiteral(" block %1 |").arg(block);
        md += QStringLiteral(" detected |\n|---|");
        for (qsizetype k = 0; k <= table.spec().blockStarts.size(); ++k)
            md += QStringLiteral("---|");
        md += QLatin1Char('\n');
        for (const int seeds : table.spec().seedCounts) {
            md += QStringLiteral("| %1 |").arg(seeds);
            for (const qint64 block : table.spec().blockStarts) {
                const std::optional<PowerCell> c = table.cell(gap, seeds, block);
                md += c ? QStringLiteral(" %1 |").arg(c->p < 0.001 ? QStringLiteral("< 0.001")
                                                                   : QString::number(c->p, 'f', 3))
                        : QStringLiteral(" |");
            }
            md += QStringLiteral(" %1 of %2 |\n")
                      .arg(table.detections(gap, seeds))
                      .arg(table.spec().blockStarts.size());
        }
        const std::optional<int> fewest = table.fewestReliableSeeds(gap);
        md += QStringLiteral("\nFewest seeds per value detecting it in every block: %1.\n\n")
                  .arg(fewest ? QString::number(*fewest) : QStringLiteral("none in the table"));
    }
    const int gapFree = CoverageSweep::gapFreeItems(numeric);
    const double noneDrawn = std::pow(
        double(numeric.items.size() - gapFree) / double(numeric.items.size()), sweep.fixedItems);
    md += QStringLiteral("## Interval coverage against items and seeds\n\nThe report's 95% t "
                         "interval over items, planted gap %1, temperature %2, %3 replications "
                         "per row, each on a fresh seed block. First the items grow at %4 seeds "
                         "per value, then the seeds grow at %5 items. An absent interval counts "
                         "as not covering. Two designs, which differ in what the interval is "
                         "about.\n\n")
              .arg(sweep.plantedGap)
              .arg(sweep.temperature)
              .arg(sweep.replications)
              .arg(sweep.fixedSeeds)
              .arg(sweep.fixedItems);
    md += QStringLiteral("### The probe's own items\n\nWhat a probe reports: the average gap "
                         "over its own items. The items are the tutorial's, in order (past %1, "
                         "cycled with new prompts, so the stand-in draws for them afresh); only "
                         "the seeds change from one replication to the next. The truth is those "
                         "items' exact expected average gap on the stand-in, computed, not "
                         "simulated: each reply's steps are max(1, round(4 + 1.5 T Z - gap)) "
                         "with Z standard normal, so each item's expected steps under each value "
                         "is a sum over the normal CDF (CoverageDesign).\n\n")
              .arg(numeric.items.size());
    md += CoverageSweep::markdown(fixedCells);
    md += QStringLiteral("\nAt 8 items the lowest coverage is %1 (%2 0.93).\n\n")
              .arg(fixedAt8, 0, 'f', 3)
              .arg(fixedAt8 >= 0.93 ? QStringLiteral("at least") : QStringLiteral("below"));
    md += QStringLiteral("### Items drawn from a population\n\nItems drawn with replacement "
                         "from the tutorial's %1 (%2 of which have no casual marker and so no "
                         "gap), so the truth is that population's exact average gap: what the "
                         "interval would be about if the probe's items were a sample of "
                         "requests it stands for.\n\n")
              .arg(numeric.items.size())
              .arg(gapFree);
    md += CoverageSweep::markdown(cells);
    md += QStringLiteral(
              "\n![Coverage](coverage.svg)\n\nAt 8 items the lowest coverage is %1 (%2 0.93). "
              "More seeds narrow the interval only as far as the items' own spread allows: what "
              "it covers is the population of items, so more items, not more seeds, is what "
              "narrows it. The last column counts the misses in replications that drew none of "
              "the %3 gap-free items, which happens with probability (%4/%5)^%6 = %7: with many "
              "seeds their gaps all sit near the same value, so the interval is narrow around it "
              "and misses a population average that the gap-free items pull down. Such a sample "
              "carries no trace of the gap-free kind, so an interval computed from it covers "
              "only by being wide whatever the data; this population has two kinds of item, "
              "where the t interval assumes gaps spread about normally.\n\n"
              "Why the two tables differ: for the probe's own items the item-to-item spread of "
              "the gaps is part of the truth, not an error, and the t interval still counts it "
              "as error, so it is wide enough and more; for drawn items the spread is the "
              "error, and a draw with no gap-free item hides it. The report's interval is "
              "about the probe's own items unless its items are a random sample of a "
              "population, and then the second table is the one that applies.\n\n")
              .arg(at8, 0, 'f', 3)
              .arg(at8 >= 0.93 ? QStringLiteral("at least") : QStringLiteral("below"))
              .arg(gapFree)
              .arg(numeric.items.size() - gapFree)
              .arg(numeric.items.size())
              .arg(sweep.fixedItems)
              .arg(noneDrawn, 0, 'f', 3);
    md += QStringLiteral("## Not in this study yet\n\n- The agreement of the choice and the "
                         "generative mode's rankings on probes where both apply: no shipped probe "
                         "has both a closed answer set and free-text replies.\n- The generative "
                         "mode against a real embedding model: the stand-in's embedding is a "
                         "hashed bag of words.\n\n");
    const double wall = clock.elapsed() / 1000.0;
    const double cpu = cpuSeconds();
    md += QStringLiteral("This run took %1 s wall and %2 s of CPU time, on %3 threads.\n")
              .arg(wall, 0, 'f', 1)
              .arg(cpu, 0, 'f', 1)
              .arg(study::studyThreads());
    QFile f(out.filePath(QStringLiteral("calibration.md")));
    if (!f.open(QIODevice::WriteOnly) || f.write(md.toUtf8()) < 0) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(f.fileName()));
        return 1;
    }
    std::printf("bench=calibration_study probes=%d seconds=%.1f cpu_seconds=%.1f threads=%d "
                "out=%s\n",
                probes, wall, cpu, study::studyThreads(), qPrintable(out.path()));
    return 0;
}
