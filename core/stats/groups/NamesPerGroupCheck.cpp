#include "stats/groups/NamesPerGroupCheck.h"

#include "stats/groups/GroupTable.h"

namespace pb::groups {

std::string NamesPerGroupResult::message() const
{
    if (below.empty())
        return {};
    std::string list;
    for (const SmallGroup& group : below) {
        if (!list.empty())
            list += ", ";
        list += group.group + " (" + std::to_string(group.names) + ")";
    }
    return "Fewer than " + std::to_string(minimum) + " names in " + list +
           ": the group tests have little power; more seeds repeat the same names and do not "
           "make up for more names.";
}

NamesPerGroupResult NamesPerGroupCheck::run(const GroupTable& table, int minimum)
{
    std::vector<SmallGroup> counts;
    for (const GroupSummary& group : table.groups())
        counts.push_back({group.group, group.namesWithScores});
    return run(counts, minimum);
}

NamesPerGroupResult NamesPerGroupCheck::run(const std::vector<SmallGroup>& groups, int minimum)
{
    NamesPerGroupResult result;
    result.minimum = minimum;
    for (const SmallGroup& group : groups) {
        if (group.names < minimum)
            result.below.push_back(group);
    }
    return result;
}

} // namespace pb::groups
