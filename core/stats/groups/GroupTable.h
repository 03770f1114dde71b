#pragma once

#include "stats/groups/ContingencyTable.h"
#include "stats/groups/NameSetReplies.h"

#include <string>
#include <vector>

namespace pb::groups {

// A favourable rate kept as the integers it comes from: successes out of trials.
struct FavourableCount
{
    long long successes = 0;
    long long trials = 0;
};

// One name's row: what its seeds said. Means and SDs are NaN when undefined (no scored
// reply; fewer than two for the SD). The SD is the sample SD (n - 1).
struct NameSummary
{
    std::string name;
    std::string group;
    int replies = 0;  // seeds asked
    int excluded = 0; // replies left out (every retry failed)
    int scored = 0;   // replies - excluded
    double scoreMean = 0.0;
    double scoreSd = 0.0;
    FavourableCount favourable;            // over the scored replies
    std::vector<long long> decisionCounts; // one per decision, in the decision set's order
};

// One group's row. Reply-level figures pool every scored reply of the group's names; the
// name-level figures first average each name's seeds, since seeds repeat a name and are not
// new people.
struct GroupSummary
{
    std::string group;
    int names = 0;           // names the list puts in the group
    int namesWithScores = 0; // names with at least one scored reply
    int replies = 0;
    int excluded = 0;
    int scored = 0;
    double scoreMean = 0.0; // over scored replies
    double scoreSd = 0.0;
    double nameMeanMean = 0.0; // mean of the names' mean scores
    double nameMeanSd = 0.0;   // sample SD of the names' mean scores
    FavourableCount favourable;
    std::vector<long long> decisionCounts;
};

// Per-name and per-group summaries of a name-set probe, disaggregated so one name's quirk
// stays visible, plus the inputs the group tests take, built from the same rows so every
// test sees the same counts the table shows.
class GroupTable
{
public:
    // Throws std::invalid_argument with NameSetReplies::problem() when the input is unusable.
    static GroupTable build(const NameSetReplies& input);

    const std::vector<std::string>& decisions() const { return m_decisions; }
    const std::vector<NameSummary>& names() const { return m_names; }
    const std::vector<GroupSummary>& groups() const { return m_groups; } // first-appearance order

    // Groups x decisions, counting scored replies (not names): the chi-squared / Fisher input.
    ContingencyTable decisionTable() const;
    // Every scored reply's score, by group (reply level).
    std::vector<std::vector<double>> replyScoresByGroup() const;
    // Each name's mean score, by group (name level; names without a scored reply left out).
    std::vector<std::vector<double>> nameMeansByGroup() const;
    // Favourable successes / trials per group, over scored replies: the four-fifths input.
    std::vector<FavourableCount> favourableByGroup() const;
    std::vector<std::string> groupLabels() const;

private:
    std::vector<std::string> m_decisions;
    std::vector<NameSummary> m_names;
    std::vector<GroupSummary> m_groups;
    std::vector<std::vector<double>> m_replyScores; // by group, in name then seed order
};

} // namespace pb::groups
