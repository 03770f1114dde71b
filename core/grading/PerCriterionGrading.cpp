#include "grading/PerCriterionGrading.h"

namespace pb {

namespace PerCriterionGrading {

Rubric criterionRubric(const Rubric& rubric, qsizetype index)
{
    Rubric one = rubric;
    one.criteria = {rubric.criteria.at(index)};
    return one;
}

QList<JudgeProbeDocument> documents(const Rubric& rubric, const QList<Submission>& submissions,
                                    const JudgeConfig& grader, const EvidencePolicy& evidence)
{
    QList<JudgeProbeDocument> docs;
    for (qsizetype i = 0; i < rubric.criteria.size(); ++i) {
        JudgeProbeDocument doc =
            GradingRun::document(criterionRubric(rubric, i), submissions, grader, evidence);
        // Names the run in the store's list; not part of its identity (the rubric sent is).
        doc.title = QStringLiteral("Grading per criterion: %1 / %2")
                        .arg(rubric.title, rubric.criteria.at(i).id);
        docs << doc;
    }
    return docs;
}

QList<RunUnit> units(const QList<JudgeProbeDocument>& docs)
{
    QList<RunUnit> units;
    for (const JudgeProbeDocument& doc : docs) {
        RunUnit unit = GradingRun::unit(doc);
        unit.name = QStringLiteral("criterion \"%1\"").arg(doc.rubric.criteria.constFirst().id);
        units << unit;
    }
    return units;
}

GradingOutcome outcome(const Rubric& rubric, const QList<JudgeProbeDocument>& docs,
                       const QList<Submission>& submissions, const QList<QList<LoggedCall>>& calls,
                       const QList<qint64>& runIds)
{
    QList<GradingOutcome> each;
    GradingOutcome out;
    for (qsizetype i = 0; i < docs.size(); ++i) {
        each << GradingRun::outcome(docs.at(i), submissions, calls.value(i));
        const QString id = docs.at(i).rubric.criteria.constFirst().id;
        for (ReviewNeeded review : each.constLast().review) {
            review.criterion = id;
            out.review << review;
        }
        out.evidence =
            i == 0 ? each.constLast().evidence : out.evidence.plus(each.constLast().evidence);
        RunCost::Run run = each.constLast().cost.runs.constFirst();
        run.runId = runIds.value(i);
        run.label = id;
        out.cost.runs << run;
    }
    for (qsizetype s = 0; s < submissions.size(); ++s) {
        const QString& filename = submissions.at(s).filename;
        if (submissions.at(s).isEmpty()) {
            out.rows << GradeRow::emptyFile(filename, rubric);
            ++out.emptyFiles;
            continue;
        }
        GradeRow row;
        row.filename = filename;
        QList<std::optional<int>> levels;
        bool notCalled = false;
        bool everyTotal = true;
        bool everyScored = true;
        bool anyFailed = false;
        for (const GradingOutcome& o : each) {
            const GradeRow& one = o.rows.at(s);
            notCalled = notCalled || o.notCalled.contains(filename);
            everyTotal = everyTotal && one.total.has_value();
            everyScored = everyScored && !o.failed.contains(filename) &&
                          !one.flags.contains(QLatin1String(JudgeVerdict::kReviewNeeded));
            anyFailed = anyFailed || o.failed.contains(filename);
            for (const QString& flag : one.flags) {
                if (!row.flags.contains(flag))
                    row.flags << flag;
            }
            row.cells << one.cells.constFirst();
            levels << one.cells.constFirst().level;
        }
        if (notCalled) {
            // As GradingRun::outcome shows a submission not called yet: no level, no total.
            out.notCalled << filename;
            row.flags = QStringList{QLatin1String(GradeRow::kNotGraded)};
            row.cells = QList<GradeCell>(rubric.criteria.size());
            out.rows << row;
            continue;
        }
        ++out.judged;
        if (anyFailed)
            out.failed << filename;
        out.scored += everyScored ? 1 : 0;
        if (everyTotal)
            row.total = WeightedTotal::of(rubric, levels);
        out.rows << row;
    }
    return out;
}

} // namespace PerCriterionGrading

} // namespace pb
