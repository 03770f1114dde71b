#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace pb {

// Which evidence a choice reply's distribution comes from.
enum class ChoiceSource
{
    Logprobs, // the server's log probabilities for the answer token
    Sampled   // none usable: the reply text, counted over the seeds
};

QString choiceSourceName(ChoiceSource source);

// What one reply of a choice probe says about its candidates, as recorded in the call's
// details under "choice": the reply read as a candidate (always), and, where the server gave
// usable log probabilities, the distribution over the candidates with the mass outside them.
//
// The answer token is the first entry of details["logprobs"] (TokenLogprobs) whose token is
// not blank once spaces and wrapping punctuation are removed (ChoiceAnswer::normalised); its
// alternatives (top_logprobs), plus the sampled token itself when it is not among them, are
// matched to the candidates (ChoiceAnswer::match) and renormalised over them
// (detection::CandidateDistribution). The source falls back to Sampled, with the reason in
// `note`, when the server gave no log probabilities, gave ones TokenLogprobs refused, or
// listed no candidate among the answer token's alternatives.
struct ChoiceReading
{
    ChoiceSource source = ChoiceSource::Sampled;
    int answer = -1;                   // the reply as a candidate's index; -1: none
    std::vector<double> probabilities; // Logprobs: one per candidate, summing to 1
    double outsideMass = 0.0;          // Logprobs: the mass on no candidate, in [0, 1]
    QString note;                      // Sampled: why the log probabilities were not used

    static ChoiceReading read(const QStringList& candidates, const QString& reply,
                              const QJsonObject& details);

    QJsonObject toJson() const;
    // The reading recorded in a call's details; empty when there is none or it does not fit
    // `candidates` (a store edited by hand), never a reading made up.
    static std::optional<ChoiceReading> fromDetails(const QJsonObject& details,
                                                    qsizetype candidates);
};

} // namespace pb
