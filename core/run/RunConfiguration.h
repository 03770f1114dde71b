#pragma once

#include "probe/ProbeDocument.h"
#include "run/RunIdentity.h"

#include <QJsonObject>
#include <QString>

namespace pb {

// What makes two runs "the same run": everything that changes what is sent or how replies
// are scored (items, attribute, backend, model, temperature, seeds, system prompt and its
// placement, token limits, planted gap, metric, noise check). Endpoints, concurrency and
// timeouts are deliberately left out: they change how fast replies arrive, not what they
// are, so a run may resume against another server of the same model.
class RunConfiguration
{
public:
    static QJsonObject canonical(const ProbeDocument& doc);
    // The held-fixed settings as they enter a canonical identity: what changes what is sent
    // (backend, model, temperature, seeds, system prompt and its placement, limits, the
    // stand-in's planted gap), never endpoints, concurrency or timeouts. Every kind with
    // ProbeSettings puts this in its identity.
    static QJsonObject settingsJson(const ProbeSettings& settings);
    // Hex SHA-256 of the canonical JSON.
    static QString hash(const ProbeDocument& doc);

    // The run's identity, with the record a new run is created from; probeJson is stored
    // with the run as the evidence of what was run.
    static RunIdentity identity(const ProbeDocument& doc, const QString& probeJson);
};

} // namespace pb
