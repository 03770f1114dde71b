#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pb::groups {

// The closed set of decisions a name-set probe's schema allows, and which of them count as
// favourable (an interview offered, a loan approved). Order is kept: tables follow it.
struct DecisionSet
{
    std::vector<std::string> values;
    std::vector<std::string> favourable; // each one of values

    // Index into values, or -1 when the decision is not in the set.
    int indexOf(const std::string& decision) const;
    bool isFavourable(const std::string& decision) const;
};

// One seed's reply for one name. An excluded reply (every retry failed validation) carries
// no score and no decision and is left out of every statistic, but still counted.
struct SeedReply
{
    bool excluded = false;
    double score = 0.0;
    std::string decision;

    static SeedReply scored(double score, std::string decision)
    {
        return SeedReply{false, score, std::move(decision)};
    }
    static SeedReply exclusion() { return SeedReply{true, 0.0, {}}; }
};

// One name from the name list, the group the list puts it in, and its replies (one per seed).
struct NameReplies
{
    std::string name;
    std::string group;
    std::vector<SeedReply> replies;
};

// What a name-set probe's statistics start from: every name with its replies, and the schema's
// decision set. Groups appear in the order their first name appears.
struct NameSetReplies
{
    DecisionSet decisions;
    std::vector<NameReplies> names;

    // The first problem found, naming the name, the reply (1-based seed position) and the
    // field; nullopt when the input is usable. Checked: a non-empty decision set without
    // duplicates, favourable decisions inside it, names and groups non-empty, each name once,
    // finite scores, decisions inside the set, at most maxReplies replies in all.
    std::optional<std::string> problem(long long maxReplies = 100'000'000) const;

    // Group labels in first-appearance order.
    std::vector<std::string> groupLabels() const;
};

} // namespace pb::groups
