#include "choice/ChoiceAnalysis.h"

#include "choice/ChoiceTally.h"
#include "stats/detection/JensenShannon.h"

#include <algorithm>

namespace pb {

namespace {

ChoiceArmDistribution distributionOf(const ChoiceTally::ArmCounts& counts, ChoiceSource source)
{
    ChoiceArmDistribution out;
    out.failed = counts.failed;
    if (source == ChoiceSource::Logprobs) {
        out.calls = counts.logprobCalls;
        if (counts.logprobCalls == 0)
            return out;
        for (double sum : counts.probabilitySum)
            out.probabilities.push_back(sum / counts.logprobCalls);
        out.outsideMass = counts.outsideSum / counts.logprobCalls;
        out.valid = true;
        return out;
    }
    out.calls = counts.answered;
    const int onList = counts.answered - counts.offList;
    if (onList <= 0)
        return out;
    for (int n : counts.answers)
        out.probabilities.push_back(double(n) / onList);
    out.outsideMass = double(counts.offList) / counts.answered;
    out.valid = true;
    return out;
}

QString missingArm(const ChoiceItemResult& r, const ChoiceAnalysis& a)
{
    QStringList missing;
    if (!r.a.valid)
        missing << a.valueA;
    if (!r.b.valid)
        missing << a.valueB;
    if (!r.noise.valid)
        missing << a.noiseLabel;
    return QStringLiteral("no distribution for ") + missing.join(QStringLiteral(", "));
}

} // namespace

int ChoiceAnalysis::comparableItems() const
{
    return int(std::count_if(items.begin(), items.end(),
                             [](const ChoiceItemResult& r) { return r.comparable; }));
}

QList<DistanceItem> ChoiceAnalysis::distanceItems() const
{
    return pb::distanceItems(items, &ChoiceItemResult::divergence,
                             &ChoiceItemResult::noiseDivergence);
}

detection::DistanceVerdict ChoiceAnalysis::verdict() const
{
    detection::DistanceVerdict v;
    v.deterministic = deterministic();
    v.comparison = comparison;
    v.difference = difference;
    return v;
}

bool ChoiceAnalysis::hasResult() const
{
    return verdict().hasResult();
}

bool ChoiceAnalysis::detected() const
{
    return verdict().detected();
}

QString ChoiceAnalysis::resultName() const
{
    return QString::fromLatin1(verdict().resultName());
}

ChoiceAnalysis ChoiceAnalysis::from(const ChoiceTally& tally)
{
    ChoiceAnalysis a;
    static_cast<DistanceRunFacts&>(a) =
        DistanceRunFacts::of(tally.probe(), tally.calls(), tally.failed());
    a.candidates = tally.probe().metric.candidates;
    a.callsWithLogprobs = tally.withLogprobs();
    a.callsSampled = tally.sampled();
    a.callsUnread = tally.unread();
    a.fallbackNotes = tally.fallbackNotes();
    a.source = tally.withLogprobs() > 0 && tally.sampled() == 0 ? ChoiceSource::Logprobs
                                                                : ChoiceSource::Sampled;

    for (const ChoiceTally::Item& item : tally.items()) {
        ChoiceItemResult r;
        r.itemId = item.id;
        r.a = distributionOf(item.arms[ChoiceTally::ArmA], a.source);
        r.b = distributionOf(item.arms[ChoiceTally::ArmB], a.source);
        r.noise = distributionOf(item.arms[ChoiceTally::ArmNoise], a.source);
        if (r.a.valid && r.b.valid && r.noise.valid) {
            const detection::Divergence cf =
                detection::JensenShannon::between(r.a.probabilities, r.b.probabilities);
            const detection::Divergence same =
                detection::JensenShannon::between(r.a.probabilities, r.noise.probabilities);
            r.comparable = cf.valid && same.valid;
            r.reason = cf.valid ? QString::fromStdString(same.refusal)
                                : QString::fromStdString(cf.refusal);
            r.divergence = cf.bits;
            r.noiseDivergence = same.bits;
        } else {
            r.reason = missingArm(r, a);
        }
        a.items.append(r);
    }
    const detection::DistanceVerdict verdict = verdictOverItems(
        a.items, &ChoiceItemResult::divergence, &ChoiceItemResult::noiseDivergence, a.temperature);
    a.difference = verdict.difference;
    a.comparison = verdict.comparison;
    return a;
}

} // namespace pb
