#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pb::groups {

// One group's favourable outcomes out of its trials (integers, as counted).
struct GroupRate
{
    std::string group;
    long long successes = 0;
    long long trials = 0;
};

// What one person's outcome would do to a group's flag.
struct FlipCheck
{
    bool fragile = false;     // some single change below flips this group's flag
    bool byOneMore = false;   // flagged: one more success for the group clears it;
                              // not flagged: one fewer success raises it
    bool byMovingOne = false; // flagged: one success moved from the highest group to this one
                              // clears it; not flagged: one moved from this group to the
                              // highest raises it
};

struct FourFifthsRow
{
    GroupRate rate;
    bool rated = false;       // trials > 0; groups without trials are never compared
    bool highest = false;     // the reference group (first of equal highest rates)
    bool flagged = false;     // 5 * s_i * n_max < 4 * s_max * n_i
    double impactRatio = 0.0; // rate_i / rate_max, for display only (NaN when undefined)
    FlipCheck flip;           // not computed for the highest group
};

struct FourFifthsResult
{
    std::vector<FourFifthsRow> rows; // input order
    int highest = -1;                // index of the reference group; -1 when none is rated
    bool anyFlagged = false;
    bool anyFragile = false; // some group's flag turns on one person's outcome
};

// The four-fifths rule of the US Uniform Guidelines on Employee Selection Procedures: each
// group's favourable rate against the highest group's, flagged when below four fifths of it.
// Everything that decides a flag is integer arithmetic: rates are compared by
// cross-multiplication (s_i * n_max against s_max * n_i) and the flag is
// 5 * s_i * n_max < 4 * s_max * n_i, so a ratio of exactly 0.8 is not flagged and no rounding
// can move a group across the line. The impact ratio is a double for display only. The flip
// check is the EEOC's caution that a result one person's selection would reverse is not
// meaningful. Counts must satisfy 0 <= successes <= trials <= 10^9 (std::invalid_argument
// otherwise), which keeps every product inside 64 bits.
class FourFifthsRule
{
public:
    // For reports, next to every four-fifths figure.
    static constexpr std::string_view kCaveat =
        "The four-fifths rule is a rule of thumb from US employment guidance (the Uniform "
        "Guidelines on Employee Selection Procedures), not a legal test; a flag is a reason to "
        "look closer, and its absence is no proof of fairness.";

    static FourFifthsResult apply(const std::vector<GroupRate>& rates);

    // The integer test alone: 5 * s * nMax < 4 * sMax * n.
    static bool belowFourFifths(long long s, long long n, long long sMax, long long nMax);
};

} // namespace pb::groups
