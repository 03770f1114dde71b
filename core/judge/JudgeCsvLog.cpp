#include "judge/JudgeCsvLog.h"

#include "csv/CsvTable.h"
#include "judge/JudgeConsoleText.h"
#include "judge/JudgeSchema.h"
#include "log/CsvLogWriter.h"

#include <cmath>

namespace pb {

namespace {

QString text(const QString& value)
{
    return CsvTable::textCell(value);
}

} // namespace

QStringList JudgeCsvLog::header(const Rubric& rubric, bool hasPairwise)
{
    QStringList h{QStringLiteral("time"),           QStringLiteral("judge"),
                  QStringLiteral("backend"),        QStringLiteral("model"),
                  QStringLiteral("model_reported"), QStringLiteral("item"),
                  QStringLiteral("variant"),        QStringLiteral("property"),
                  QStringLiteral("shape"),          QStringLiteral("repeat"),
                  QStringLiteral("seed"),           QStringLiteral("outcome"),
                  QStringLiteral("weighted_total"), QStringLiteral("flags"),
                  QStringLiteral("tries")};
    // A probe mixing single and pairwise items writes verdicts as text either way, so one
    // column name fits both.
    const QString verdict =
        hasPairwise ? QStringLiteral("verdict") : JudgeSchema::verdictKey(rubric, false);
    for (const RubricCriterion& c : rubric.criteria) {
        h << c.id + QLatin1Char('_') + verdict << c.id + QStringLiteral("_deserved")
          << c.id + QStringLiteral("_evidence") << c.id + QStringLiteral("_evidence_match")
          << c.id + QStringLiteral("_similarity") << c.id + QStringLiteral("_flag");
    }
    h << QStringLiteral("validation_errors") << QStringLiteral("error")
      << QStringLiteral("raw_output") << QStringLiteral("input_tokens")
      << QStringLiteral("output_tokens");
    return h;
}

QByteArray JudgeCsvLog::toCsv(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    QByteArray out = CsvTable::formatRecord(header(doc.rubric, doc.hasPairwiseItems()));
    for (const JudgeRunAnalysis& run : analysis.judges) {
        for (const JudgedCall& c : run.calls) {
            const JudgeItem* item = doc.item(c.itemId);
            const JudgeVariant* variant = item ? item->variant(c.variantId) : nullptr;
            const bool pairwise = item && item->pairwise;
            const JudgeVerdict& v = c.verdict;
            QStringList row{c.time.toUTC().toString(Qt::ISODateWithMs),
                            text(run.judgeName),
                            c.backend,
                            text(c.model),
                            text(c.modelReported),
                            text(c.itemId),
                            text(c.variantId),
                            text(c.property),
                            variant && !variant->isBase()
                                ? (variant->shape == PairShape::Opposed ? QStringLiteral("opposed")
                                                                        : QStringLiteral("same"))
                                : QString(),
                            QString::number(c.repeat),
                            QString::number(c.seed),
                            JudgeVerdict::outcomeName(v.outcome),
                            v.weightedTotal ? CsvLogWriter::formatNumber(*v.weightedTotal)
                                            : QString(),
                            text(v.flags().join(QLatin1Char(';'))),
                            QString::number(v.tries)};
            for (const RubricCriterion& rc : doc.rubric.criteria) {
                const CriterionGrade* g = v.grade(rc.id);
                const std::optional<int> deserved =
                    variant && variant->deserved.contains(rc.id)
                        ? std::optional<int>(variant->deserved.value(rc.id))
                        : std::nullopt;
                row << (g && g->scored()
                            ? JudgeConsoleText::verdictText(g->value(), doc.rubric, pairwise)
                            : QString())
                    << (deserved ? JudgeConsoleText::verdictText(deserved, doc.rubric, pairwise)
                                 : QString())
                    << (g ? text(g->evidence) : QString())
                    << (g ? EvidenceCheck::matchName(g->check.match) : QString())
                    << (g && g->check.match != EvidenceCheck::Match::None
                            ? CsvLogWriter::formatNumber(std::round(g->check.similarity * 10) / 10)
                            : QString())
                    << (g ? g->flag() : QString());
            }
            row << text(v.validationErrors.join(QStringLiteral("; "))) << text(v.error)
                << text(v.rawOutput) << CsvLogWriter::countCell(c.tokens.input)
                << CsvLogWriter::countCell(c.tokens.output);
            out += CsvTable::formatRecord(row);
        }
    }
    return out;
}

} // namespace pb
