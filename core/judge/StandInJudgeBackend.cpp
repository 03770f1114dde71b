#include "judge/StandInJudgeBackend.h"

#include "judge/JudgePrompt.h"
#include "standin/StandInJudge.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace pb {

namespace {

// The stretch of text around position `at`: from after the previous ". " (or the start) to
// the next full stop (or the end), verbatim.
QString sentenceAround(const QString& text, qsizetype at)
{
    const qsizetype previous = text.lastIndexOf(QStringLiteral(". "), at);
    const qsizetype start = previous < 0 ? 0 : previous + 2;
    const qsizetype stop = text.indexOf(QLatin1Char('.'), at);
    const qsizetype end = stop < 0 ? text.size() : stop;
    return text.mid(start, end - start).trimmed();
}

QString evidenceFor(const QString& criterion, int level, const QString& text)
{
    if (criterion == QLatin1String("claims_cited")) {
        const qsizetype open = text.indexOf(QLatin1Char('('));
        if (open < 0)
            return QString();
        const qsizetype close = text.indexOf(QLatin1Char(')'), open);
        return text.mid(open, close < 0 ? -1 : close - open + 1);
    }
    if (criterion == QLatin1String("directness")) {
        const QString first = text.left(text.indexOf(QLatin1Char('.')));
        if (first.contains(QStringLiteral("should")))
            return first.trimmed();
        const qsizetype at = text.indexOf(QStringLiteral("should"));
        return at < 0 ? QString() : sentenceAround(text, at);
    }
    if (criterion == QLatin1String("counterargument")) {
        const qsizetype at = level == 4 ? text.indexOf(QStringLiteral("Some argue"))
                                        : text.indexOf(QStringLiteral("but"));
        return at < 0 ? QString() : sentenceAround(text, at);
    }
    return QString();
}

bool schemaAsksForEvidence(const QJsonObject& schema)
{
    if (schema.isEmpty())
        return true;
    return schema.value(QLatin1String("properties"))
        .toObject()
        .value(QLatin1String("criteria"))
        .toObject()
        .value(QLatin1String("items"))
        .toObject()
        .value(QLatin1String("properties"))
        .toObject()
        .contains(QLatin1String("evidence"));
}

} // namespace

StandInJudgeBackend::StandInJudgeBackend(QObject* parent)
    : InProcessBackend(QStringLiteral("the stand-in judge"), parent)
{
}

QString StandInJudgeBackend::name() const
{
    return QStringLiteral("stand-in-judge");
}

QString StandInJudgeBackend::replyForAnswer(const QString& answer, bool withEvidence)
{
    QJsonArray criteria;
    for (const StandInJudge::Level& level : StandInJudge::judge(answer)) {
        QJsonObject entry{{QStringLiteral("id"), level.criterion},
                          {QStringLiteral("level"), level.level}};
        if (withEvidence)
            entry.insert(QStringLiteral("evidence"),
                         evidenceFor(level.criterion, level.level, answer));
        criteria.append(entry);
    }
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("criteria"), criteria}})
                                 .toJson(QJsonDocument::Compact));
}

QString StandInJudgeBackend::replyFor(const CallRequest& request)
{
    for (const ChatMessage& m : request.messages) {
        if (m.role != QLatin1String("user"))
            continue;
        if (const auto answer = JudgePrompt::answerIn(m.content))
            return replyForAnswer(*answer, schemaAsksForEvidence(request.responseSchema));
        break;
    }
    return QStringLiteral("The stand-in judge grades one <answer> at a time; this request has "
                          "none (a pairwise prompt?).");
}

QString StandInJudgeBackend::replyTo(const CallRequest& request) const
{
    return replyFor(request);
}

} // namespace pb
