#pragma once

#include "run/CallRequest.h"

#include <QJsonArray>
#include <QString>
#include <vector>

namespace pb {

// The stand-in's answer to a choice probe's call: the reply text and the synthetic log
// probabilities of its one token, in the shape a server's "logprobs" entries have.
struct StandInChoiceAnswer
{
    QString reply;
    QJsonArray logprobs;
};

// The built-in stand-in for choice probes, whose truth the tests and the demo know. Each item
// has its own base preference over the candidates, the same under every value; a value other
// than A moves the first candidate's log-odds down by the planted gap; every call adds sampling
// noise; and a token that is no candidate ("I", as in "I am not sure") keeps some mass outside:
//
//   z_k    = gauss(0, 1)                      for each candidate k, from Random("choice|" + item)
//   z_out  = -1.5 + gauss(0, 0.5)             (same stream, after the candidates)
//   z_0   -= planted_gap                      when the value is not A (the noise arm is A)
//   z_j   += gauss(0, 1) * temperature        for every j, from Random(seed + "|" + prompt)
//
// (the planted call and the noise's scale as StandInBias decides them: a probe of several axes
// plants on value B alone and may scale the noise per axis)
//   p      = softmax(z)
//
// Random is CPython's random.Random, so the same arguments give the same answer everywhere.
// The reply is the candidate drawn from p with that stream's next random() (the largest p at
// temperature 0), or "I am not sure." when the draw lands outside; the logprobs list that
// token with the top_logprobs the request asked for (at most candidates + 1), largest first.
// With planted_gap 0 the values differ only by noise: a detection then is a false positive.
class StandInChoice
{
public:
    static constexpr const char* kOutsideToken = "I";

    static StandInChoiceAnswer answer(const CallRequest& request);
    // p above: one entry per candidate, then the outside token's.
    static std::vector<double> probabilities(const CallRequest& request);
};

} // namespace pb
