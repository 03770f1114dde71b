#include "nameset/SeedBlockCheck.h"

#include "stats/ExactMoments.h"
#include "stats/SignFlipTest.h"

#include <algorithm>
#include <cmath>

namespace pb {

std::optional<SeedBlockCheck> SeedBlockCheck::compute(const groups::GroupTable& probe,
                                                      const groups::GroupTable& noise)
{
    SeedBlockCheck out;
    const std::vector<groups::NameSummary>& a = probe.names();
    const std::vector<groups::NameSummary>& b = noise.names();
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i].scored == 0 || b[i].scored == 0)
            continue;
        out.nameMoves << b[i].scoreMean - a[i].scoreMean;
    }
    if (out.nameMoves.isEmpty())
        return std::nullopt;
    out.averageMove = ExactMoments::mean(out.nameMoves);
    out.signFlip = SignFlipTest::run(out.nameMoves);
    for (std::size_t g = 0; g < probe.groups().size() && g < noise.groups().size(); ++g) {
        const groups::GroupSummary& pg = probe.groups()[g];
        const groups::GroupSummary& ng = noise.groups()[g];
        if (pg.namesWithScores > 0 && ng.namesWithScores > 0)
            out.groups << GroupMove{QString::fromStdString(pg.group), pg.nameMeanMean,
                                    ng.nameMeanMean};
    }
    return out;
}

double SeedBlockCheck::largestGroupMove() const
{
    double largest = 0;
    for (const GroupMove& m : groups)
        largest = std::max(largest, std::abs(m.noiseMean - m.probeMean));
    return largest;
}

} // namespace pb
