#pragma once

#include "judge/JudgeProbeDocument.h"
#include "judge/JudgedCall.h"

#include <QList>

namespace pb {
class RunStore;
}

namespace pb::test {

// The shipped judge probe, resources/examples/library-padding.judge.json (the tutorial's
// padding probe), read as the CLI reads it; an empty document when it cannot be read.
JudgeProbeDocument exampleJudgeProbe();
// A scored call of that probe's s02 base, level 2 on each criterion, quoting `near` for
// claims_cited, `exact` for directness and `invented` for counterargument, each checked
// against the text as a run checks it.
JudgedCall quotedCall(const JudgeProbeDocument& doc, const QString& exact, const QString& near,
                      const QString& invented);
// Every judge of doc run on the stand-in judge into store, one run each (resumed when the
// store has it), and read back as the CLI reads it; empty when a run cannot be made or does
// not finish. newCalls, when given, counts the calls this made.
QList<QList<JudgedCall>> runJudges(const JudgeProbeDocument& doc, RunStore& store,
                                   int* newCalls = nullptr);
// The same into the store at storePath.
QList<QList<JudgedCall>> runJudges(const JudgeProbeDocument& doc, const QString& storePath);

} // namespace pb::test
