#include "nameset/NameSetReplies.h"

#include "nameset/NameSetPrompt.h"

#include <QCryptographicHash>
#include <QJsonArray>

namespace pb {

NameSetReplies::NameSetReplies(const NameSetDocument& doc, qint64 runId)
    : m_decisions(doc.decisions), m_range(doc.score), m_runId(runId)
{
}

NameSetReading NameSetReplies::read(const Open&, const QString& reply) const
{
    return NameSetReading::read(reply, m_decisions, m_range);
}

QString NameSetReplies::feedback(const Open&, const NameSetReading& reading) const
{
    return NameSetPrompt::feedback(reading.errors);
}

LoggedCall NameSetReplies::record(const CallResult& last, const Open& open,
                                  const NameSetReading* valid, const QString& flag) const
{
    CallResult result = last;
    result.request = open.latest;
    LoggedCall c = LoggedCall::fromResult(m_runId, result);
    c.prompt = open.first.prompt;
    QJsonArray tries;
    for (const Try& t : open.tries)
        tries.append(QJsonObject{{QStringLiteral("reply"), t.reply},
                                 {QStringLiteral("errors"), QJsonArray::fromStringList(t.errors)},
                                 {QStringLiteral("time"), t.time.toString(Qt::ISODateWithMs)}});
    QJsonObject details{{QStringLiteral("prompt_sha256"),
                         QString::fromLatin1(QCryptographicHash::hash(open.first.prompt.toUtf8(),
                                                                      QCryptographicHash::Sha256)
                                                 .toHex())},
                        {QStringLiteral("attempts"), tries}};
    if (valid) {
        details.insert(QStringLiteral("decision"), valid->decision);
        details.insert(QStringLiteral("favourable"), m_decisions.isFavourable(valid->decision));
        c.metricValue = valid->score;
    } else if (!open.tries.isEmpty()) {
        // Answered, but nothing usable: the last raw reply is the evidence of the gap.
        details.insert(QStringLiteral("error_code"), invalidReplyCode());
        c.reply = open.tries.last().reply;
        c.status = CallStatus::Ok;
    }
    c.metricFlag = flag;
    c.details.insert(QStringLiteral("name_set"), details);
    return c;
}

LoggedCall NameSetReplies::failed(const CallResult& last, const Open& open) const
{
    return record(last, open, nullptr, {});
}

LoggedCall NameSetReplies::reaskFailed(const CallResult& last, const Open& open) const
{
    return record(last, open, nullptr,
                  QStringLiteral("invalid reply; the re-ask failed: %1").arg(last.error));
}

LoggedCall NameSetReplies::scored(const CallResult& last, const Open& open,
                                  const NameSetReading& reading) const
{
    return record(last, open, &reading, {});
}

LoggedCall NameSetReplies::exhausted(const CallResult& last, const Open& open,
                                     const NameSetReading& reading) const
{
    return record(last, open, nullptr,
                  QStringLiteral("invalid reply after %1 attempts: %2")
                      .arg(open.tries.size())
                      .arg(reading.errors.join(QStringLiteral("; "))));
}

} // namespace pb
