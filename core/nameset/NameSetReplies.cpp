#include "nameset/NameSetReplies.h"

#include "nameset/NameSetPrompt.h"
#include "nameset/NameSetReplyReader.h"

#include <QCryptographicHash>
#include <QJsonArray>

namespace pb {

NameSetReplies::NameSetReplies(const NameSetDocument& doc, qint64 runId)
    : m_decisions(doc.decisions), m_range(doc.score), m_runId(runId)
{
}

void NameSetReplies::sending(const CallRequest& request)
{
    m_open.insert(request.callIndex, Open{request, request, {}});
}

ReplyDecision NameSetReplies::record(const CallResult& last, const Open& open,
                                     const QString& decision, std::optional<double> score,
                                     const QString& flag) const
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
    if (score) {
        details.insert(QStringLiteral("decision"), decision);
        details.insert(QStringLiteral("favourable"), m_decisions.isFavourable(decision));
        c.metricValue = score;
    } else if (!open.tries.isEmpty()) {
        details.insert(QStringLiteral("error_code"), invalidReplyCode());
        c.reply = open.tries.last().reply;
        c.status = CallStatus::Ok;
    }
    c.metricFlag = flag;
    c.details.insert(QStringLiteral("name_set"), details);
    return ReplyDecision::record(c);
}

ReplyDecision NameSetReplies::decide(const CallResult& result, bool mayAskAgain)
{
    const auto it = m_open.find(result.request.callIndex);
    if (it == m_open.end())
        return ReplyDecision::leave(); // not ours
    Open open = it.value();
    m_open.erase(it);
    if (result.status != CallStatus::Ok) {
        if (open.tries.isEmpty())
            return record(result, open, {}, std::nullopt, {});
        // The model did answer before; the re-ask got no reply. Its last reply is the evidence.
        return record(result, open, {}, std::nullopt,
                      QStringLiteral("invalid reply; the re-ask failed: %1").arg(result.error));
    }
    const NameSetReading reading = NameSetReading::read(result.reply, m_decisions, m_range);
    open.tries << Try{result.reply, reading.errors, QDateTime::currentDateTimeUtc()};
    if (reading.valid)
        return record(result, open, reading.decision, reading.score, {});
    if (open.tries.size() >= NameSetDocument::kMaxAttempts)
        return record(result, open, {}, std::nullopt,
                      QStringLiteral("invalid reply after %1 attempts: %2")
                          .arg(open.tries.size())
                          .arg(reading.errors.join(QStringLiteral("; "))));
    if (!mayAskAgain)
        return ReplyDecision::leave();
    CallRequest again = open.latest;
    again.messages << ChatMessage{QStringLiteral("assistant"), result.reply}
                   << ChatMessage{QStringLiteral("user"), NameSetPrompt::feedback(reading.errors)};
    QStringList logged;
    for (const ChatMessage& m : again.messages)
        logged << m.role + QStringLiteral(": ") + m.content;
    again.prompt = logged.join(QStringLiteral("\n\n"));
    open.latest = again;
    m_open.insert(again.callIndex, open);
    return ReplyDecision::askAgain(again);
}

} // namespace pb
