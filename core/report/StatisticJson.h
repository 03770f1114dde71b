#pragma once

#include "stats/SignFlipResult.h"

#include <QJsonObject>
#include <QJsonValue>

namespace pb {

// The one JSON form of each statistic the summaries of every kind of probe share, so a
// script reads a sign-flip p the same way from a model probe's summary.json and a judge's.

// A number, or null when it is not finite (JSON has no NaN).
QJsonValue jsonNumber(double v);

// {"p", "test", "method", "exact", "hits", and "patterns_log2" when exact or "samples" and
// "standard_error" when estimated}.
QJsonObject signFlipJson(const SignFlipResult& result);

} // namespace pb
