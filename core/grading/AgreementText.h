#pragma once

#include "grading/AgreementReport.h"

#include <QByteArray>
#include <QString>

namespace pb {

// An agreement report as people read it: the console table `probebench agree` prints and the
// agreement.md it writes, the same figures in both (three decimals for kappa, its standard
// error and interval; one for percentages), from the one AgreementReport agreement.json holds.
class AgreementText
{
public:
    static QString console(const AgreementReport& report);
    static QByteArray markdown(const AgreementReport& report);
    // "counterargument (sheet_a x judge): kappa 0.120 (slight); most frequent disagreement
    // sheet_a 3, judge 2: 4 times"; "no criterion could be ranked" when none could.
    static QString worstSentence(const AgreementReport& report);
};

} // namespace pb
