#pragma once

#include "nameset/NameSetDocument.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// What one name-set reply says, read fail-closed: the reply must be exactly one JSON object
// with every field of the schema, a decision from the closed set and a score inside the
// range. Nothing is guessed: a reply with prose around its JSON, a missing field or a value
// out of bounds is invalid, and each error is phrased to follow "Your previous response"
// in the follow-up that asks again.
struct NameSetReading
{
    bool valid = false;
    QString decision;
    double score = 0;
    QStringList errors;

    static NameSetReading read(const QString& reply, const DecisionSet& decisions,
                               const ScoreRange& range);
};

} // namespace pb
