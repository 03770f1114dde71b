#pragma once

// The calibration study's sensitivity section: the planted gap grows at temperature 0.8; the
// detection rate at 0.05 and the mean effect recovered, with the detection floor (the smallest
// planted gap detected in 80% of probes).

#include "FalsePositiveTable.h"
#include "SvgPlot.h"

#include <QList>
#include <QString>

namespace pb::study {

struct SensitivityCurve
{
    QString markdown;
    QString floorText;
    bool effectRises = false; // the mean effect rises at every step of the planted gap
    bool rateRises = false;   // the detection rate never falls
};

// `probes` probes per planted gap at `seeds` seeds per value, on blocks of their own from
// seed 10,000,001 (past the false positives'), the same for every gap so the curve compares
// gaps on the same draws. Adds the mode's series to `rates` and `effects`.
SensitivityCurve sensitivity(const ModeStudy& mode, const QList<double>& gaps, int probes,
                             int seeds, SvgPlot* rates, SvgPlot* effects);

} // namespace pb::study
