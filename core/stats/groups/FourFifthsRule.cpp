#include "stats/groups/FourFifthsRule.h"

#include <limits>
#include <stdexcept>

namespace pb::groups {

namespace {

constexpr long long kMaxTrials = 1'000'000'000; // 5 * 10^9 * 10^9 < 2^63

void check(const std::vector<GroupRate>& rates)
{
    for (const GroupRate& rate : rates) {
        if (rate.trials < 0 || rate.trials > kMaxTrials || rate.successes < 0 ||
            rate.successes > rate.trials)
            throw std::invalid_argument("four-fifths rule: group '" + rate.group +
                                        "' needs 0 <= successes <= trials <= 10^9");
    }
}

// The flags alone: the highest rate found by cross-multiplication, first of equals.
struct Flags
{
    int highest = -1;
    std::vector<bool> flagged;
};

Flags flagsOf(const std::vector<GroupRate>& rates)
{
    Flags flags;
    flags.flagged.assign(rates.size(), false);
    for (std::size_t i = 0; i < rates.size(); ++i) {
        if (rates[i].trials == 0)
            continue;
        if (flags.highest < 0) {
            flags.highest = static_cast<int>(i);
            continue;
        }
        const GroupRate& best = rates[static_cast<std::size_t>(flags.highest)];
        if (rates[i].successes * best.trials > best.successes * rates[i].trials)
            flags.highest = static_cast<int>(i);
    }
    if (flags.highest < 0)
        return flags;
    const GroupRate& best = rates[static_cast<std::size_t>(flags.highest)];
    for (std::size_t i = 0; i < rates.size(); ++i) {
        if (rates[i].trials > 0)
            flags.flagged[i] = FourFifthsRule::belowFourFifths(rates[i].successes, rates[i].trials,
                                                               best.successes, best.trials);
    }
    return flags;
}

// Whether group i's flag differs from `was` after changing successes by the given amounts
// (the change is skipped, returning false, when it would leave 0..trials).
bool flipsAfter(std::vector<GroupRate> rates, std::size_t i, long long deltaI, std::size_t j,
                long long deltaJ, bool was)
{
    rates[i].successes += deltaI;
    rates[j].successes += deltaJ;
    for (std::size_t k : {i, j}) {
        if (rates[k].successes < 0 || rates[k].successes > rates[k].trials)
            return false;
    }
    return flagsOf(rates).flagged[i] != was;
}

} // namespace

bool FourFifthsRule::belowFourFifths(long long s, long long n, long long sMax, long long nMax)
{
    return 5 * s * nMax < 4 * sMax * n;
}

FourFifthsResult FourFifthsRule::apply(const std::vector<GroupRate>& rates)
{
    check(rates);
    FourFifthsResult result;
    const Flags flags = flagsOf(rates);
    result.highest = flags.highest;
    for (std::size_t i = 0; i < rates.size(); ++i) {
        FourFifthsRow row;
        row.rate = rates[i];
        row.rated = rates[i].trials > 0;
        row.highest = static_cast<int>(i) == flags.highest;
        row.flagged = flags.flagged[i];
        row.impactRatio = std::numeric_limits<double>::quiet_NaN();
        if (row.rated && flags.highest >= 0) {
            const GroupRate& best = rates[static_cast<std::size_t>(flags.highest)];
            if (best.successes > 0)
                row.impactRatio =
                    (static_cast<double>(rates[i].successes) * static_cast<double>(best.trials)) /
                    (static_cast<double>(best.successes) * static_cast<double>(rates[i].trials));
        }
        if (row.rated && !row.highest) {
            const auto h = static_cast<std::size_t>(flags.highest);
            const long long toward = row.flagged ? 1 : -1; // toward clearing or raising
            row.flip.byOneMore = flipsAfter(rates, i, toward, i, 0, row.flagged);
            row.flip.byMovingOne = flipsAfter(rates, i, toward, h, -toward, row.flagged);
            row.flip.fragile = row.flip.byOneMore || row.flip.byMovingOne;
        }
        result.anyFlagged = result.anyFlagged || row.flagged;
        result.anyFragile = result.anyFragile || row.flip.fragile;
        result.rows.push_back(std::move(row));
    }
    return result;
}

} // namespace pb::groups
