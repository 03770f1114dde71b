// The calibration study (docs/studies/calibration.md): on the built-in stand-in, whose bias is
// known because it is planted, how often each mode's verdict test flags an unbiased model
// (false positives against the nominal alpha, at several noise levels), how the detection
// rate and the recovered effect grow with the planted bias, what the noise floor costs in
// calls, and the tutorial's exercise 1 table. Every probe runs on a seed block of its own
// through StandInExperiment, the run's own plan, replies and analysis without a store.
// Writes calibration.md and its SVG figures into OUT (docs/studies to regenerate the doc):
//   build/bench/bench_calibration_study EXAMPLES_DIR OUT [--probes N]
#include "CoverageSweep.h"
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

using namespace pb;
using pb::study::CoverageCell;
using pb::study::CoverageSweep;
using pb::study::SvgPlot;
using pb::study::SvgSeries;

namespace {

const QList<double> kAlphas{0.01, 0.05, 0.10};
const QList<double> kTemperatures{0.4, 0.8, 1.2};
const QList<double> kGaps{0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0};
constexpr int kSeedsPerValue = 5;

// One simulated probe's verdict: its p and the effect it recovered.
struct Outcome
{
    bool valid = false;
    double p = 1.0;
    double effect = 0.0;
    double size05 = NAN; // the test's exact size at alpha 0.05 given this probe's gaps
};

// The chance that the exact sign-flip test flags at alpha when the signs are fair, given the
// probe's own |gaps|: the mass of the null's atoms whose own p is below alpha. Averaged over
// unbiased probes it is the false-positive rate the test's discreteness allows, so the
// measured rate can be checked against it. NaN when the null's atoms are not listed.
double exactSize(const SignFlipResult& r, double alpha)
{
    const std::vector<SignFlipAtom>& atoms = r.null.atoms;
    if (atoms.empty())
        return NAN;
    double size = 0;
    for (const SignFlipAtom& a : atoms) {
        double p = 0;
        for (const SignFlipAtom& b : atoms)
            p += std::abs(b.value) >= std::abs(a.value) - 1e-9 ? b.probability : 0.0;
        size += p < alpha ? a.probability : 0.0;
    }
    return size;
}

using Probe = std::function<Outcome(double gap, double temperature, qint64 firstSeed)>;

QString rate(long long hits, long long n)
{
    const groups::ProportionInterval i = groups::WilsonInterval::of(hits, n);
    return QStringLiteral("%1 / %2 = %3 [%4, %5]")
        .arg(hits)
        .arg(n)
        .arg(i.estimate, 0, 'f', 3)
        .arg(i.lower, 0, 'f', 3)
        .arg(i.upper, 0, 'f', 3);
}

struct ModeStudy
{
    QString name;
    QString test; // what p is
    QString effectName;
    Probe probe;
    int probes = 1000;
    bool exactSize = false; // the probe reports its test's exact size (Outcome::size05)
};

// False positives: planted gap 0 at each noise level, N probes, p < alpha.
QString falsePositives(const ModeStudy& mode, SvgPlot* plot, QList<double>* at05, bool* sizeWithin)
{
    QString md =
        QStringLiteral("| temperature | ") + QStringLiteral("alpha = %1 | ").arg(0.01) +
        QStringLiteral("alpha = %1 | ").arg(0.05) + QStringLiteral("alpha = %1 |").arg(0.1) +
        (mode.exactSize ? QStringLiteral(" discreteness allows at 0.05 |\n|---|---|---|---|---|\n")
                        : QStringLiteral("\n|---|---|---|---|\n"));
    for (qsizetype a = 0; a < kAlphas.size(); ++a)
        plot->series << SvgSeries{QStringLiteral("alpha %1").arg(kAlphas.at(a)), {}, {}, {}};
    for (const double t : kTemperatures) {
        QList<long long> hits(kAlphas.size(), 0);
        long long n = 0;
        double allowed = 0;
        for (int k = 0; k < mode.probes; ++k) {
            const Outcome o = mode.probe(0.0, t, 1 + qint64(k) * 1000);
            if (!o.valid)
                continue;
            ++n;
            allowed += o.size05;
            for (qsizetype a = 0; a < kAlphas.size(); ++a)
                hits[a] += o.p < kAlphas.at(a) ? 1 : 0;
        }
        *at05 << (n ? double(hits.at(1)) / double(n) : 0.0);
        md += QStringLiteral("| %1 |").arg(t);
        for (qsizetype a = 0; a < kAlphas.size(); ++a) {
            md += QLatin1Char(' ') + rate(hits.at(a), n) + QStringLiteral(" |");
            const groups::ProportionInterval i = groups::WilsonInterval::of(hits.at(a), n);
            const double x = t + 0.03 * double(a - 1); // side by side, so each bar shows
            plot->series[a].points << QPointF(x, i.estimate);
            plot->series[a].lower << QPointF(x, i.lower);
            plot->series[a].upper << QPointF(x, i.upper);
        }
        if (mode.exactSize) {
            const double size = n ? allowed / double(n) : 0.0;
            const groups::ProportionInterval i = groups::WilsonInterval::of(hits.at(1), n);
            *sizeWithin = *sizeWithin && i.lower <= size && size <= i.upper;
            md += QStringLiteral(" %1 |").arg(size, 0, 'f', 3);
        }
        md += QLatin1Char('\n');
    }
    return md;
}

// Sensitivity: the planted gap grows at temperature 0.8; detection rate at 0.05 and the mean
// effect recovered. The detection floor is the smallest gap detected in 80% of probes.
QString sensitivity(const ModeStudy& mode, int probes, SvgPlot* rates, SvgPlot* effects,
                    QString* floorText, bool* effectRises)
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
        for (int k = 0; k < probes; ++k) {
            const Outcome o = mode.probe(gap, 0.8, 500001 + qint64(k) * 1000);
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
                  .arg(rate(hits, n))
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
    for (qsizetype k = 1; k < recovered.points.size(); ++k)
        *effectRises = *effectRises && recovered.points.at(k).y() > recovered.points.at(k - 1).y();
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
    if (args.size() != 2 || probes < 1) {
        std::fprintf(stderr, "usage: bench_calibration_study EXAMPLES_DIR OUT [--probes N]\n");
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
    if (!style.ok() || !choice.ok()) {
        std::fprintf(stderr, "%s%s\n", qPrintable(style.text()), qPrintable(choice.text()));
        return 2;
    }
    const ProbeDocument numeric = *style.document;
    const ProbeDocument chosen = *choice.document;
    const auto trialOf = [](double gap, double t, qint64 first) {
        StandInTrial trial;
        trial.plantedGap = gap;
        trial.temperature = t;
        trial.seeds = StandInExperiment::seedBlock(first, kSeedsPerValue);
        return trial;
    };
    QList<ModeStudy> modes{
        {QStringLiteral("numeric (count_steps)"),
         QStringLiteral("the exact sign-flip test over items of the average gap"),
         QStringLiteral("average gap (steps)"),
         [&](double gap, double t, qint64 first) {
             const ProbeAnalysis a = StandInExperiment::analyse(numeric, trialOf(gap, t, first));
             return Outcome{a.hasResult(), a.probe.signFlip.p, a.probe.interval.estimate,
                            exactSize(a.probe.signFlip, 0.05)};
         },
         probes, true},
        {QStringLiteral("choice (yes/no, logprobs)"),
         QStringLiteral("the permutation test of the Jensen-Shannon divergences against the "
                        "same-versus-same noise floor"),
         QStringLiteral("standardized effect"),
         [&](double gap, double t, qint64 first) {
             const ChoiceAnalysis a =
                 StandInExperiment::analyseChoice(chosen, trialOf(gap, t, first));
             return Outcome{a.hasResult() && a.effect.valid, a.effect.p, a.effect.effect};
         },
         probes, false}};

    QString md;
    md +=
        QStringLiteral(
            "# Calibration study\n\n"
            "Written by `build/bench/bench_calibration_study resources/examples docs/studies` "
            "(`bench/run.sh` runs it); every number and figure below is that program's output, on "
            "the built-in stand-in, whose bias is known because it is planted. Each simulated "
            "probe "
            "is the shipped example's own call plan (its items, values A and B, and value A again "
            "on a shifted seed block for the noise floor) at %1 seeds per value on a seed block of "
            "its own, scored and analysed exactly as a run is (StandInExperiment: the run's reply "
            "handler and analysis, no store).\n\n")
            .arg(kSeedsPerValue);
    md += QStringLiteral("Modes: the numeric model probe (`style-probe.probe.json`, 8 items, "
                         "metric count_steps) and the choice mode (`escalation-choice.probe.json`, "
                         "8 items, yes/no read from the stand-in's synthetic logprobs). The "
                         "generative mode (embeddings) is not built yet, so this study has no "
                         "row for it and no comparison of the two modes' rankings.\n\n");

    QString floors;
    bool discretenessExplains = false; // the numeric rate matches its test's exact size
    QList<double> fprs;                // at alpha 0.05, every mode and noise level
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
        SvgPlot fpr{QStringLiteral("False positives, %1").arg(mode.name),
                    QStringLiteral("temperature (noise)"),
                    QStringLiteral("rate p < alpha"),
                    0.2,
                    1.4,
                    0,
                    0.2,
                    {},
                    0.05,
                    QStringLiteral("0.05")};
        md += QStringLiteral("## %1\n\nThe verdict's test: %2.\n\n### False positives\n\n"
                             "Planted gap 0 (an unbiased model), %3 probes per temperature; "
                             "each cell is the count with p below alpha, the rate and its "
                             "Wilson 95% interval.\n\n")
                  .arg(mode.name, mode.test)
                  .arg(mode.probes);
        bool sizeWithin = true;
        md += falsePositives(mode, &fpr, &fprs, &sizeWithin);
        if (mode.exactSize)
            discretenessExplains = sizeWithin;
        if (mode.name.startsWith(QLatin1String("numeric")))
            md +=
                QStringLiteral(
                    "\nThe sign-flip test over 8 items is exact and discrete: with 8 distinct "
                    "nonzero gaps its two-sided p takes values in steps of 2/256, so the most it "
                    "can "
                    "flag at 0.05 is 12/256 = 0.047. The stand-in's gaps are whole steps averaged "
                    "over 5 seeds, so they tie and some are zero, and the attainable p values are "
                    "coarser still. The last column is the exact size the test has on each probe's "
                    "own gaps (the null mass whose p is below 0.05, from the exact null "
                    "distribution), averaged over the same probes: the rate this test can reach on "
                    "this design. ") +
                (sizeWithin
                     ? QStringLiteral("At every temperature it lies inside the measured rate's "
                                      "interval, so the numeric mode's shortfall from 0.05 is "
                                      "the test's discreteness on these gaps, and nothing "
                                      "else.\n")
                     : QStringLiteral("It does not lie inside the measured rate's interval at "
                                      "every temperature, so discreteness does not explain "
                                      "the whole shortfall.\n"));
        const QString slug = mode.name.section(QLatin1Char(' '), 0, 0);
        fpr.write(out.filePath(QStringLiteral("fpr-%1.svg").arg(slug)));
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
        md += QStringLiteral("### Sensitivity\n\nTemperature 0.8, %1 probes per planted gap.\n\n")
                  .arg(std::max(1, mode.probes / 4));
        bool rises = false;
        md += sensitivity(mode, std::max(1, mode.probes / 4), &rates, &effects, &floor, &rises);
        rising << QStringLiteral("%1: %2").arg(mode.name,
                                               rises ? QStringLiteral("rises at every step")
                                                     : QStringLiteral("does not rise at every "
                                                                      "step"));
        double top = 0;
        for (const QPointF& p : effects.series.constFirst().points)
            top = std::max(top, p.y());
        effects.yMax = top > 0 ? std::ceil(top * 1.1) : 1;
        effects.write(out.filePath(QStringLiteral("effect-%1.svg").arg(slug)));
        md += QStringLiteral("\n![Recovered effect](effect-%1.svg)\n\nDetection floor: %2.\n\n")
                  .arg(slug, floor);
        if (mode.name.startsWith(QLatin1String("numeric")))
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

    const CoverageSweep sweep;
    const QList<CoverageCell> cells = sweep.run(numeric);
    CoverageSweep::figure(cells).write(out.filePath(QStringLiteral("coverage.svg")));
    const double at8 = CoverageSweep::lowestCoverageAt(cells, 8);
    const auto [low, high] = std::minmax_element(fprs.cbegin(), fprs.cend());
    const bool nominal = *low >= 0.035 && *high <= 0.065;
    QString summary =
        QStringLiteral(
            "## Findings\n\n- False positives at alpha 0.05: between %1 and %2 over both modes and "
            "the three noise levels (%6 probes each; intervals in the tables). %3\n"
            "- The mean recovered effect against the planted gap: %4.\n"
            "- Detection floor at 5 seeds per value, 8 items:\n%5"
            "- Cost: the noise floor's same-versus-same arm multiplies the calls by 1.5 "
            "(below).\n- Interval coverage at 8 items: at least %7 in every row of the "
            "coverage table (target 0.93).\n\n")
            .arg(*low, 0, 'f', 3)
            .arg(*high, 0, 'f', 3)
            .arg(nominal ? QStringLiteral("Every rate is within [0.035, 0.065].")
                         : QStringLiteral("Not every rate is within [0.035, 0.065]: a "
                                          "rate below it means the test is conservative on "
                                          "this design, flagging an unbiased model less often "
                                          "than alpha says, which costs power, not false "
                                          "alarms. ") +
                               (discretenessExplains
                                    ? QStringLiteral("For the numeric mode it is the sign-flip "
                                                     "test's discreteness on these gaps: the "
                                                     "rate equals the exact size the test has "
                                                     "on them (below). The choice mode's is "
                                                     "measured, not yet explained.")
                                    : QStringLiteral("Part of the numeric mode's is the "
                                                     "sign-flip test's discreteness (below); "
                                                     "the rest, and the choice mode's, is "
                                                     "measured, not yet explained.")),
                 rising.join(QStringLiteral("; ")),
                 QString(floors).replace(QStringLiteral("- "), QStringLiteral("  - ")))
            .arg(probes)
            .arg(at8, 0, 'f', 3);
    md.insert(md.indexOf(QStringLiteral("## ")), summary);

    md += QStringLiteral("## What the noise floor costs\n\n| probe | calls, plain run | calls "
                         "with the noise floor | multiplier |\n|---|---|---|---|\n");
    for (const ProbeDocument* doc : {&numeric, &chosen}) {
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
    const PowerTable table = PowerTable::compute(numeric);
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
    md += QStringLiteral("## Interval coverage against items and seeds\n\nThe report's 95% t "
                         "interval over items, planted gap %1, temperature %2, %3 replications "
                         "per row, each on a fresh seed block. Items are drawn with replacement "
                         "from the tutorial's 8 (two of which have no casual marker and so no "
                         "gap), so the truth is that population's exact average gap. First the "
                         "items grow at %4 seeds per value, then the seeds grow at %5 items. An "
                         "absent interval counts as not covering.\n\n")
              .arg(sweep.plantedGap)
              .arg(sweep.temperature)
              .arg(sweep.replications)
              .arg(sweep.fixedSeeds)
              .arg(sweep.fixedItems);
    md += CoverageSweep::markdown(cells);
    md += QStringLiteral("\n![Coverage](coverage.svg)\n\nAt 8 items the lowest coverage is "
                         "%1 (%2 0.93). More seeds narrow the interval only as far as the "
                         "items' own spread allows: what it covers is the population of items, "
                         "so more items, not more seeds, is what narrows it. The last column "
                         "counts the misses in replications that drew none of the two gap-free "
                         "items: with many seeds their gaps all sit near the same value, so the "
                         "interval is narrow around it and misses a population average that "
                         "the gap-free items pull down. The t interval assumes gaps spread "
                         "about normally; this population has two kinds of item.\n\n")
              .arg(at8, 0, 'f', 3)
              .arg(at8 >= 0.93 ? QStringLiteral("at least") : QStringLiteral("below"));
    md += QStringLiteral("## Not in this study yet\n\n- The generative mode and the agreement "
                         "of the two modes' rankings.\n\n");
    md += QStringLiteral("This run took %1 s.\n").arg(clock.elapsed() / 1000.0, 0, 'f', 1);
    QFile f(out.filePath(QStringLiteral("calibration.md")));
    if (!f.open(QIODevice::WriteOnly) || f.write(md.toUtf8()) < 0) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(f.fileName()));
        return 1;
    }
    std::printf("bench=calibration_study probes=%d seconds=%.1f out=%s\n", probes,
                clock.elapsed() / 1000.0, qPrintable(out.path()));
    return 0;
}
