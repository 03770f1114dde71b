#pragma once

#include "run/CallRequest.h"
#include "run/ReplyHandler.h"
#include "run/RunIdentity.h"
#include "run/Runner.h"
#include "store/RecordedDigests.h"

#include <QList>
#include <QString>
#include <functional>
#include <memory>

namespace pb {

class ModelBackend;

// One run in the store, as a kind of probe plans it: a model probe is one unit, a judge
// probe one per judge, a name set one per arm. The Runner and RunSession do the rest the same
// way for every kind. Values only: a unit may be built on one thread and run on another.
struct RunUnit
{
    // Names the unit in progress lines and messages ("judge \"strict\""); empty when a probe
    // has one unit.
    QString name;
    // False: the unit is not run this time; only the calls its run already holds are read,
    // for the analysis (a judge not ticked still shows beside the others). Nothing is created.
    bool runs = true;
    RunIdentity identity;
    // The calls of the unit in plan order (call index = position), built when it starts.
    std::function<QList<CallRequest>()> plan;
    // What the unit's replies mean, for the run the store gave it.
    std::function<std::unique_ptr<ReplyHandler>(qint64 runId)> replies;
    // The backend the unit talks to. recorded holds the digests of the models its earlier
    // calls came from (empty when none): a resumed run must keep its models. Returns null
    // with *error when the settings cannot work.
    std::function<std::unique_ptr<ModelBackend>(const RecordedDigests& recorded, QString* error)>
        backend;
    RunWording wording;
};

} // namespace pb
