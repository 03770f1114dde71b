#include "nameset/NameSetAnalysis.h"

#include <algorithm>
#include <cmath>

namespace pb {

namespace {

std::string utf8(const QString& text)
{
    return text.toStdString();
}

groups::NameSetReplies input(const NameSetDocument& doc, const QList<NameSetObservation>& obs,
                             CallArm arm)
{
    groups::NameSetReplies in;
    for (const QString& v : doc.decisions.values)
        in.decisions.values.push_back(utf8(v));
    for (const QString& f : doc.decisions.favourable)
        in.decisions.favourable.push_back(utf8(f));
    for (const NameEntry& e : doc.names)
        in.names.push_back(groups::NameReplies{utf8(e.name), utf8(e.group), {}});
    for (const NameSetObservation& o : obs) {
        if (o.arm != arm || o.failed || o.name < 0 || o.name >= int(in.names.size()))
            continue;
        in.names[std::size_t(o.name)].replies.push_back(
            o.score ? groups::SeedReply::scored(*o.score, utf8(o.decision))
                    : groups::SeedReply::exclusion());
    }
    return in;
}

} // namespace

NameSetAnalysis NameSetAnalysis::compute(const NameSetDocument& doc, const NameSetResults& results)
{
    NameSetAnalysis out;
    out.planned = results.planned;
    out.answered = int(results.observations.size());
    out.cost = RunCost::single(0, results.tokens, doc.settings.prices);
    for (const NameSetObservation& o : results.observations) {
        if (o.score) {
            ++out.scored;
            continue;
        }
        const NameEntry& e = doc.names.value(o.name);
        out.gaps << Gap{e.name, e.group, o.seed, o.failed};
    }
    const groups::NameSetReplies probe = input(doc, results.observations, CallArm::Probe);
    if (probe.problem())
        return out;
    const groups::GroupTable table = groups::GroupTable::build(probe);
    bool anyScored = false;
    for (const groups::GroupSummary& g : table.groups())
        anyScored = anyScored || g.scored > 0;
    if (!anyScored)
        return out;
    out.table = table;
    out.decisions = groups::IndependenceTest::run(table.decisionTable());
    out.anova = groups::OneWayAnova::run(table.replyScoresByGroup());
    out.kruskal = groups::KruskalWallis::run(table.replyScoresByGroup());
    out.permutation = groups::NamePermutationTest::run(table);
    std::vector<groups::GroupRate> rates;
    const std::vector<groups::FavourableCount> counts = table.favourableByGroup();
    const std::vector<std::string> labels = table.groupLabels();
    for (std::size_t i = 0; i < labels.size(); ++i)
        rates.push_back(groups::GroupRate{labels[i], counts[i].successes, counts[i].trials});
    out.fourFifths = groups::FourFifthsRule::apply(rates);
    out.namesPerGroup = groups::NamesPerGroupCheck::run(table);
    out.intervals = NameSetIntervals::of(table);

    if (doc.noise.enabled) {
        const groups::NameSetReplies noise = input(doc, results.observations, CallArm::Noise);
        if (!noise.problem())
            out.noise = SeedBlockCheck::compute(table, groups::GroupTable::build(noise));
    }
    return out;
}

bool NameSetAnalysis::significant() const
{
    return hasResult() && std::isfinite(permutation.p) && permutation.p < alpha;
}

double NameSetAnalysis::largestGroupGap() const
{
    if (!table)
        return 0;
    double low = INFINITY;
    double high = -INFINITY;
    for (const groups::GroupSummary& g : table->groups()) {
        if (g.namesWithScores == 0)
            continue;
        low = std::min(low, g.nameMeanMean);
        high = std::max(high, g.nameMeanMean);
    }
    return high >= low ? high - low : 0;
}

detection::DetectableEffect NameSetAnalysis::detectableGroupGap() const
{
    detection::DetectableEffect refused;
    if (!table) {
        refused.refusal = "no reply was scored";
        return refused;
    }
    std::vector<int> sizes;
    double pooled = 0;
    int df = 0;
    for (const groups::GroupSummary& g : table->groups()) {
        if (g.namesWithScores < 2)
            continue;
        sizes.push_back(g.namesWithScores);
        pooled += (g.namesWithScores - 1) * g.nameMeanSd * g.nameMeanSd;
        df += g.namesWithScores - 1;
    }
    if (sizes.size() < 2) {
        refused.refusal = "fewer than two groups have two names with a score";
        return refused;
    }
    std::sort(sizes.begin(), sizes.end());
    return detection::MinimumDetectableEffect::twoSample(sizes[0], sizes[1], std::sqrt(pooled / df),
                                                         alpha);
}

} // namespace pb
