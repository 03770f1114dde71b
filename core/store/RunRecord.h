#pragma once

#include <QDateTime>
#include <QString>

namespace pb {

// One run of a probe: a fixed configuration (items, settings, metric) and the calls made
// under it. Changing anything that affects replies or scoring makes a new run; the old one
// is kept beside it, never mixed with it.
struct RunRecord
{
    qint64 id = 0;
    QDateTime created; // UTC
    QString title;
    QString probeJson;  // the probe document exactly as run
    QString configHash; // see RunConfiguration::hash
    QString appVersion;
    QString backend;
    QString model;
    QString metricName;
    QString metricDefinition; // the metric as written before the run
    QString rescoreNote;      // set when logged replies were re-scored with a corrected metric
};

} // namespace pb
