#pragma once

#include "judge/JudgeVerdict.h"
#include "run/TokenCount.h"

#include <QDateTime>
#include <QString>

namespace pb {

// One judge call as the analysis, the CSV log and a results page see it.
struct JudgedCall
{
    quint64 callIndex = 0;
    int itemIndex = 0;
    QString itemId;
    QString variantId;
    QString property; // empty for an item's base
    int repeat = 0;   // 0: the probe's own call; k: the k-th stability repeat
    qint64 seed = 0;
    QString backend;
    QString model;
    QString modelReported;
    QDateTime time;
    TokenCount tokens; // every try's reply summed, as stored
    JudgeVerdict verdict;

    bool isRepeat() const { return repeat > 0; }
};

} // namespace pb
