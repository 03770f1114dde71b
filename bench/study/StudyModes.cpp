#include "StudyModes.h"

#include "SizeBounds.h"
#include "power/StandInExperiment.h"
#include "stats/detection/NoiseFloorEffect.h"

#include <cmath>
#include <memory>

namespace pb::study {

namespace {

StandInTrial trialOf(double gap, double t, qint64 first, int seeds)
{
    StandInTrial trial;
    trial.plantedGap = gap;
    trial.temperature = t;
    trial.seeds = StandInExperiment::seedBlock(first, seeds);
    return trial;
}

Outcome numericOutcome(const ProbeAnalysis& a)
{
    Outcome o{a.hasResult(), a.probe.signFlip.p, a.probe.interval.estimate,
              exactSize(a.probe.signFlip, 0.05, false)};
    const SizeBounds b = SizeBounds::of(a.probe.table.gaps(), 0.05);
    o.labelFree05 = b.labelFree;
    o.anyTest05 = b.anyTest;
    o.ordered05 = b.ordered;
    o.tieBroken05 = b.tieBroken;
    return o;
}

QString rowsWhere(const FalsePositiveTable& t,
                  const std::function<bool(const FalsePositiveRow&)>& f)
{
    QStringList out;
    for (const FalsePositiveRow& r : t.rows) {
        if (f(r))
            out << QStringLiteral("%1 seeds, T %2").arg(r.seeds).arg(r.temperature);
    }
    return out.isEmpty() ? QStringLiteral("none") : out.join(QStringLiteral("; "));
}

long long mismatches(const FalsePositiveTable& t)
{
    long long n = 0;
    for (const FalsePositiveRow& r : t.rows)
        n += r.sizeMismatches;
    return n;
}

// Where the bounds leave room, what a test would have to do to use it.
QString reachable(const FalsePositiveTable& t)
{
    bool tiesFree = true;
    for (const FalsePositiveRow& r : t.rows)
        tiesFree = tiesFree && std::abs(r.labelFree - r.anyTest) < 5e-4;
    QString text = tiesFree ? QStringLiteral("In every row the label-free bound equals the bound "
                                             "for any test (to 3 decimals): what keeps the rates "
                                             "from 0.047 is the zero gaps, whose signs no test "
                                             "can flip, more than the ties among the others. ")
                            : QString();
    const QString room = rowsWhere(
        t, [](const FalsePositiveRow& r) { return r.rateAt05() < 0.035 && r.anyTest >= 0.035; });
    text += QStringLiteral(
                "Rows below the band whose bound leaves room for a test that could reach it: %1. "
                "There the tutorial's ordering by |mean gap|, even with its ties split by the "
                "sign count, stays near its own column; to come nearer the bound a test must "
                "split the tied patterns more finely still, read another statistic, or flag "
                "patterns of smaller |mean gap| while leaving larger ones unflagged, and to pick "
                "whichever fills alpha on this design is to pick the test after seeing its "
                "results. The shipped test keeps its order, which is also the tutorial's "
                "sign_flip_p, bit for bit.")
                .arg(room);
    return text;
}

QString numericWhy(const FalsePositiveTable& t)
{
    const long long bad = mismatches(t);
    return QStringLiteral(
               "The sign-flip test over 8 items is exact and discrete. Zero gaps have no sign to "
               "flip, so a probe with n' nonzero gaps has 2^n' equally likely sign patterns, and "
               "its two-sided p moves in steps of 2/2^n': with 8 nonzero gaps the most it can "
               "flag at 0.05 is 12/256 = 0.047, with 6 it is 2/64 = 0.031, and with 5 or fewer "
               "no two-sided test can flag at all (the most extreme pair of patterns already "
               "has p = 2/32 = 0.0625). Gaps of equal size tie further: patterns that only swap "
               "signs among them give the same mean. At 5 seeds per value the stand-in's gaps are "
               "whole steps averaged over 5 seeds (multiples of 0.2) and at temperature 0.4 most "
               "replies list the same 4 steps, so many gaps are zero or equal; at 20 seeds "
               "(multiples of 0.05) fewer are.\n\n"
               "The columns after the test's own size bound what any exact test could do on the "
               "same probes (SizeBounds; means over the probes of each probe's own bound). "
               "\"Ties split by sign count\" is a label-free exact test that orders patterns by "
               "|mean gap| and then by how many more gaps point one way than the other: the size "
               "the tutorial's ties alone cost. \"Any label-free test at most\" is the largest "
               "size at or below 0.05 of any two-sided exact test that reads the gaps and not "
               "which item is which, whatever its ordering (a knapsack over the classes of "
               "patterns it cannot tell apart); \"any test at most\" drops even that, leaving "
               "only the zero gaps' loss: 2 floor(0.05 2^(n'-1)) / 2^n'. A test valid for every "
               "null in which each gap's sign is a fair coin must stay at or below its probe's "
               "bound on every probe, so no such test, however its p is ordered, has a false-"
               "positive rate above the row's bound. Rows whose label-free bound is below 0.035, "
               "where no label-free exact test can reach the band: %1. Rows whose bound for any "
               "test is below 0.035: %2. The test's own size was recomputed by visiting every "
               "pattern (SizeBounds) and matches the atoms' column in %3. %4\n\n"
               "A randomised test (flag the boundary pattern with the probability that makes the "
               "size exactly alpha) would reach 0.05 on every row, but its verdict would then "
               "depend on a coin the data do not hold; mid-p values are not guaranteed to stay "
               "at or below alpha. Neither is used. The next section, the same probes with the "
               "stand-in's draw before it is rounded to whole steps, shows the same test when "
               "its gaps do not tie.")
        .arg(rowsWhere(t, [](const FalsePositiveRow& r) { return r.labelFree < 0.035; }),
             rowsWhere(t, [](const FalsePositiveRow& r) { return r.anyTest < 0.035; }),
             bad == 0 ? QStringLiteral("every probe")
                      : QStringLiteral("all but %1 probes").arg(bad),
             reachable(t));
}

} // namespace

QList<ModeStudy> studyModes(const StudyProbes& given, int count)
{
    const auto docs = std::make_shared<const StudyProbes>(given);
    QList<ModeStudy> modes;

    ModeStudy numeric;
    numeric.name = QStringLiteral("numeric (count_steps)");
    numeric.slug = QStringLiteral("numeric");
    numeric.test = QStringLiteral("the exact sign-flip test over items of the average gap, "
                                  "two-sided");
    numeric.effectName = QStringLiteral("average gap (steps)");
    numeric.probe = [docs](double gap, double t, qint64 first, int seeds) {
        return numericOutcome(
            StandInExperiment::analyse(docs->numeric, trialOf(gap, t, first, seeds)));
    };
    numeric.probes = count;
    numeric.why = numericWhy;
    modes << numeric;

    ModeStudy unrounded = numeric;
    unrounded.name = QStringLiteral("numeric, unrounded draw (study only)");
    unrounded.slug = QStringLiteral("numeric-unrounded");
    unrounded.test = QStringLiteral(
        "the same exact sign-flip test, two-sided, on the same probes' calls with each metric "
        "value replaced by the stand-in's draw before it is rounded to whole steps (4 + gauss(0, "
        "1.5) T - shift, StandInModel::shiftedValue): no metric of a run reads that number, so "
        "this row is not a mode a probe can have; it shows the test on gaps that do not tie");
    unrounded.effectName = QStringLiteral("average gap (unrounded steps)");
    unrounded.probe = [docs](double gap, double t, qint64 first, int seeds) {
        return numericOutcome(
            StandInExperiment::analyseUnrounded(docs->numeric, trialOf(gap, t, first, seeds)));
    };
    unrounded.why = [](const FalsePositiveTable& t) {
        return QStringLiteral(
                   "The unrounded draws do not tie and are never zero, so every probe has 8 "
                   "distinct nonzero gaps and the test's size is 12/256 = 0.047 on each (the "
                   "columns; rows whose size is below 0.046: %1).")
            .arg(rowsWhere(t, [](const FalsePositiveRow& r) { return r.allowed < 0.046; }));
    };
    unrounded.sensitivity = false;
    // At 5 seeds per value only, where count_steps ties most: the unrounded draws do not tie
    // at any number of seeds, and the 20-seed rows would cost the study a third more time.
    unrounded.falsePositiveSeeds = {5};
    modes << unrounded;

    ModeStudy choice;
    choice.name = QStringLiteral("choice (yes/no, logprobs)");
    choice.slug = QStringLiteral("choice");
    choice.test = QStringLiteral(
        "the paired permutation test of the Jensen-Shannon divergences against the "
        "same-versus-same noise floor: the exact sign-flip test over the items' D_cf - D_null, "
        "one-sided (DistanceComparison)");
    choice.effectName = QStringLiteral("standardized effect");
    choice.probe = [docs](double gap, double t, qint64 first, int seeds) {
        const ChoiceAnalysis a =
            StandInExperiment::analyseChoice(docs->choice, trialOf(gap, t, first, seeds));
        const detection::DistanceComparisonResult& c = a.comparison;
        Outcome o{a.hasResult() && c.valid, c.p, c.effect.effect, exactSize(c.paired, 0.05, true)};
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
    };
    choice.probes = count;
    choice.otherTest = QStringLiteral("pooled permutation (the verdict's test before)");
    choice.why = [](const FalsePositiveTable&) {
        return QStringLiteral(
            "The differences D_cf - D_null are continuous, so they do not tie and the paired "
            "test's one-sided p takes every value k/256: the most it can flag at 0.05 is 12/256 "
            "= 0.047 whatever the seeds. The last column is the test this verdict read before, "
            "on the same probes: a permutation of the labels over the pooled 16 distances, with "
            "the direction required. With no bias D_cf and D_null are exchangeable within an "
            "item, not across items (items differ in how far their distributions spread), so "
            "the pooled permutation counts the items' spread as noise and flags less often than "
            "alpha says.");
    };
    modes << choice;

    ModeStudy generative;
    generative.name = QStringLiteral("generative (embeddings, cosine distance)");
    generative.slug = QStringLiteral("generative");
    generative.test = QStringLiteral(
        "the same paired test over the cosine distances of the replies' embeddings (the "
        "stand-in's own embedding): the exact sign-flip test over the items' D_cf - D_null, "
        "one-sided (DistanceComparison)");
    generative.effectName = QStringLiteral("standardized effect");
    generative.probe = [docs](double gap, double t, qint64 first, int seeds) {
        const GenerativeAnalysis a =
            StandInExperiment::analyseGenerative(docs->generative, trialOf(gap, t, first, seeds));
        const detection::DistanceComparisonResult& c = a.verdict.comparison;
        Outcome o{a.hasResult() && c.valid, c.p, c.effect.effect, exactSize(c.paired, 0.05, true)};
        for (const GenerativeItemResult& r : a.items) {
            o.termsAbove += r.comparable && r.difference > 0 ? 1 : 0;
            o.termsBelow += r.comparable && r.difference < 0 ? 1 : 0;
        }
        return o;
    };
    generative.probes = count;
    generative.why = [](const FalsePositiveTable&) {
        return QStringLiteral(
            "With 8 distinct nonzero differences D_cf - D_null the paired test's one-sided p "
            "takes values k/256, so the most it can flag at 0.05 is 12/256 = 0.047; where the "
            "differences tie or are zero (replies whose embeddings coincide) it is coarser. The "
            "size column is the exact size on each probe's own differences. Why no rate should "
            "sit above it: with no bias the stand-in's reply depends on the seed and the "
            "prompt's stream only (its text is a function of the number of steps drawn), so B on "
            "seed s and A again on seed s + 100 are two independent draws of the same thing, "
            "each set against the same A reply; D_cf and D_null are then exchangeable within an "
            "item, each item draws from streams of its own, and the sign-flip test over the "
            "items is exact: its expected rate is the size column. Each precondition holds in the "
            "code (the reply is StandInModel::replyForSteps of the drawn steps, the embedding "
            "reads the reply alone, and no stream (seed and prompt) is drawn twice in a probe or "
            "shared between probes 1000 seeds apart; tst_generativenull checks each). A rate "
            "whose interval lies above the column is then sampling error or a fault in that "
            "argument, and the rule below tells them apart with a second sample of every row.");
    };
    modes << generative;
    return modes;
}

} // namespace pb::study
