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
#include "ModeAgreement.h"
#include "Replications.h"
#include "Sensitivity.h"
#include "StudyModes.h"
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
#include <thread>

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
// Choice against generative: probes at each planted gap and temperature, scored both ways.
constexpr int kAgreementProbesPerGap = 30;
// A false-positive row whose interval misses its exact size is run again from here on, on
// blocks of its own for each mode (past every other section's).
constexpr qint64 kFreshSeed = 300'000'001;

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
    const QList<ModeStudy> modes = study::studyModes({numeric, chosen, generative}, probes);

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
                         "choice example's replies are text too, so the study also scores them "
                         "in generative mode and compares the two modes' rankings (its own "
                         "section). A fourth row set, the numeric probe on the stand-in's draw "
                         "before it is rounded to whole steps, is not a mode: it shows the "
                         "numeric test on gaps that do not tie.\n\n");

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
    for (qsizetype modeIndex = 0; modeIndex < modes.size(); ++modeIndex) {
        const ModeStudy& mode = modes.at(modeIndex);
        const bool isNumeric = mode.slug == QLatin1String("numeric");
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
        const FalsePositiveTable table = FalsePositiveTable::run(
            mode, mode.falsePositiveSeeds.isEmpty() ? kFalsePositiveSeeds : mode.falsePositiveSeeds,
            kTemperatures);
        md += table.markdown();
        bool repeated = false;
        const QString sizeCheck =
            table.sizeCheck(mode, kFreshSeed + mode.probes * 1000LL * 6 * modeIndex, &repeated);
        const bool explained = !repeated;
        QStringList inBand, outOfBand;
        for (const FalsePositiveRow& row : table.rows)
            (row.inBand() ? inBand : outOfBand) << QStringLiteral("%1 seeds, T %2 (%3)")
                                                       .arg(row.seeds)
                                                       .arg(row.temperature)
                                                       .arg(row.rateAt05(), 0, 'f', 3);
        const QString why = mode.why ? mode.why(table) : QString();
        md += QLatin1Char('\n') + why + QLatin1Char(' ') + sizeCheck + QLatin1Char('\n');
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
                                                                  "test's exact size, on a "
                                                                  "second sample either (its "
                                                                  "table).")));
        const QString& slug = mode.slug;
        table.figure(mode.name).write(out.filePath(QStringLiteral("fpr-%1.svg").arg(slug)));
        md += QStringLiteral("\n![False positives](fpr-%1.svg)\n\n").arg(slug);
        if (!mode.sensitivity)
            continue;
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
        md += QStringLiteral("### Sensitivity\n\nTemperature 0.8, %1 seeds per value, %2 probes "
                             "per planted gap.\n\n")
                  .arg(kSeedsPerValue)
                  .arg(std::max(1, mode.probes / 4));
        const study::SensitivityCurve curve = study::sensitivity(
            mode, kGaps, std::max(1, mode.probes / 4), kSeedsPerValue, &rates, &effects);
        md += curve.markdown;
        const QString& floor = curve.floorText;
        rising << QStringLiteral("%1: the effect %2, the detection rate %3")
                      .arg(mode.name,
                           curve.effectRises ? QStringLiteral("rises at every step")
                                             : QStringLiteral("does not rise at every step"),
                           curve.rateRises ? QStringLiteral("never falls")
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

    // Blocks of their own, past the sensitivity probes' (10,000,001 on).
    const study::ModeAgreement agreement =
        study::ModeAgreement::run(chosen, generative.metric, kTemperatures, kGaps,
                                  kAgreementProbesPerGap, kSeedsPerValue, 20'000'001);
    agreement.figure().write(out.filePath(QStringLiteral("agreement.svg")));
    md += QStringLiteral(
              "## Choice and generative rankings where both apply\n\n"
              "A probe with a closed answer set has reply text too: the choice example's replies "
              "are \"yes\", \"no\" or \"I am not sure.\", and the stand-in's embedding gives each "
              "a vector (a bag of words, so the three replies are nearly orthogonal and two "
              "equal replies coincide). So every probe below is one set of calls of "
              "`escalation-choice.probe.json`, scored twice: in choice mode (each item's "
              "distribution over yes and no from the replies' logprobs) and, from the same "
              "replies' text, in generative mode with `style-generative.probe.json`'s embedding "
              "metric (StandInExperiment::analyseBothModes). The two read different things of "
              "the same calls: the choice mode the probabilities behind each reply, the "
              "generative mode only which reply was sampled, so the generative one is the "
              "noisier. Their scores are on different scales and are never mixed or averaged: "
              "only their rankings are compared.\n\n%1\n![Rank agreement](agreement.svg)\n\n")
              .arg(agreement.markdown());
    section("choice against generative (parallel)");
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
            "(below: why they differ).\n%8\n")
            .arg(probes)
            .arg(fprFindings.join(QStringLiteral("\n  - ")), rising.join(QStringLiteral("; ")))
            .arg(kSeedsPerValue)
            .arg(QString(floors).replace(QStringLiteral("- "), QStringLiteral("  - ")))
            .arg(fixedAt8, 0, 'f', 3)
            .arg(at8, 0, 'f', 3)
            .arg(agreement.finding());
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
    md += QStringLiteral("## Not in this study yet\n\n- The generative mode against a real "
                         "embedding model: the stand-in's embedding is a hashed bag of words, "
                         "so on the choice example's one-word replies the generative mode reads "
                         "only which reply was sampled.\n- The two modes' agreement on a probe "
                         "of free-text replies with a closed answer inside them (a real model "
                         "that explains its yes or no): the stand-in's choice replies are the "
                         "bare answer.\n\n");
    const double wall = clock.elapsed() / 1000.0;
    const double cpu = cpuSeconds();
    // The machine may be shared: its load says how far the wall time is this program's own.
    QFile loadFile(QStringLiteral("/proc/loadavg"));
    const QString load =
        loadFile.open(QIODevice::ReadOnly)
            ? QString::fromLatin1(loadFile.readAll()).section(QLatin1Char(' '), 1, 1)
            : QString();
    md += QStringLiteral("This run took %1 s wall and %2 s of CPU time, on %3 threads%4.\n")
              .arg(wall, 0, 'f', 1)
              .arg(cpu, 0, 'f', 1)
              .arg(study::studyThreads())
              .arg(load.isEmpty() ? QString()
                                  : QStringLiteral(" (the machine's 5-minute load average at "
                                                   "the end: %1 on %2 cores)")
                                        .arg(load)
                                        .arg(std::thread::hardware_concurrency()));
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
