#pragma once

#include "probe/BackendSettings.h"
#include "probe/JsonFieldReader.h"

#include <QStringList>

namespace pb {

// Reads the keys of a BackendSettings from the object a reader looks at: a probe's
// "settings" or one judge of a judge probe. Keys not given keep the values already in out;
// every problem is recorded by path. The one place these keys are checked, so a probe and a
// judge accept and refuse the same values.
class BackendSettingsReader
{
public:
    static QStringList keys(); // backend, model, temperature, endpoints, ... api_key_env

    // backendNames: the backends this kind may use; backendNeed says whether "backend" must
    // be given. A model tag is required unless the backend is a stand-in.
    static void read(JsonFieldReader& reader, const QStringList& backendNames,
                     JsonFieldReader::Need backendNeed, BackendSettings* out);

    // Why a value given for api_key_env cannot be used, or empty when it is a plausible
    // variable name. Never repeats the value: it may be a real key pasted by mistake.
    static QString apiKeyEnvProblem(const QString& value);
};

} // namespace pb
