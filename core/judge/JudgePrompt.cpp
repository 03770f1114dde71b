#include "judge/JudgePrompt.h"

#include "judge/JudgeSchema.h"

#include <QRegularExpression>

namespace pb {

namespace {

const QString kRubricHeading = QStringLiteral("\nRUBRIC\n");
const QString kRubricEnd = QStringLiteral("\nGrade each criterion independently. ");

QString rubricText(const Rubric& rubric)
{
    QString out;
    for (const RubricCriterion& c : rubric.criteria) {
        out += QStringLiteral("\n%1 - %2 (weight %3)\n")
                   .arg(c.id, c.name, QString::number(c.weight, 'g', 6));
        if (!c.description.isEmpty())
            out += QStringLiteral("  %1\n").arg(c.description);
        if (rubric.scale == RubricScale::Levels) {
            for (int level = Rubric::kHighestLevel; level >= Rubric::kLowestLevel; --level)
                out += QStringLiteral("  Level %1: %2\n").arg(level).arg(c.levels.value(level));
        }
    }
    return out;
}

QString exampleEntry(const Rubric& rubric, bool pairwise, bool requireEvidence)
{
    const QString id =
        rubric.criteria.isEmpty() ? QStringLiteral("...") : rubric.criteria.first().id;
    const QString key = JudgeSchema::verdictKey(rubric, pairwise);
    const QString value = pairwise                                ? QStringLiteral("\"A\"")
                          : rubric.scale == RubricScale::PassFail ? QStringLiteral("\"pass\"")
                                                                  : QStringLiteral("3");
    QString entry = QStringLiteral("{\"id\": \"%1\", \"%2\": %3").arg(id, key, value);
    if (requireEvidence)
        entry += QStringLiteral(", \"evidence\": \"exact quote from the answer\"");
    return entry + QLatin1Char('}');
}

} // namespace

QString JudgePrompt::systemPrompt(const Rubric& rubric, const JudgeConfig& judge, bool pairwise)
{
    const QString artifact =
        rubric.artifactType.isEmpty() ? QStringLiteral("answers") : rubric.artifactType;
    QString out;
    if (pairwise)
        out = QStringLiteral("You compare two %1, Response A and Response B, against a fixed "
                             "rubric.\n")
                  .arg(artifact);
    else
        out = QStringLiteral("You grade %1 against a fixed rubric.\n").arg(artifact);
    out += kRubricHeading + rubricText(rubric);
    out += kRubricEnd;
    if (pairwise)
        out += QStringLiteral("For each criterion, name the response that meets it better "
                              "(\"A\" or \"B\"). ");
    else if (rubric.scale == RubricScale::PassFail)
        out += QStringLiteral("For each criterion, give the verdict \"pass\" or \"fail\". ");
    else
        out += QStringLiteral("For each criterion, award one level from 1 to 4. ");
    if (judge.requireEvidence)
        out += QStringLiteral("Quote the span of the %1 that decides it, verbatim, before giving "
                              "the verdict; do not paraphrase. Use an empty string only if no "
                              "span is relevant. ")
                   .arg(pairwise ? QStringLiteral("chosen response") : QStringLiteral("answer"));
    out += QStringLiteral("Judge only what the rubric asks about.\n\n");
    out +=
        QStringLiteral("Return only a JSON object, one entry per criterion:\n{\"criteria\": [%1, "
                       "...]}\n")
            .arg(exampleEntry(rubric, pairwise, judge.requireEvidence));
    if (!judge.instructions.trimmed().isEmpty())
        out += QLatin1Char('\n') + judge.instructions.trimmed() + QLatin1Char('\n');
    return out;
}

QString JudgePrompt::userMessage(const JudgeVariant& variant, bool pairwise)
{
    QString out;
    if (!variant.question.isEmpty())
        out += QStringLiteral("<question>%1</question>\n").arg(variant.question);
    if (pairwise) {
        const QString& a = variant.swapped ? variant.second : variant.first;
        const QString& b = variant.swapped ? variant.first : variant.second;
        out += QStringLiteral("<response_a>%1</response_a>\n<response_b>%2</response_b>").arg(a, b);
    } else {
        out += QStringLiteral("<answer>%1</answer>").arg(variant.answer);
    }
    return out;
}

QList<ChatMessage> JudgePrompt::messages(const Rubric& rubric, const JudgeConfig& judge,
                                         const JudgeVariant& variant, bool pairwise)
{
    return {{QStringLiteral("system"), systemPrompt(rubric, judge, pairwise)},
            {QStringLiteral("user"), userMessage(variant, pairwise)}};
}

QString JudgePrompt::feedback(const QStringList& errors, const Rubric& rubric, bool pairwise,
                              bool requireEvidence)
{
    return QStringLiteral("Your reply could not be used: %1.\nReply again with only the JSON "
                          "object, one entry for each of %2, like {\"criteria\": [%3, ...]}.")
        .arg(errors.join(QStringLiteral("; ")), rubric.ids().join(QStringLiteral(", ")),
             exampleEntry(rubric, pairwise, requireEvidence));
}

std::optional<QString> JudgePrompt::answerIn(const QString& userMessage)
{
    const QString open = QStringLiteral("<answer>");
    const QString close = QStringLiteral("</answer>");
    const qsizetype start = userMessage.indexOf(open);
    const qsizetype end = userMessage.lastIndexOf(close);
    if (start < 0 || end < start + open.size())
        return std::nullopt;
    return userMessage.mid(start + open.size(), end - start - open.size());
}

std::optional<Rubric> JudgePrompt::rubricIn(const QString& systemPrompt)
{
    const qsizetype heading = systemPrompt.indexOf(kRubricHeading);
    if (heading < 0)
        return std::nullopt;
    const qsizetype start = heading + kRubricHeading.size();
    const qsizetype end = systemPrompt.indexOf(kRubricEnd, start);
    const QString section = systemPrompt.mid(start, end < 0 ? -1 : end - start);
    // The lines rubricText writes: "id - name (weight w)", then indented lines, each a
    // "Level N: ..." descriptor or the description. A line of neither kind continues the
    // last field (a descriptor that itself held a line break).
    static const QRegularExpression header(QStringLiteral("^(\\S+) - (.*) \\(weight ([^()]*)\\)$"));
    static const QRegularExpression level(QStringLiteral("^  Level ([1-4]): (.*)$"));
    Rubric rubric;
    rubric.scale = RubricScale::PassFail;
    QString* last = nullptr;
    for (const QString& line : section.split(QLatin1Char('\n'))) {
        if (const QRegularExpressionMatch m = header.match(line); m.hasMatch()) {
            RubricCriterion c;
            c.id = m.captured(1);
            c.name = m.captured(2);
            c.weight = m.captured(3).toDouble();
            rubric.criteria << c;
            last = nullptr;
            continue;
        }
        if (rubric.criteria.isEmpty() || line.isEmpty())
            continue;
        RubricCriterion& c = rubric.criteria.last();
        if (const QRegularExpressionMatch m = level.match(line); m.hasMatch()) {
            rubric.scale = RubricScale::Levels;
            last = &c.levels[m.captured(1).toInt()];
            *last = m.captured(2);
        } else if (last) {
            *last += QLatin1Char('\n') + line;
        } else if (line.startsWith(QStringLiteral("  ")) && c.description.isEmpty()) {
            c.description = line.mid(2);
            last = &c.description;
        }
    }
    if (rubric.criteria.isEmpty())
        return std::nullopt;
    return rubric;
}

} // namespace pb
