#pragma once

#include "judge/JudgeProbeDocument.h"

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>

namespace pb {

// Writes "probebench/judge-probe@1" JSON (docs/judge-format.md) that JudgeProbeReader reads
// back to an equal document. Variants made by a generator are written as the generator
// (one per item, or once at the top level when every single-answer item has it) while
// regenerating them gives exactly the variants the document holds; a generated variant
// edited since is written out by hand like any other. Pairwise items are written as their
// pair, their position variant being made by the reader. The rubric is written inline when
// rubricSource is "inline" or empty, else to the file it names, next to the probe. API keys
// are never written: a judge names only the environment variable that holds one.
class JudgeProbeWriter
{
public:
    static QByteArray toJson(const JudgeProbeDocument& document);
    // One judge as "judges" holds it (the API key never, only its variable's name), for the
    // files that embed a judge (a grading project).
    static nlohmann::ordered_json judgeObject(const JudgeConfig& judge);
    // The rubric file the probe at probePath names (absolute), or empty for an inline rubric.
    static QString rubricPath(const JudgeProbeDocument& document, const QString& probePath);
    // Writes the rubric file (when the rubric is not inline), then the probe, each replaced
    // atomically. On failure returns false and says why in *error.
    static bool writeFile(const JudgeProbeDocument& document, const QString& probePath,
                          QString* error);
};

} // namespace pb
