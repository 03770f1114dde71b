#pragma once

#include "probe/ProbeDocument.h"

#include <QJsonObject>
#include <QString>

namespace pb {

class RunStore;

// What makes two runs "the same run": everything that changes what is sent or how replies
// are scored (items, attribute, backend, model, temperature, seeds, system prompt and its
// placement, token limits, planted gap, metric, noise check). Endpoints, concurrency and
// timeouts are deliberately left out: they change how fast replies arrive, not what they
// are, so a run may resume against another server of the same model.
class RunConfiguration
{
public:
    static QJsonObject canonical(const ProbeDocument& doc);
    // Hex SHA-256 of the canonical JSON.
    static QString hash(const ProbeDocument& doc);

    // The run in the store with this configuration, or a new one. probeJson is stored with
    // the run as the evidence of what was run. Returns 0 and sets *error on failure.
    static qint64 findOrCreateRun(RunStore& store, const ProbeDocument& doc,
                                  const QString& probeJson, bool* resumed, QString* error);
};

} // namespace pb
