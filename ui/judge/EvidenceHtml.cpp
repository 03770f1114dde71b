#include "judge/EvidenceHtml.h"

#include "judge/JudgeConsoleText.h"
#include "report/NumberText.h"
#include "widgets/ThemeColours.h"

#include <algorithm>

namespace pb {

namespace {

QString escaped(const QString& text)
{
    QString out = text.toHtmlEscaped();
    out.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return out;
}

QString percent(double similarity)
{
    return NumberText::fixed(similarity, 0) + QLatin1Char('%');
}

QString marker(const EvidenceHtml::Mark& m, bool dark)
{
    const QString label =
        m.match == EvidenceCheck::Match::Fuzzy
            ? QStringLiteral("%1 \u2248%2").arg(m.criterionIndex + 1).arg(percent(m.similarity))
            : QString::number(m.criterionIndex + 1);
    return QStringLiteral("<sup><span style=\"background-color:%1\">&nbsp;%2&nbsp;</span></sup>")
        .arg(ThemeColours::criterion(m.criterionIndex, dark).name(), label.toHtmlEscaped());
}

// The source text with every located span highlighted; overlapping spans are cut into
// segments, each coloured by its first criterion and underlined where spans overlap.
QString highlighted(const QString& text, const QList<const EvidenceHtml::Mark*>& marks, bool dark)
{
    QList<int> cuts{0, int(text.size())};
    for (const EvidenceHtml::Mark* m : marks)
        cuts << m->span->start << m->span->end();
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    QString out;
    auto closeMarks = [&](int at) {
        for (const EvidenceHtml::Mark* m : marks) {
            if (m->span->end() == at)
                out += marker(*m, dark);
        }
    };
    for (qsizetype k = 0; k + 1 < cuts.size(); ++k) {
        const int a = cuts.at(k);
        const int b = cuts.at(k + 1);
        closeMarks(a);
        QList<const EvidenceHtml::Mark*> covering;
        for (const EvidenceHtml::Mark* m : marks) {
            if (m->span->start <= a && m->span->end() >= b)
                covering << m;
        }
        const QString segment = escaped(text.mid(a, b - a));
        if (covering.isEmpty()) {
            out += segment;
            continue;
        }
        QString style =
            QStringLiteral("background-color:%1;")
                .arg(ThemeColours::criterion(covering.first()->criterionIndex, dark).name());
        if (std::any_of(covering.begin(), covering.end(), [](const EvidenceHtml::Mark* m) {
                return m->match == EvidenceCheck::Match::Fuzzy;
            }))
            style += QStringLiteral("font-style:italic;");
        if (covering.size() > 1)
            style += QStringLiteral("text-decoration:underline;");
        out += QStringLiteral("<span style=\"%1\">%2</span>").arg(style, segment);
    }
    closeMarks(int(text.size()));
    return out;
}

QString matchText(const EvidenceHtml::Mark& m)
{
    switch (m.match) {
    case EvidenceCheck::Match::Exact:
        return QObject::tr("quote found verbatim");
    case EvidenceCheck::Match::Fuzzy:
        return QObject::tr("quote found approximately (similarity %1): \u201c%2\u201d")
            .arg(percent(m.similarity), m.quote);
    case EvidenceCheck::Match::Hallucinated:
        return QObject::tr("HALLUCINATED_EVIDENCE: quote not in the artifact");
    case EvidenceCheck::Match::None:
        break;
    }
    return QObject::tr("no quote");
}

QString callTitle(const JudgedCall& call)
{
    QString title = QStringLiteral("<b>%1 / %2</b>")
                        .arg(call.itemId.toHtmlEscaped(), call.variantId.toHtmlEscaped());
    if (!call.property.isEmpty())
        title += QStringLiteral(" (%1)").arg(call.property.toHtmlEscaped());
    title += QStringLiteral(" &middot; ") +
             (call.isRepeat() ? QObject::tr("stability repeat %1").arg(call.repeat)
                              : QObject::tr("probe call"));
    return title;
}

} // namespace

QList<EvidenceHtml::Mark> EvidenceHtml::marks(const JudgeVariant& variant, bool pairwise,
                                              const JudgeVerdict& verdict, const Rubric& rubric)
{
    QList<Mark> out;
    if (verdict.outcome != JudgeOutcome::Scored)
        return out;
    const QStringList sources = variant.evidenceSources(pairwise);
    for (const CriterionGrade& g : verdict.grades) {
        Mark m;
        m.criterionId = g.criterionId;
        const qsizetype at = rubric.indexOf(g.criterionId);
        m.criterionIndex = at < 0 ? int(rubric.criteria.size() + out.size()) : int(at);
        m.quote = g.evidence;
        m.match = g.check.match;
        m.similarity = g.check.similarity;
        m.source = g.check.source;
        const bool found =
            m.match == EvidenceCheck::Match::Exact || m.match == EvidenceCheck::Match::Fuzzy;
        if (found && m.source >= 0 && m.source < sources.size())
            m.span = EvidenceSpan::locate(g.evidence, sources.at(m.source));
        out << m;
    }
    return out;
}

QString EvidenceHtml::render(const JudgedCall& call, const JudgeItem& item, const Rubric& rubric,
                             bool dark)
{
    const JudgeVariant* variant = item.variant(call.variantId);
    QString html = QStringLiteral("<p>") + callTitle(call) + QStringLiteral("</p>");
    if (!variant)
        return html + QStringLiteral("<p>") +
               QObject::tr("This artifact is no longer in the probe.") + QStringLiteral("</p>");
    const QString red = ThemeColours::alertText(dark).name();
    const QList<Mark> marks = EvidenceHtml::marks(*variant, item.pairwise, call.verdict, rubric);

    switch (call.verdict.outcome) {
    case JudgeOutcome::Failed:
        html += QStringLiteral("<p style=\"color:%1\"><b>%2</b> %3</p>")
                    .arg(red, QObject::tr("No reply."), call.verdict.error.toHtmlEscaped());
        break;
    case JudgeOutcome::ReviewNeeded:
        html += QStringLiteral("<p style=\"color:%1\"><b>%2</b> %3</p>")
                    .arg(red, QLatin1String(JudgeVerdict::kReviewNeeded),
                         QObject::tr("The reply never validated after %1 tries; nothing of it "
                                     "is scored.")
                             .arg(call.verdict.tries));
        if (!call.verdict.validationErrors.isEmpty()) {
            html += QStringLiteral("<ul>");
            for (const QString& e : call.verdict.validationErrors)
                html += QStringLiteral("<li>") + e.toHtmlEscaped() + QStringLiteral("</li>");
            html += QStringLiteral("</ul>");
        }
        html += QStringLiteral("<p><i>%1</i></p><pre>%2</pre>")
                    .arg(QObject::tr("Raw output:"), call.verdict.rawOutput.toHtmlEscaped());
        break;
    case JudgeOutcome::Scored: {
        html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
        for (const Mark& m : marks) {
            const CriterionGrade* g = call.verdict.grade(m.criterionId);
            const RubricCriterion* c = rubric.criterion(m.criterionId);
            QString verdict = JudgeConsoleText::verdictText(g ? g->reported : std::nullopt, rubric,
                                                            item.pairwise);
            if (g && !g->scored() && g->reported)
                verdict += QObject::tr(" (not counted)");
            const bool invented = m.match == EvidenceCheck::Match::Hallucinated;
            html += QStringLiteral("<tr><td style=\"background-color:%1\">&nbsp;%2&nbsp;</td>"
                                   "<td>%3</td><td align=\"right\"><b>%4</b></td>"
                                   "<td%5>%6</td></tr>")
                        .arg(ThemeColours::criterion(m.criterionIndex, dark).name())
                        .arg(m.criterionIndex + 1)
                        .arg((c ? c->name : m.criterionId).toHtmlEscaped(), verdict.toHtmlEscaped(),
                             invented ? QStringLiteral(" style=\"color:%1\"").arg(red) : QString(),
                             matchText(m).toHtmlEscaped());
        }
        html += QStringLiteral("</table>");
        break;
    }
    }

    if (!variant->question.isEmpty())
        html += QStringLiteral("<p><i>%1</i> %2</p>")
                    .arg(QObject::tr("Question (not searched for quotes):"),
                         escaped(variant->question));
    const QStringList sources = variant->evidenceSources(item.pairwise);
    for (qsizetype s = 0; s < sources.size(); ++s) {
        QList<const Mark*> here;
        for (const Mark& m : marks) {
            if (m.span && m.source == s)
                here << &m;
        }
        if (!item.pairwise) {
            html += QStringLiteral("<p><i>%1</i></p>").arg(QObject::tr("The artifact as judged:"));
        } else {
            const bool shownFirst = (s == 0) != variant->swapped;
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(s == 0 ? QObject::tr("First answer") : QObject::tr("Second answer"),
                             shownFirst ? QObject::tr("(shown as Response A)")
                                        : QObject::tr("(shown as Response B)"));
        }
        html += QStringLiteral("<p style=\"line-height:140%\">") +
                highlighted(sources.at(s), here, dark) + QStringLiteral("</p>");
    }

    QString invented;
    for (const Mark& m : marks) {
        if (m.match != EvidenceCheck::Match::Hallucinated)
            continue;
        const RubricCriterion* c = rubric.criterion(m.criterionId);
        invented +=
            QStringLiteral("<p>%1 <b>%2</b>: <span style=\"color:%3;"
                           "text-decoration:line-through\">\u201c%4\u201d</span> "
                           "<span style=\"color:%3\">%5</span></p>")
                .arg(QStringLiteral("<span style=\"background-color:%1\">&nbsp;%2&nbsp;</span>")
                         .arg(ThemeColours::criterion(m.criterionIndex, dark).name())
                         .arg(m.criterionIndex + 1),
                     (c ? c->name : m.criterionId).toHtmlEscaped(), red, escaped(m.quote),
                     QObject::tr("not found in the artifact (best similarity %1)")
                         .arg(percent(m.similarity))
                         .toHtmlEscaped());
    }
    if (!invented.isEmpty())
        html += QStringLiteral("<h4 style=\"color:%1\">%2</h4>")
                    .arg(red, QObject::tr("HALLUCINATED_EVIDENCE")) +
                invented;
    return html;
}

} // namespace pb
