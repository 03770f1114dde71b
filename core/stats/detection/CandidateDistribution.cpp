#include "stats/detection/CandidateDistribution.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace pb::detection {

namespace {

constexpr double kMassTolerance = 1e-6;

bool refuse(std::string* error, const std::string& message)
{
    if (error)
        *error = message;
    return false;
}

bool validCandidates(const std::vector<std::string>& candidates, std::string* error)
{
    if (candidates.empty())
        return refuse(error, "the candidate set is empty");
    std::set<std::string> seen;
    for (const std::string& c : candidates) {
        if (!seen.insert(c).second)
            return refuse(error, "candidate \"" + c + "\" is listed twice");
    }
    return true;
}

std::ptrdiff_t indexOf(const std::vector<std::string>& candidates, const std::string& label)
{
    const auto it = std::find(candidates.begin(), candidates.end(), label);
    return it == candidates.end() ? -1 : it - candidates.begin();
}

} // namespace

std::optional<CandidateDistribution>
CandidateDistribution::fromMass(const std::vector<std::string>& candidates, const Labelled& mass,
                                CandidateSource source, std::string* error)
{
    if (!validCandidates(candidates, error))
        return std::nullopt;
    std::vector<double> onCandidates(candidates.size(), 0.0);
    double listed = 0.0;
    for (std::size_t i = 0; i < mass.size(); ++i) {
        const double m = mass[i].second;
        if (!std::isfinite(m) || m < 0.0) {
            std::ostringstream out;
            out << "entry " << i + 1 << " (\"" << mass[i].first << "\"): probability " << m
                << " is not a finite non-negative number";
            refuse(error, out.str());
            return std::nullopt;
        }
        listed += m;
        const std::ptrdiff_t at = indexOf(candidates, mass[i].first);
        if (at >= 0)
            onCandidates[std::size_t(at)] += m;
    }
    if (listed > 1.0 + kMassTolerance) {
        std::ostringstream out;
        out.precision(17);
        out << "the listed entries carry mass " << listed << ", more than 1";
        refuse(error, out.str());
        return std::nullopt;
    }
    double candidateMass = 0.0;
    for (double m : onCandidates)
        candidateMass += m;
    if (!(candidateMass > 0.0)) {
        refuse(error, "no mass falls on any candidate: the distribution over them is unknown");
        return std::nullopt;
    }
    CandidateDistribution d;
    d.m_candidates = candidates;
    d.m_probabilities.reserve(candidates.size());
    for (double m : onCandidates)
        d.m_probabilities.push_back(m / candidateMass);
    d.m_outsideMass = std::clamp(1.0 - candidateMass, 0.0, 1.0);
    d.m_source = source;
    return d;
}

std::optional<CandidateDistribution>
CandidateDistribution::fromLogprobs(const std::vector<std::string>& candidates,
                                    const Labelled& logprobs, std::string* error)
{
    Labelled mass;
    mass.reserve(logprobs.size());
    for (std::size_t i = 0; i < logprobs.size(); ++i) {
        const double lp = logprobs[i].second;
        // -inf is a legitimate log of 0; anything above 0 (beyond rounding) is not a log
        // probability.
        if (std::isnan(lp) || lp > kMassTolerance) {
            std::ostringstream out;
            out << "entry " << i + 1 << " (\"" << logprobs[i].first << "\"): log probability " << lp
                << " is not a number <= 0";
            refuse(error, out.str());
            return std::nullopt;
        }
        mass.emplace_back(logprobs[i].first, std::exp(std::min(lp, 0.0)));
    }
    return fromMass(candidates, mass, CandidateSource::Logprobs, error);
}

std::optional<CandidateDistribution>
CandidateDistribution::fromProbabilities(const std::vector<std::string>& candidates,
                                         const Labelled& probabilities, std::string* error)
{
    return fromMass(candidates, probabilities, CandidateSource::Probabilities, error);
}

std::optional<CandidateDistribution>
CandidateDistribution::fromSamples(const std::vector<std::string>& candidates,
                                   const std::vector<std::string>& answers, std::string* error)
{
    if (!validCandidates(candidates, error))
        return std::nullopt;
    if (answers.empty()) {
        refuse(error, "no samples to count");
        return std::nullopt;
    }
    // Counts are exact integers, so the frequencies are computed from them directly rather than
    // through fromMass's running sums.
    std::vector<long long> counts(candidates.size(), 0);
    long long inSet = 0;
    for (const std::string& a : answers) {
        const std::ptrdiff_t at = indexOf(candidates, a);
        if (at >= 0) {
            ++counts[std::size_t(at)];
            ++inSet;
        }
    }
    if (inSet == 0) {
        refuse(error,
               "none of the " + std::to_string(answers.size()) + " sampled answers is a candidate");
        return std::nullopt;
    }
    CandidateDistribution d;
    d.m_candidates = candidates;
    for (long long c : counts)
        d.m_probabilities.push_back(double(c) / double(inSet));
    const auto total = static_cast<long long>(answers.size());
    d.m_outsideMass = double(total - inSet) / double(total);
    d.m_source = CandidateSource::SampledFrequencies;
    d.m_samples = int(total);
    return d;
}

} // namespace pb::detection
