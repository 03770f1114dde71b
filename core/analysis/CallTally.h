#pragma once

#include "analysis/ProbeAnalysis.h"
#include "probe/ProbeDocument.h"
#include "run/RunCompleteness.h"
#include "run/TokenTotals.h"
#include "stats/Observation.h"

#include <QDateTime>
#include <QList>
#include <QSet>
#include <QStringList>
#include <optional>

namespace pb {

struct LoggedCall;

// A run's calls folded in one at a time into all that its analysis and its report's context
// are made of, so reading a run never needs every call in memory at once: the observations
// (item, variant, value), the calls that give no number, the distinct models, digests,
// backends, temperatures and probe seeds in order of first use, the time span and, given
// the probe, how much of its plan is answered. Folding a list gives what folding its calls
// one by one gives.
class CallTally
{
public:
    // With the probe, completeness() counts the answered cells of its plan.
    explicit CallTally(std::optional<ProbeDocument> probe = std::nullopt);

    void add(const LoggedCall& call);
    void add(const QList<LoggedCall>& calls);

    int calls() const { return m_calls; }
    int failed() const { return m_failed; }
    int flagged() const { return m_flagged; }
    const QList<Observation>& observations() const { return m_observations; }
    const QList<DataQualityIssue>& issues() const { return m_issues; }

    const QStringList& models() const { return m_models.list; }
    const QStringList& digests() const { return m_digests.list; }
    const QStringList& backends() const { return m_backends.list; }
    const QStringList& temperatures() const { return m_temperatures.list; }
    const QStringList& seeds() const { return m_seeds.list; }
    const TokenTotals& tokens() const { return m_tokens; }
    QDateTime firstCall() const { return m_first; }
    QDateTime lastCall() const { return m_last; }
    // Empty without a probe.
    std::optional<RunCompleteness> completeness() const;

private:
    // Distinct non-empty values in order of first use, each checked in constant time.
    struct Distinct
    {
        QStringList list;
        QSet<QString> seen;
        void add(const QString& value);
    };
    void countAnswered() const;

    std::optional<ProbeDocument> m_probe;
    int m_calls = 0;
    int m_failed = 0;
    int m_flagged = 0;
    QList<Observation> m_observations;
    QList<DataQualityIssue> m_issues;
    Distinct m_models;
    Distinct m_digests;
    Distinct m_backends;
    Distinct m_temperatures;
    Distinct m_seeds;
    TokenTotals m_tokens;
    QDateTime m_first;
    QDateTime m_last;
    // RunCompleteness counts a list of calls; the calls wait here in batches for it, and
    // since its count is a sum over calls, the batches' counts add up to the whole run's.
    mutable QList<LoggedCall> m_uncounted;
    mutable int m_answered = 0;
};

} // namespace pb
