#pragma once

#include "judge/JudgeProbeLoadResult.h"
#include "probe/FileFormat.h"

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QStringList>

namespace pb {

// Loads "probebench/judge-probe@1" files (docs/judge-format.md): the rubric (a file next to
// the probe, or inline), the items with their written and generated variants and the
// verdicts each deserves, the judges, the stability check and the evidence threshold.
// Checks the whole file and reports every problem by path; never throws.
class JudgeProbeReader
{
public:
    static constexpr qint64 kMaxFileBytes = FileFormat::kMaxFileBytes;

    static JudgeProbeLoadResult readFile(const QString& path);
    // rubricDir: where a rubric named by file is looked up (the probe file's folder).
    static JudgeProbeLoadResult parse(const QByteArray& json, const QString& sourceName,
                                      const QDir& rubricDir);

    static QStringList judgeBackendNames(); // "stand-in-judge", "ollama", "openai"
    static QStringList knownProperties();   // padding, byline, polish, hedging, position
};

} // namespace pb
