#include "grading/GradingRun.h"

#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeRun.h"

#include <QHash>

namespace pb {

namespace GradingRun {

JudgeProbeDocument document(const Rubric& rubric, const QList<Submission>& submissions,
                            const JudgeConfig& grader, const EvidencePolicy& evidence)
{
    JudgeProbeDocument doc;
    doc.title = QStringLiteral("Grading: %1").arg(rubric.title);
    // Fixed text, not the folder's path: the same files graded from another folder are the
    // same run.
    doc.description = QStringLiteral("batch grading");
    doc.rubric = rubric;
    doc.rubricSource = QStringLiteral("inline");
    doc.evidence = evidence;
    for (const Submission& s : submissions) {
        if (s.isEmpty())
            continue;
        JudgeItem item;
        item.id = s.filename;
        item.base.id = QLatin1String(JudgeVariant::kBaseId);
        item.base.answer = s.text;
        doc.items << item;
    }
    JudgeConfig judge = grader;
    judge.name = QLatin1String(kGraderName);
    doc.judges = {judge};
    return doc;
}

RunUnit unit(const JudgeProbeDocument& doc)
{
    RunUnit unit = JudgeProbeRun::units(doc).constFirst();
    unit.name = QString(); // a grading run has one unit
    unit.wording.calls = QStringLiteral("submissions graded");
    return unit;
}

GradingOutcome outcome(const JudgeProbeDocument& doc, const QList<Submission>& submissions,
                       const QList<LoggedCall>& calls)
{
    GradingOutcome out;
    const QList<JudgedCall> judged =
        JudgeCallRecord::fromLogged(doc, doc.judges.constFirst(), calls);
    TokenTotals tokens;
    for (const JudgedCall& call : judged)
        tokens.add(call.tokens);
    out.cost = RunCost::single(0, tokens, doc.judges.constFirst().prices);
    QHash<QString, qsizetype> byFile;
    for (qsizetype i = 0; i < judged.size(); ++i) {
        if (!judged.at(i).isRepeat())
            byFile.insert(judged.at(i).itemId, i);
    }
    QList<JudgedCall> scoredCalls;
    for (const Submission& s : submissions) {
        if (s.isEmpty()) {
            out.rows << GradeRow::emptyFile(s.filename, doc.rubric);
            ++out.emptyFiles;
            continue;
        }
        const auto found = byFile.constFind(s.filename);
        if (found == byFile.cend()) {
            out.notCalled << s.filename;
            GradeRow row = GradeRow::fromVerdict(s.filename, doc.rubric,
                                                 JudgeVerdict::failed(QStringLiteral("not run")));
            row.flags = QStringList{QLatin1String(GradeRow::kNotGraded)};
            out.rows << row;
            continue;
        }
        const JudgedCall& call = judged.at(*found);
        ++out.judged;
        out.rows << GradeRow::fromVerdict(s.filename, doc.rubric, call.verdict);
        switch (call.verdict.outcome) {
        case JudgeOutcome::Scored:
            ++out.scored;
            scoredCalls << call;
            break;
        case JudgeOutcome::ReviewNeeded:
            out.review << ReviewNeeded{s.filename, call.verdict.rawOutput,
                                       call.verdict.validationErrors, call.verdict.tries,
                                       QString()};
            break;
        case JudgeOutcome::Failed:
            out.failed << s.filename;
            break;
        }
    }
    out.evidence = EvidenceTally::compute(scoredCalls, doc.evidence.fuzzyThreshold);
    return out;
}

} // namespace GradingRun

} // namespace pb
