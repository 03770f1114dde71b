#include "judge/JudgeCallRecord.h"

#include "judge/JudgeCallPlan.h"
#include "judge/JudgeReplyReader.h"

#include <QJsonArray>
#include <QJsonObject>

namespace pb {

LoggedCall JudgeCallRecord::toLogged(qint64 runId, const CallResult& last, const QList<Try>& tries,
                                     const JudgeVerdict& verdict)
{
    const CallRequest& r = last.request;
    LoggedCall c = LoggedCall::fromResult(runId, last);
    // The first try's prompt: the conversation grows only by the judge's own replies and the
    // re-asks, which messages (the last try's) holds in full.
    QList<ChatMessage> firstTry = r.messages.mid(0, 2);
    c.prompt =
        QStringList{firstTry.value(0).role + QStringLiteral(": ") + firstTry.value(0).content,
                    firstTry.value(1).role + QStringLiteral(": ") + firstTry.value(1).content}
            .join(QStringLiteral("\n\n"));
    QJsonArray tryList;
    for (const Try& t : tries)
        tryList.append(
            QJsonObject{{QStringLiteral("reply"), t.reply},
                        {QStringLiteral("errors"), QJsonArray::fromStringList(t.errors)}});
    c.details.insert(
        QStringLiteral("judge"),
        QJsonObject{{QStringLiteral("outcome"), JudgeVerdict::outcomeName(verdict.outcome)},
                    {QStringLiteral("tries"), tryList},
                    {QStringLiteral("validation_errors"),
                     QJsonArray::fromStringList(verdict.validationErrors)}});
    // The verdict, not the last try, decides: a re-ask that failed still leaves the judge's
    // earlier reply to review.
    if (verdict.outcome == JudgeOutcome::Failed) {
        c.status = CallStatus::Failed;
        c.reply.clear();
    } else {
        c.status = CallStatus::Ok;
        c.reply = verdict.rawOutput;
        c.metricValue = verdict.weightedTotal;
        QStringList flags = verdict.flags();
        c.metricFlag = flags.join(QLatin1Char(';'));
    }
    return c;
}

JudgedCall JudgeCallRecord::fromLogged(const JudgeProbeDocument& doc, const JudgeConfig& judge,
                                       const LoggedCall& call)
{
    JudgedCall out;
    out.callIndex = call.callIndex;
    out.itemIndex = call.itemIndex;
    out.itemId = call.itemId;
    out.variantId = call.variant;
    out.repeat = JudgeCallPlan::repeatOf(call.arm, call.seed, judge);
    out.seed = call.seed;
    out.backend = call.backend;
    out.model = call.model;
    out.modelReported = call.modelReported;
    out.time = call.time;
    out.tokens = call.tokens;
    const JudgeItem* item = doc.item(call.itemId);
    const JudgeVariant* variant = item ? item->variant(call.variant) : nullptr;
    if (variant)
        out.property = variant->property;
    if (call.status != CallStatus::Ok) {
        out.verdict = JudgeVerdict::failed(call.error.isEmpty() ? call.errorKind : call.error);
        return out;
    }
    const QJsonObject judgeDetails = call.details.value(QLatin1String("judge")).toObject();
    const int tries = int(judgeDetails.value(QLatin1String("tries")).toArray().size());
    if (!item || !variant) {
        out.verdict = JudgeVerdict::reviewNeeded(
            call.reply,
            {QStringLiteral("the log names item %1, variant %2, which this probe does "
                            "not have")
                 .arg(call.itemId, call.variant)},
            tries);
        return out;
    }
    if (judgeDetails.value(QLatin1String("outcome")).toString() == QLatin1String("review-needed")) {
        QStringList errors;
        for (const QJsonValue& e : judgeDetails.value(QLatin1String("validation_errors")).toArray())
            errors << e.toString();
        out.verdict = JudgeVerdict::reviewNeeded(call.reply, errors, tries);
        return out;
    }
    const JudgeReplyReading reading =
        JudgeReplyReader::read(call.reply, doc.rubric, item->pairwise, judge.requireEvidence);
    out.verdict = JudgeVerdict::scored(reading, call.reply, tries, doc.rubric, *variant,
                                       item->pairwise, judge.requireEvidence, doc.evidence);
    return out;
}

QList<JudgedCall> JudgeCallRecord::fromLogged(const JudgeProbeDocument& doc,
                                              const JudgeConfig& judge,
                                              const QList<LoggedCall>& calls)
{
    QList<JudgedCall> out;
    out.reserve(calls.size());
    for (const LoggedCall& c : calls)
        out << fromLogged(doc, judge, c);
    return out;
}

} // namespace pb
