#pragma once

#include "nameset/NameSetDocument.h"
#include "standin/InProcessBackend.h"

#include <QHash>

namespace pb {

// The built-in stand-in for name-set probes, so the kind runs offline and its tests know the
// truth. Each reply is a valid JSON object of the probe's schema whose score is the middle
// of the range plus the name's group shift (NameSetStandIn::groupShift) plus normal noise
// of SD scoreSpread, rounded to 0.1 and kept inside the range; the decision is the first
// favourable value when the score reaches the middle, else a non-favourable one. A share
// malformedRate of replies do not validate (a missing field, a decision outside the set, a
// score out of range, or prose around the JSON), in turn. Everything is a function of the
// name, the seed and how many times the call was asked, so a run is reproducible and a
// re-ask draws afresh.
class StandInNameSetBackend : public InProcessBackend
{
    Q_OBJECT
public:
    explicit StandInNameSetBackend(const NameSetDocument& doc, QObject* parent = nullptr);

    QString name() const override;

    // The reply to one request, as the backend sends it.
    QString replyFor(const CallRequest& request) const;

protected:
    QString replyTo(const CallRequest& request) const override;

private:
    DecisionSet m_decisions;
    ScoreRange m_range;
    NameSetStandIn m_knobs;
    QHash<QString, QString> m_groupOf;
};

} // namespace pb
