#pragma once

#include "probe/ProbeDocument.h"
#include "store/LoggedCall.h"

#include <QDate>
#include <QList>
#include <QString>

namespace pb {

// Re-scoring a run's logged replies with a corrected metric. Every answered (Ok) call is
// scored again, whatever its value or arm, so the two values and the same-versus-same arm
// are always measured by one metric; failed calls have no reply and are left out.
// Nothing is written: RunStore::rescore() stores the result with its note.
struct Rescoring
{
    QList<LoggedCall> calls; // the Ok calls with their new value and flag
    int changed = 0;         // calls whose value or flag differs from before
    QString metricName;
    QString metricDefinition;
    // "steps re-scored on 2026-11-30 with numbered_list (was count_steps): 37 of 480 values
    // changed", for the run record and the report.
    QString note;

    // previous is the metric the replies were scored with; day is the date in the note. A choice
    // metric on either side is refused: no calls, and a note that says why.
    static Rescoring compute(const QList<LoggedCall>& calls, const MetricSpec& previous,
                             const MetricSpec& corrected, const QDate& day);
};

} // namespace pb
