#pragma once

#include "judge/JudgeProbeDocument.h"
#include "probe/JsonFieldReader.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace pb {

// How a folder is graded, kept in a file beside the rubric so a class reruns a grading with
// the same judge (the lab's config.json without the paths, which stay on the command line):
//
//   {"format": "probebench/grading-settings@1",
//    "judges": [{"name": "llama", "backend": "ollama", "model": "llama3.2",
//                "temperature": 0, "seed": 42, "endpoints": ["http://localhost:11434"]}],
//    "evidence": {"fuzzy_threshold": 90}}
//
// "judges" and "evidence" are read by the judge probe's own rules (docs/judge-format.md), so a
// judge configured for a judge probe is copied in as it is; grading takes exactly one judge.
// Problems are named by file and path, every one at once.
struct GradingSettings
{
    static constexpr const char* kKind = "grading-settings";
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;

    JudgeConfig judge;
    EvidencePolicy evidence;
    QString warnings; // unknown keys and the like, one a line; empty when none

    static std::optional<GradingSettings> readFile(const QString& path, QString* error);
    static std::optional<GradingSettings> parse(const QByteArray& json, const QString& sourceName,
                                                QString* error);
    // "judges" (exactly one) and "evidence" under top, the rule a settings file and a grading
    // project share; problems go to *problems.
    static void readJudgeAndEvidence(JsonFieldReader& top, QList<ProbeProblem>* problems,
                                     JudgeConfig* judge, EvidencePolicy* evidence);
};

} // namespace pb
