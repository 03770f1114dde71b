#pragma once

#include "judge/JudgeAnalysis.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace pb {

// The judge evidence log: one row per judge call, every judge of the probe in one file.
// Columns: time, judge, backend, model, model_reported, item, variant, property, shape,
// repeat, seed, outcome, weighted_total, flags, tries, then per criterion <id>_<verdict>
// (level, verdict or winner), <id>_deserved, <id>_evidence, <id>_evidence_match,
// <id>_similarity and <id>_flag, then validation_errors, error and raw_output. A verdict
// that is not scored is an empty cell, never a number. UTF-8, RFC 4180, CRLF; free-text
// cells a spreadsheet would run as formulas get a leading apostrophe.
class JudgeCsvLog
{
public:
    static QStringList header(const Rubric& rubric, bool hasPairwise);
    static QByteArray toCsv(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis);
};

} // namespace pb
