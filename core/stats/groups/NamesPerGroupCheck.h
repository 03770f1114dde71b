#pragma once

#include <string>
#include <vector>

namespace pb::groups {

class GroupTable;

struct SmallGroup
{
    std::string group;
    int names = 0; // names with at least one scored reply
};

struct NamesPerGroupResult
{
    int minimum = 30;
    std::vector<SmallGroup> below; // groups with fewer names than minimum, table order
    bool warn() const { return !below.empty(); }
    // One sentence for a report, empty when no group is below the minimum.
    std::string message() const;
};

// The sample-size warning: a group with fewer than `minimum` names (30 by default) gives the
// group tests little power, whatever the number of seeds, because seeds repeat a name and
// do not add people. Names count when at least one of their replies was scored.
class NamesPerGroupCheck
{
public:
    static NamesPerGroupResult run(const GroupTable& table, int minimum = 30);
    // The same check on counts given directly (every group with its names, in the order to
    // report them), for a name list before it has replies: an editor counts the list's names.
    static NamesPerGroupResult run(const std::vector<SmallGroup>& groups, int minimum = 30);
};

} // namespace pb::groups
