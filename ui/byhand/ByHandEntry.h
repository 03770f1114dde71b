#pragma once

#include <QDateTime>
#include <QString>
#include <optional>

namespace pb {

// One row of a by-hand run sheet, in the tutorial's spreadsheet columns (run_id, time,
// model, temperature, seed, item, variant, prompt, reply, and the metric). In a hosted chat
// window seed and temperature are not controlled and stay empty.
struct ByHandEntry
{
    int runNumber = 0; // run_id: the row's place in the sheet, 1-based
    QDateTime time;    // when the reply was entered (UTC); invalid while open
    QString model;
    QString temperature; // as written; empty when not controlled
    QString seed;        // as written; empty when not controlled
    QString plannedSeed; // the seed to set when the chat window allows it
    QString itemId;
    QString variant;
    QString prompt;  // the text logged as sent (system prompt included when prepended)
    QString message; // what to paste into the chat window
    QString reply;
    std::optional<double> value; // the metric; empty: not scored yet
    bool valueEdited = false;    // set by hand rather than counted
    QString metricFlag;          // why the metric could not count the reply

    bool isFilled() const { return !reply.isEmpty() || value.has_value(); }
};

} // namespace pb
