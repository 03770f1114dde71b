#pragma once

#include "probe/JsonFieldReader.h"
#include "probe/ProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QList>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace pb {

// Reads the "settings" object of a probe file: everything held fixed across the variants.
// Fields not given keep the ProbeSettings defaults; every problem is recorded by path.
class ProbeSettingsReader
{
public:
    static QStringList backendNames(); // "stand-in", "ollama", "openai"
    static QStringList settingsKeys(); // every key "settings" may hold

    // settings may be null when the file has none (the caller reports that): out is left
    // with its defaults then.
    static void read(const nlohmann::json* settings, ProbeSettings* out,
                     QList<ProbeProblem>* problems);

    // Why a value given for api_key_env cannot be used, or empty when it is a plausible
    // variable name. Never repeats the value: it may be a real key pasted by mistake.
    static QString apiKeyEnvProblem(const QString& value);

    // Reads "keep_alive" where a probe or a judge gives one: Ollama takes a number of seconds
    // or a Go duration string ("5m", "1h30m"); anything else is an error at that path.
    static void readKeepAlive(JsonFieldReader& reader, QString* keepAlive);
};

} // namespace pb
