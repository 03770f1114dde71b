#pragma once

#include "metrics/MetricResult.h"
#include "probe/ProbeDocument.h"

#include <QString>
#include <QStringList>

namespace pb {

// json_field: one value read from a reply that is JSON. Fail-closed: anything that is not
// exactly what the spec asks for is flagged, never scored 0.
//
// The reply is the JSON when, trimmed, it parses as JSON on its own. Otherwise it must
// contain exactly one fenced block opened by a line "```json" (any case, spaces allowed
// around) and closed by a line "```"; that block's content is the JSON.
// spec.field is split at dots; each part is an object key, or, written as digits, a
// position from 0 in a list.
// Numeric (no categories): the value must be a JSON number; it is the score.
// Categorical (categories and positive given): the value must be text or true/false whose
// text is one of categories; it scores 1 when equal to positive and 0 otherwise.
// Flags: unparsable-json, several-json-blocks, duplicate-key, field-missing, not-a-number,
// unknown-category.
MetricResult evaluateJsonField(const MetricSpec& spec, const QString& reply);

// The JSON text a reply offers under the rule above, or a flag saying why there is none.
struct JsonReplyText
{
    QString text;
    QString flag;
};
JsonReplyText jsonTextOfReply(const QString& reply);

// "a.b.0" -> {"a", "b", "0"}; empty when any part is empty.
QStringList jsonFieldParts(const QString& field);

} // namespace pb
