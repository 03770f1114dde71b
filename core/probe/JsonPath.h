#pragma once

#include <QString>

namespace pb {

// Builds the location names used in probe-file messages: "items[3].variants.casual".
// Keys that are not plain words are quoted: items[0].variants["very casual"].
class JsonPath
{
public:
    static QString member(const QString& parent, const QString& key);
    static QString element(const QString& parent, qsizetype index);
};

} // namespace pb
