#include "judge/StandInJudgeBackend.h"

#include "judge/JudgePrompt.h"
#include "judge/StandInRubricJudge.h"
#include "standin/StandInJudge.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <optional>

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

QJsonObject schemaEntry(const QJsonObject& schema)
{
    return schema.value(QLatin1String("properties"))
        .toObject()
        .value(QLatin1String("criteria"))
        .toObject()
        .value(QLatin1String("items"))
        .toObject()
        .value(QLatin1String("properties"))
        .toObject();
}

bool schemaAsksForEvidence(const QJsonObject& schema)
{
    return schema.isEmpty() || schemaEntry(schema).contains(QLatin1String("evidence"));
}

// What the request asks the stand-in to grade, read as a real model would: the criteria
// from the rubric in the system prompt, narrowed to (and ordered as) the ids the schema
// allows when the call sends one, and the scale from the schema's verdict key, else from
// the prompt. Nothing when the request names no criterion at all.
std::optional<Rubric> rubricOf(const CallRequest& request)
{
    std::optional<Rubric> rubric;
    for (const ChatMessage& m : request.messages) {
        if (m.role == QLatin1String("system")) {
            rubric = JudgePrompt::rubricIn(m.content);
            break;
        }
    }
    const QJsonObject entry = schemaEntry(request.responseSchema);
    const QJsonArray ids =
        entry.value(QLatin1String("id")).toObject().value(QLatin1String("enum")).toArray();
    if (ids.isEmpty())
        return rubric;
    Rubric asked;
    asked.scale =
        entry.contains(QLatin1String("verdict")) ? RubricScale::PassFail : RubricScale::Levels;
    for (const QJsonValue& id : ids) {
        const RubricCriterion* inPrompt = rubric ? rubric->criterion(id.toString()) : nullptr;
        RubricCriterion c = inPrompt ? *inPrompt : RubricCriterion{};
        c.id = id.toString();
        if (c.name.isEmpty())
            c.name = c.id;
        asked.criteria << c;
    }
    return asked;
}

QString replyJson(const QJsonArray& criteria)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("criteria"), criteria}})
                                 .toJson(QJsonDocument::Compact));
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
    return replyJson(criteria);
}

QString StandInJudgeBackend::replyForRubric(const Rubric& rubric, const QString& answer,
                                            bool withEvidence)
{
    const QList<StandInJudge::Level> library = StandInJudge::judge(answer);
    QJsonArray criteria;
    for (const RubricCriterion& c : rubric.criteria) {
        StandInRubricJudge::Verdict v;
        const auto tutorial =
            std::find_if(library.cbegin(), library.cend(),
                         [&](const StandInJudge::Level& l) { return l.criterion == c.id; });
        if (rubric.scale == RubricScale::Levels && tutorial != library.cend())
            v = {c.id, tutorial->level, evidenceFor(c.id, tutorial->level, answer)};
        else
            v = StandInRubricJudge::judge(c, rubric.scale, answer);
        QJsonObject entry{{QStringLiteral("id"), c.id}};
        if (rubric.scale == RubricScale::PassFail)
            entry.insert(QStringLiteral("verdict"), rubric.verdictText(v.value));
        else
            entry.insert(QStringLiteral("level"), v.value);
        if (withEvidence)
            entry.insert(QStringLiteral("evidence"), v.evidence);
        criteria.append(entry);
    }
    return replyJson(criteria);
}

QString StandInJudgeBackend::replyFor(const CallRequest& request)
{
    for (const ChatMessage& m : request.messages) {
        if (m.role != QLatin1String("user"))
            continue;
        const auto answer = JudgePrompt::answerIn(m.content);
        if (!answer)
            break;
        const bool withEvidence = schemaAsksForEvidence(request.responseSchema);
        if (const std::optional<Rubric> rubric = rubricOf(request))
            return replyForRubric(*rubric, *answer, withEvidence);
        return replyForAnswer(*answer, withEvidence);
    }
    return QStringLiteral("The stand-in judge grades one <answer> at a time; this request has "
                          "none (a pairwise prompt?).");
}

QString StandInJudgeBackend::replyTo(const CallRequest& request) const
{
    return replyFor(request);
}

} // namespace pb
