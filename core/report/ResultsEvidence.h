#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace pb {

// Which stored runs a results folder was written from and how many calls of each it
// counted, kept in summary.json under "evidence". A later write of the same runs compares
// against it, so results are never replaced by a read that found fewer calls of a run than
// the results it would replace (a damaged store, an older copy of it).
struct ResultsEvidence
{
    struct Run
    {
        qint64 id = 0;
        QDateTime created; // the run's creation time in the store: a recreated store is new
        qint64 calls = 0;
    };
    QString store; // the store's file name
    QList<Run> runs;

    QJsonObject toJson() const;
    // What a summary.json says it was written from. Summaries from before "evidence" name one
    // run in "source" ("run 2 in style.pbrun") with "calls_made"; that is read too, with no
    // creation time. Empty when the summary names no stored run.
    static std::optional<ResultsEvidence> fromSummary(const QJsonObject& summary);

    // The sentence refusing to replace `before` with this when a run both hold now has fewer
    // calls; empty when nothing would be lost.
    QString shrinkageFrom(const ResultsEvidence& before) const;
};

} // namespace pb
