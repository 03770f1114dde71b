#include "analysis/CallTally.h"

#include "log/CsvLogWriter.h"
#include "store/LoggedCall.h"

namespace pb {
namespace {

constexpr qsizetype kCountBatch = 4096;

} // namespace

void CallTally::Distinct::add(const QString& value)
{
    if (!value.isEmpty() && !seen.contains(value)) {
        seen.insert(value);
        list << value;
    }
}

CallTally::CallTally(std::optional<ProbeDocument> probe) : m_probe(std::move(probe))
{
}

void CallTally::add(const QList<LoggedCall>& calls)
{
    m_observations.reserve(m_observations.size() + calls.size());
    for (const LoggedCall& c : calls) {
        add(c);
    }
}

void CallTally::add(const LoggedCall& c)
{
    ++m_calls;
    m_observations.append(Observation{c.itemId, c.variant, c.metricValue});
    if (c.status == CallStatus::Failed) {
        ++m_failed;
        m_issues.append({c.itemId, c.variant, QString::number(c.seed), QStringLiteral("failed"),
                         c.error.isEmpty() ? c.errorKind : c.error});
    } else if (!c.metricValue) {
        ++m_flagged;
        m_issues.append({c.itemId, c.variant, QString::number(c.seed), QStringLiteral("flagged"),
                         c.metricFlag});
    }
    if (c.status == CallStatus::Ok) {
        m_models.add(c.modelReported.isEmpty() ? c.model : c.modelReported);
        m_digests.add(c.modelDigest);
    }
    m_tokens.add(c.tokens);
    m_backends.add(c.backend);
    m_temperatures.add(CsvLogWriter::formatNumber(c.temperature));
    if (c.arm == CallArm::Probe) {
        m_seeds.add(QString::number(c.seed));
    }
    if (!m_first.isValid() || c.time < m_first) {
        m_first = c.time;
    }
    if (!m_last.isValid() || c.time > m_last) {
        m_last = c.time;
    }
    if (m_probe) {
        // Only what RunCompleteness reads; the texts would make a batch as large as a run.
        LoggedCall cell;
        cell.itemId = c.itemId;
        cell.variant = c.variant;
        cell.arm = c.arm;
        cell.seed = c.seed;
        cell.status = c.status;
        m_uncounted.append(std::move(cell));
        if (m_uncounted.size() >= kCountBatch) {
            countAnswered();
        }
    }
}

void CallTally::countAnswered() const
{
    if (m_probe && !m_uncounted.isEmpty()) {
        m_answered += RunCompleteness::of(*m_probe, m_uncounted).answered;
        m_uncounted.clear();
    }
}

std::optional<RunCompleteness> CallTally::completeness() const
{
    if (!m_probe) {
        return std::nullopt;
    }
    countAnswered();
    RunCompleteness c = RunCompleteness::of(*m_probe, {});
    c.answered = m_answered;
    return c;
}

} // namespace pb
