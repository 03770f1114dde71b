#include "stats/groups/GroupTable.h"

#include "stats/ExactMoments.h"

#include <algorithm>
#include <stdexcept>

namespace pb::groups {

namespace {

// The workbench's one way to a mean and SD (Python-exact, so the CLI and window agree).
double meanOf(const std::vector<double>& values)
{
    return ExactMoments::mean(std::span<const double>(values));
}

double sdOf(const std::vector<double>& values)
{
    return ExactMoments::sampleStandardDeviation(std::span<const double>(values));
}

} // namespace

GroupTable GroupTable::build(const NameSetReplies& input)
{
    if (const auto problem = input.problem())
        throw std::invalid_argument(*problem);
    GroupTable table;
    table.m_decisions = input.decisions.values;
    const std::size_t decisionCount = table.m_decisions.size();
    const std::vector<std::string> labels = input.groupLabels();
    std::vector<std::vector<double>> groupScores(labels.size());
    std::vector<std::vector<double>> groupNameMeans(labels.size());
    for (const std::string& label : labels) {
        GroupSummary group;
        group.group = label;
        group.decisionCounts.assign(decisionCount, 0);
        table.m_groups.push_back(std::move(group));
    }
    for (const NameReplies& entry : input.names) {
        const std::size_t g = static_cast<std::size_t>(
            std::find(labels.begin(), labels.end(), entry.group) - labels.begin());
        NameSummary row;
        row.name = entry.name;
        row.group = entry.group;
        row.decisionCounts.assign(decisionCount, 0);
        std::vector<double> scores;
        for (const SeedReply& reply : entry.replies) {
            ++row.replies;
            if (reply.excluded) {
                ++row.excluded;
                continue;
            }
            scores.push_back(reply.score);
            ++row.decisionCounts[static_cast<std::size_t>(input.decisions.indexOf(reply.decision))];
            ++row.favourable.trials;
            if (input.decisions.isFavourable(reply.decision))
                ++row.favourable.successes;
        }
        row.scored = static_cast<int>(scores.size());
        row.scoreMean = meanOf(scores);
        row.scoreSd = sdOf(scores);

        GroupSummary& group = table.m_groups[g];
        ++group.names;
        group.replies += row.replies;
        group.excluded += row.excluded;
        group.scored += row.scored;
        group.favourable.successes += row.favourable.successes;
        group.favourable.trials += row.favourable.trials;
        for (std::size_t d = 0; d < decisionCount; ++d)
            group.decisionCounts[d] += row.decisionCounts[d];
        groupScores[g].insert(groupScores[g].end(), scores.begin(), scores.end());
        if (row.scored > 0) {
            ++group.namesWithScores;
            groupNameMeans[g].push_back(row.scoreMean);
        }
        table.m_names.push_back(std::move(row));
    }
    for (std::size_t g = 0; g < labels.size(); ++g) {
        GroupSummary& group = table.m_groups[g];
        group.scoreMean = meanOf(groupScores[g]);
        group.scoreSd = sdOf(groupScores[g]);
        group.nameMeanMean = meanOf(groupNameMeans[g]);
        group.nameMeanSd = sdOf(groupNameMeans[g]);
    }
    table.m_replyScores = std::move(groupScores);
    return table;
}

ContingencyTable GroupTable::decisionTable() const
{
    std::vector<std::vector<long long>> counts;
    for (const GroupSummary& group : m_groups)
        counts.push_back(group.decisionCounts);
    return ContingencyTable(groupLabels(), m_decisions, std::move(counts));
}

std::vector<std::vector<double>> GroupTable::replyScoresByGroup() const
{
    return m_replyScores;
}

std::vector<std::vector<double>> GroupTable::nameMeansByGroup() const
{
    const std::vector<std::string> labels = groupLabels();
    std::vector<std::vector<double>> byGroup(m_groups.size());
    for (const NameSummary& row : m_names) {
        if (row.scored == 0)
            continue;
        const auto g = static_cast<std::size_t>(std::find(labels.begin(), labels.end(), row.group) -
                                                labels.begin());
        byGroup[g].push_back(row.scoreMean);
    }
    return byGroup;
}

std::vector<FavourableCount> GroupTable::favourableByGroup() const
{
    std::vector<FavourableCount> counts;
    for (const GroupSummary& group : m_groups)
        counts.push_back(group.favourable);
    return counts;
}

std::vector<std::string> GroupTable::groupLabels() const
{
    std::vector<std::string> labels;
    for (const GroupSummary& group : m_groups)
        labels.push_back(group.group);
    return labels;
}

} // namespace pb::groups
