#include "grading/GraderBiasProbe.h"

#include "judge/VariantGenerator.h"
#include "standin/StandInJudge.h"

namespace pb {

namespace GraderBiasProbe {

namespace {

QList<Submission> withText(const QList<Submission>& submissions)
{
    QList<Submission> out;
    for (const Submission& s : submissions) {
        if (!s.isEmpty())
            out << s;
    }
    return out;
}

JudgeVariant baseOf(const QString& answer)
{
    JudgeVariant base;
    base.id = QLatin1String(JudgeVariant::kBaseId);
    base.answer = answer;
    return base;
}

QList<JudgeItem> singleItems(const QList<Submission>& submissions, Bias bias)
{
    QList<JudgeItem> items;
    for (const Submission& s : submissions) {
        JudgeItem item;
        item.id = s.filename;
        item.base = baseOf(s.text);
        if (bias == Bias::Padding) {
            VariantGenerator::Padding padding;
            padding.pads = {StandInJudge::libraryPad()};
            item.variants = VariantGenerator::padding(item.base, padding);
        } else {
            VariantGenerator::Byline byline;
            byline.names = {QStringLiteral("Sarah Chen"), QStringLiteral("Jamal Washington")};
            item.variants = VariantGenerator::byline(item.base, byline);
        }
        items << item;
    }
    return items;
}

QList<JudgeItem> pairedItems(const QList<Submission>& submissions)
{
    QList<JudgeItem> items;
    for (qsizetype i = 0; i + 1 < submissions.size(); i += 2) {
        const Submission& a = submissions.at(i);
        const Submission& b = submissions.at(i + 1);
        JudgeItem item;
        item.id = a.filename + QStringLiteral(" vs ") + b.filename;
        item.pairwise = true;
        item.base.id = QLatin1String(JudgeVariant::kBaseId);
        item.base.first = a.text;
        item.base.second = b.text;
        item.variants << JudgeVariant::swappedOf(item.base);
        items << item;
    }
    return items;
}

} // namespace

std::optional<Bias> biasFromName(const QString& name)
{
    for (const Bias b : {Bias::Padding, Bias::Byline, Bias::Position}) {
        if (biasName(b) == name)
            return b;
    }
    return std::nullopt;
}

QString biasName(Bias bias)
{
    switch (bias) {
    case Bias::Padding:
        return QStringLiteral("padding");
    case Bias::Byline:
        return QStringLiteral("byline");
    case Bias::Position:
        return QStringLiteral("position");
    }
    return QString();
}

QString property(Bias bias)
{
    return biasName(bias);
}

QString defaultCountermeasure(Bias bias)
{
    switch (bias) {
    case Bias::Padding: // seed 004 Part 4, step 3
        return QStringLiteral("Score based solely on the quality of the argument, not the length "
                              "of the submission. A concise, high-quality paragraph should score "
                              "the same as a longer one that makes the same argument.");
    case Bias::Byline:
        return QStringLiteral("Ignore any author name or byline; grade the text alone.");
    case Bias::Position:
        return QStringLiteral("Judge each response on its own merits; the order in which the "
                              "responses are shown must not change the verdict.");
    }
    return QString();
}

std::optional<JudgeProbeDocument>
document(const Rubric& rubric, const QList<Submission>& submissions, const JudgeConfig& grader,
         const EvidencePolicy& evidence, Bias bias, const QString& countermeasure, QString* error)
{
    const QList<Submission> graded = withText(submissions);
    const qsizetype pairs = bias == Bias::Position ? graded.size() / 2 : graded.size();
    if (pairs < kMinPairs) {
        *error = QStringLiteral("a %1 probe needs at least %2 matched pairs; %3 submissions with "
                                "text make %4")
                     .arg(biasName(bias))
                     .arg(kMinPairs)
                     .arg(graded.size())
                     .arg(pairs);
        return std::nullopt;
    }
    JudgeProbeDocument doc;
    doc.title = QStringLiteral("Grader bias (%1): %2").arg(biasName(bias), rubric.title);
    doc.description =
        QStringLiteral("The grading's submissions as matched pairs for a %1 probe, judged by the "
                       "grader as it graded and with the countermeasure: %2")
            .arg(biasName(bias), countermeasure);
    doc.rubric = rubric;
    doc.rubricSource = QStringLiteral("inline");
    doc.evidence = evidence;
    doc.items = bias == Bias::Position ? pairedItems(graded) : singleItems(graded, bias);
    JudgeConfig asGraded = grader;
    asGraded.name = QLatin1String(kAsGraded);
    JudgeConfig countered = grader;
    countered.name = QLatin1String(kCountered);
    const QString before = grader.instructions.trimmed();
    countered.instructions =
        before.isEmpty() ? countermeasure : before + QLatin1Char('\n') + countermeasure;
    doc.judges = {asGraded, countered};
    return doc;
}

QString countermeasureOf(const JudgeProbeDocument& doc)
{
    if (doc.judges.size() != 2 || doc.judges.at(0).name != QLatin1String(kAsGraded) ||
        doc.judges.at(1).name != QLatin1String(kCountered))
        return QString();
    const QString before = doc.judges.at(0).instructions.trimmed();
    const QString after = doc.judges.at(1).instructions;
    if (before.isEmpty())
        return after;
    const QString prefix = before + QLatin1Char('\n');
    return after.startsWith(prefix) ? after.mid(prefix.size()) : QString();
}

} // namespace GraderBiasProbe

} // namespace pb
