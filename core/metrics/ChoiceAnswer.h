#pragma once

#include "probe/ProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// How a choice probe reads text as one of its candidates, the same for a server's token and
// for a whole reply, so the logprobs path and the sampled path agree on what "yes" is.
//
// A text matches a candidate when both, stripped of surrounding whitespace and of the
// punctuation a model wraps an answer in (. , ; : ! ? " ' ` * ( ) [ ]), are equal ignoring
// case (Unicode case folding). So " Yes", "yes." and "**YES**" are the candidate "yes";
// "yes, because" and "Y" are not. A candidate should be one token of the model's vocabulary
// for the logprobs path to see it whole; one that is split into pieces ("Par" + "is") is
// seen only in the sampled path.
class ChoiceAnswer
{
public:
    static constexpr const char* kKind = "choice";
    // OpenAI's and Ollama's documented upper bound on top_logprobs.
    static constexpr int kMaxTopLogprobs = 20;
    static constexpr int kMaxCandidates = 20;
    static constexpr int kMaxCandidateChars = 64;

    // The text as it is compared: trimmed of whitespace and wrapping punctuation, case-folded.
    static QString normalised(const QString& text);
    // The index of the candidate text matches, or -1.
    static int match(const QStringList& candidates, const QString& text);

    // Everything wrong with a choice spec, each named by path under basePath
    // ("metric.candidates[2]").
    static QList<ProbeProblem> validate(const MetricSpec& spec, const QString& basePath);
    // The paragraph that defines the choice task for the run record and the report.
    static QString definition(const MetricSpec& spec);
};

} // namespace pb
