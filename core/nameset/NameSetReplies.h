#pragma once

#include "nameset/NameSetDocument.h"
#include "nameset/NameSetReplyReader.h"
#include "run/AskAgainReplies.h"

namespace pb {

// The replies of a name-set run. Each is read fail-closed (NameSetReading); one that does not
// validate is asked again with what was wrong fed back, in the same conversation, until
// NameSetDocument::kMaxAttempts replies have been read (the loop is AskAgainReplies); then
// the call is recorded as a null result ("invalid-reply"), with no score and no decision, so
// the statistics leave it out and the report lists it as a data-quality gap. Every attempt's
// raw reply, errors and time go into the row's details with the SHA-256 of the exact first
// prompt.
class NameSetReplies : public AskAgainReplies<NameSetReading>
{
public:
    NameSetReplies(const NameSetDocument& doc, qint64 runId);

    // The error code of a call recorded with no usable reply.
    static QString invalidReplyCode() { return QStringLiteral("invalid-reply"); }

protected:
    NameSetReading read(const Open& open, const QString& reply) const override;
    QString feedback(const Open& open, const NameSetReading& reading) const override;
    int maxTries() const override { return NameSetDocument::kMaxAttempts; }
    LoggedCall failed(const CallResult& last, const Open& open) const override;
    LoggedCall reaskFailed(const CallResult& last, const Open& open) const override;
    LoggedCall scored(const CallResult& last, const Open& open,
                      const NameSetReading& reading) const override;
    LoggedCall exhausted(const CallResult& last, const Open& open,
                         const NameSetReading& reading) const override;

private:
    LoggedCall record(const CallResult& last, const Open& open, const NameSetReading* valid,
                      const QString& flag) const;

    DecisionSet m_decisions;
    ScoreRange m_range;
    qint64 m_runId;
};

} // namespace pb
