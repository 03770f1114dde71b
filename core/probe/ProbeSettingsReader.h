#pragma once

#include "probe/JsonFieldReader.h"
#include "probe/ProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace pb {

// Reads the "settings" object of a probe file: everything held fixed across the variants,
// the backend keys through BackendSettingsReader. Fields not given keep the ProbeSettings
// defaults; every problem is recorded by path.
class ProbeSettingsReader
{
public:
    static QStringList backendNames(); // "stand-in", "ollama", "openai"
    static QStringList settingsKeys(); // every key "settings" may hold

    // settings may be null when the file has none (the caller reports that): out is left
    // with its defaults then.
    static void read(const nlohmann::json* settings, ProbeSettings* out,
                     QList<ProbeProblem>* problems);
};

} // namespace pb
