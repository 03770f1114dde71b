#include "stats/groups/NameSetReplies.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace pb::groups {

int DecisionSet::indexOf(const std::string& decision) const
{
    const auto it = std::find(values.begin(), values.end(), decision);
    return it == values.end() ? -1 : static_cast<int>(it - values.begin());
}

bool DecisionSet::isFavourable(const std::string& decision) const
{
    return std::find(favourable.begin(), favourable.end(), decision) != favourable.end();
}

std::optional<std::string> NameSetReplies::problem(long long maxReplies) const
{
    if (decisions.values.empty())
        return std::string("decisions: the decision set is empty");
    std::set<std::string> seenDecisions;
    for (const std::string& value : decisions.values) {
        if (value.empty())
            return std::string("decisions: a decision value is empty");
        if (!seenDecisions.insert(value).second)
            return "decisions: '" + value + "' is listed twice";
    }
    for (const std::string& value : decisions.favourable) {
        if (decisions.indexOf(value) < 0)
            return "decisions: favourable decision '" + value + "' is not one of the decisions";
    }
    std::set<std::string> seenNames;
    long long replies = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const NameReplies& entry = names[i];
        const std::string where = "name " + std::to_string(i + 1) + " ('" + entry.name + "')";
        if (entry.name.empty())
            return "name " + std::to_string(i + 1) + ": the name is empty";
        if (entry.group.empty())
            return where + ": the group is empty";
        if (!seenNames.insert(entry.name).second)
            return where + ": the name appears twice; a name is one unit";
        replies += static_cast<long long>(entry.replies.size());
        if (replies > maxReplies)
            return "replies: more than " + std::to_string(maxReplies) + " replies in all";
        for (std::size_t r = 0; r < entry.replies.size(); ++r) {
            const SeedReply& reply = entry.replies[r];
            if (reply.excluded)
                continue;
            const std::string at = where + ", reply " + std::to_string(r + 1);
            if (!std::isfinite(reply.score))
                return at + ": score is not a finite number";
            if (decisions.indexOf(reply.decision) < 0)
                return at + ": decision '" + reply.decision + "' is not one of the decisions";
        }
    }
    return std::nullopt;
}

std::vector<std::string> NameSetReplies::groupLabels() const
{
    std::vector<std::string> labels;
    for (const NameReplies& entry : names) {
        if (std::find(labels.begin(), labels.end(), entry.group) == labels.end())
            labels.push_back(entry.group);
    }
    return labels;
}

} // namespace pb::groups
