#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// The seeds of a probe, written as a student would: "1-20", "1-20, 31, 40-45", "-5".
// Entries are separated by commas. An entry is one whole number (negative allowed) or a
// range "a-b" of non-negative numbers with a <= b, both ends included. Order is kept,
// because the log follows it; a seed listed twice is an error.
class SeedList
{
public:
    static constexpr qsizetype kMaxSeeds = 100000;

    struct Parsed
    {
        QList<qint64> seeds;
        QStringList errors; // one sentence each, naming the entry at fault
        bool ok() const { return errors.isEmpty(); }
    };

    static Parsed parse(const QString& text);
    // The shortest text that parses back to exactly these seeds in this order: ascending
    // runs of three or more non-negative seeds become ranges.
    static QString format(const QList<qint64>& seeds);
};

} // namespace pb
