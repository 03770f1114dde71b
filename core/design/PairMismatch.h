#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// An item whose variants differ in more than the attribute: what the pair check
// (FactCheck) still finds in it. The pair editor shows it until the text is fixed; a run,
// its results and its report name it again, since a gap on that item may come from the
// difference rather than from the attribute.
struct PairMismatch
{
    QString itemId;
    QStringList findings; // FactFinding::what(), e.g. "Lakisha drops '10'"

    // "7 (Lakisha drops '10')"
    QString summary() const;
    // "7 (Lakisha drops '10'), 3 (formal drops 'None')"
    static QString listText(const QList<PairMismatch>& mismatches);

    bool operator==(const PairMismatch&) const = default;
};

} // namespace pb
