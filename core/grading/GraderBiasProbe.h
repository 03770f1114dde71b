#pragma once

#include "grading/SubmissionFolder.h"
#include "judge/JudgeProbeDocument.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// The bias of a grader (seed 004 Part 4), measured with the judge probes the workbench
// already has: a grading's own submissions become a judge probe of matched pairs, so the
// run, the store, the re-asks and the effect per criterion and on the weighted total are the
// judge pipeline's. The probe has two judges: the grader as it graded ("as graded"), and
// the same grader with the countermeasure appended to its instructions ("with
// countermeasure"), so one run gives the delta and the residual delta after it.
//
//   padding   every submission with text, as written and with the tutorial's two
//             content-free sentences appended (same content: same levels deserved)
//   byline    every submission with text, as written and under each of two bylines
//             ("Written by: Sarah Chen", "Written by: Jamal Washington") above it
//   position  consecutive submissions with text paired (first with second, third with
//             fourth, ...) in an A/B comparison, shown in both orders
//
// Each needs at least kMinPairs matched pairs. Nothing about which level a submission
// deserves is claimed: the effect is the difference a variant makes to the grader's own
// verdicts.
namespace GraderBiasProbe {

enum class Bias
{
    Padding,
    Byline,
    Position
};

inline constexpr int kMinPairs = 4;
inline constexpr const char* kAsGraded = "as graded";
inline constexpr const char* kCountered = "with countermeasure";

std::optional<Bias> biasFromName(const QString& name); // "padding", "byline", "position"
QString biasName(Bias bias);
// The judge probe's property for the bias: "padding", "byline" or "position".
QString property(Bias bias);
// The countermeasure used when none is given: an instruction for the grader's prompt.
QString defaultCountermeasure(Bias bias);

// The probe, or nullopt with *error when the submissions make fewer than kMinPairs pairs.
std::optional<JudgeProbeDocument>
document(const Rubric& rubric, const QList<Submission>& submissions, const JudgeConfig& grader,
         const EvidencePolicy& evidence, Bias bias, const QString& countermeasure, QString* error);

// The countermeasure a document() made doc with, read back from its two judges (what the
// second judge's instructions add to the first's); empty when doc is not such a probe.
QString countermeasureOf(const JudgeProbeDocument& doc);

} // namespace GraderBiasProbe

} // namespace pb
