#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pb::detection {

// Where a prompt's distribution over the candidates came from.
enum class CandidateSource
{
    Logprobs,          // the server's token log probabilities, renormalised over the candidates
    Probabilities,     // probabilities given directly, renormalised over the candidates
    SampledFrequencies // the answers of repeated samples (one per seed), counted
};

// One prompt's distribution over a fixed candidate set (yes/no, A-D, 1-5, a routing label),
// renormalised so that it sums to 1 over the candidates, with the mass that fell outside them
// kept beside it rather than dropped: a model that puts 40% on "maybe" when asked yes or no is
// not the same as one that puts 0% there, even if both renormalise to the same split.
//
// The candidates are the caller's labels; mapping a server's tokens (" Yes", "yes") onto them
// is the caller's job, so entries here are already labelled. An entry whose label is not a
// candidate is outside mass; entries with the same candidate label add up.
//
// Refused (nullopt, with a message): an empty or duplicated candidate set, a log probability
// that is NaN or above 0, a probability that is negative, NaN or infinite, listed mass above 1
// (beyond 1e-6: a server that does this is not giving probabilities), and no mass at all on the
// candidates (nothing to renormalise: the distribution is unknown, not uniform).
class CandidateDistribution
{
public:
    using Labelled = std::vector<std::pair<std::string, double>>;

    // From (label, natural log probability) pairs, such as a server's top_logprobs mapped onto
    // the candidates. The outside mass is 1 minus the candidates' mass, so it includes the mass
    // of tokens the server did not list.
    static std::optional<CandidateDistribution>
    fromLogprobs(const std::vector<std::string>& candidates, const Labelled& logprobs,
                 std::string* error = nullptr);
    // From (label, probability) pairs; the outside mass is 1 minus the candidates' mass.
    static std::optional<CandidateDistribution>
    fromProbabilities(const std::vector<std::string>& candidates, const Labelled& probabilities,
                      std::string* error = nullptr);
    // From the answer of each sample (one per seed). Answers that are no candidate (unparsed,
    // off-list) are the outside mass, as a fraction of all samples; the distribution is the
    // frequency of each candidate among the answers that are candidates. No smoothing: a
    // candidate never sampled has probability 0, which JensenShannon handles.
    static std::optional<CandidateDistribution>
    fromSamples(const std::vector<std::string>& candidates, const std::vector<std::string>& answers,
                std::string* error = nullptr);

    const std::vector<std::string>& candidates() const { return m_candidates; }
    // In the order of candidates(), summing to 1.
    const std::vector<double>& probabilities() const { return m_probabilities; }
    // In [0, 1]: mass not on any candidate before renormalising.
    double outsideMass() const { return m_outsideMass; }
    CandidateSource source() const { return m_source; }
    // Samples counted (fromSamples), or 0.
    int samples() const { return m_samples; }

private:
    static std::optional<CandidateDistribution> fromMass(const std::vector<std::string>& candidates,
                                                         const Labelled& mass,
                                                         CandidateSource source,
                                                         std::string* error);

    std::vector<std::string> m_candidates;
    std::vector<double> m_probabilities;
    double m_outsideMass = 0.0;
    CandidateSource m_source = CandidateSource::Probabilities;
    int m_samples = 0;
};

} // namespace pb::detection
