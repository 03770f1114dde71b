#pragma once

#include "judge/JudgeProbeDocument.h"
#include "judge/JudgedCall.h"
#include "run/CallResult.h"
#include "store/LoggedCall.h"

#include <QList>
#include <QStringList>

namespace pb {

// Stores a judge call in the run store as one LoggedCall and reads it back. The row holds the
// exact conversation of the last try (so the re-asks and the judge's earlier replies are in
// it), the last raw reply, the weighted total as the metric value (empty unless every
// criterion is scored) and the flags; details["judge"] keeps every try's reply and
// validation errors. Reading back re-grades the stored reply, so a stored run is analysed
// by the same rules as a fresh one.
class JudgeCallRecord
{
public:
    struct Try
    {
        QString reply;
        QStringList errors; // empty when this reply validated
    };

    static LoggedCall toLogged(qint64 runId, const CallResult& last, const QList<Try>& tries,
                               const JudgeVerdict& verdict);
    static JudgedCall fromLogged(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                                 const LoggedCall& call);
    static QList<JudgedCall> fromLogged(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                                        const QList<LoggedCall>& calls);
};

} // namespace pb
