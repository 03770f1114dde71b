#pragma once

#include "nameset/NameSetDocument.h"
#include "run/ReplyHandler.h"

#include <QDateTime>
#include <QHash>

namespace pb {

// The replies of a name-set run. Each is read fail-closed (NameSetReading); one that does not
// validate is asked again with what was wrong fed back, in the same conversation, until
// NameSetDocument::kMaxAttempts replies have been read; then the call is recorded as a null
// result ("invalid-reply"), with no score and no decision, so the statistics leave it out
// and the report lists it as a data-quality gap. Every attempt's raw reply, errors and time
// go into the row's details with the SHA-256 of the exact first prompt. A re-ask still due
// when the run stops sending leaves the cell for the next session.
class NameSetReplies : public ReplyHandler
{
public:
    NameSetReplies(const NameSetDocument& doc, qint64 runId);

    void sending(const CallRequest& request) override;
    ReplyDecision decide(const CallResult& result, bool mayAskAgain) override;

    // The error code of a call recorded with no usable reply.
    static QString invalidReplyCode() { return QStringLiteral("invalid-reply"); }

private:
    struct Try
    {
        QString reply;
        QStringList errors;
        QDateTime time;
    };
    struct Open
    {
        CallRequest first; // as planned: its prompt is what the row logs and hashes
        CallRequest latest;
        QList<Try> tries;
    };

    ReplyDecision record(const CallResult& last, const Open& open, const QString& decision,
                         std::optional<double> score, const QString& flag) const;

    DecisionSet m_decisions;
    ScoreRange m_range;
    qint64 m_runId;
    QHash<quint64, Open> m_open;
};

} // namespace pb
