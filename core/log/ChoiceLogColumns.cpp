#include "log/ChoiceLogColumns.h"

#include <QHash>
#include <cmath>

namespace pb {

namespace {

const QString kSource = QStringLiteral("choice_source");
const QString kOutside = QStringLiteral("outside_mass");
const QString kPrefix = QStringLiteral("p_");

// A probability as the writer writes it (shortest round trip), in [0, 1].
std::optional<double> probability(const QString& raw)
{
    bool ok = false;
    const double v = raw.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0.0 || v > 1.0)
        return std::nullopt;
    return v;
}

} // namespace

std::optional<ChoiceLogColumns> ChoiceLogColumns::find(const QStringList& header, QString* error,
                                                       bool* isChoiceLog)
{
    const qsizetype source = header.indexOf(kSource);
    *isChoiceLog = source >= 0;
    if (source < 0)
        return std::nullopt;
    if (source == 0 || header.at(source - 1).trimmed().isEmpty()) {
        *error = QStringLiteral("line 1: column \"%1\" must follow the metric column").arg(kSource);
        return std::nullopt;
    }
    ChoiceLogColumns out;
    out.answer = int(source - 1);
    out.metric = header.at(out.answer).trimmed();
    out.source = int(source);
    qsizetype i = source + 1;
    for (; i < header.size() && header.at(i).startsWith(kPrefix); ++i) {
        const QString candidate = header.at(i).mid(kPrefix.size());
        if (candidate.isEmpty() || out.candidates.contains(candidate)) {
            *error = QStringLiteral("line 1: column \"%1\": a candidate's column must name a "
                                    "candidate once")
                         .arg(header.at(i));
            return std::nullopt;
        }
        out.candidates << candidate;
        out.probabilities << int(i);
    }
    if (out.candidates.size() < 2 || i >= header.size() || header.at(i) != kOutside) {
        *error = QStringLiteral("line 1: after \"%1\" a choice log has a p_ column for each of "
                                "two or more candidates, then \"%2\"")
                     .arg(kSource, kOutside);
        return std::nullopt;
    }
    out.outside = int(i);
    return out;
}

std::optional<ChoiceReading> ChoiceLogColumns::read(const QStringList& cells,
                                                    QString* problem) const
{
    problem->clear();
    const QString sourceText = cells.value(source).trimmed();
    const QString answerText = cells.value(answer);
    if (sourceText.isEmpty()) {
        if (!answerText.isEmpty())
            *problem = QStringLiteral("column \"%1\" is empty but \"%2\" holds an answer")
                           .arg(kSource, metric);
        return std::nullopt;
    }
    ChoiceReading reading;
    if (sourceText == choiceSourceName(ChoiceSource::Logprobs)) {
        reading.source = ChoiceSource::Logprobs;
    } else if (sourceText != choiceSourceName(ChoiceSource::Sampled)) {
        *problem = QStringLiteral("column \"%1\": \"%2\" is neither logprobs nor sampled")
                       .arg(kSource, sourceText.left(40));
        return std::nullopt;
    }
    if (!answerText.isEmpty()) {
        reading.answer = int(candidates.indexOf(answerText));
        if (reading.answer < 0) {
            *problem = QStringLiteral("column \"%1\": \"%2\" is none of the candidates (%3)")
                           .arg(metric, answerText.left(40), candidates.join(QStringLiteral(", ")));
            return std::nullopt;
        }
    }
    if (reading.source == ChoiceSource::Sampled) {
        for (int k : probabilities + QList<int>{outside}) {
            if (!cells.value(k).trimmed().isEmpty()) {
                *problem = QStringLiteral("a sampled reading has no probabilities, but a cell "
                                          "right of \"%1\" holds one")
                               .arg(kSource);
                return std::nullopt;
            }
        }
        return reading;
    }
    double sum = 0.0;
    for (qsizetype k = 0; k < probabilities.size(); ++k) {
        const std::optional<double> p = probability(cells.value(probabilities.at(k)));
        if (!p) {
            *problem = QStringLiteral("column \"p_%1\": \"%2\" is not a probability")
                           .arg(candidates.at(k), cells.value(probabilities.at(k)).left(40));
            return std::nullopt;
        }
        reading.probabilities.push_back(*p);
        sum += *p;
    }
    const std::optional<double> rest = probability(cells.value(outside));
    if (!rest) {
        *problem = QStringLiteral("column \"%1\": \"%2\" is not a probability")
                       .arg(kOutside, cells.value(outside).left(40));
        return std::nullopt;
    }
    reading.outsideMass = *rest;
    // The writer's shortest round-trip numbers sum back to 1 within rounding; more is an edit.
    if (std::abs(sum - 1.0) > 1e-6) {
        *problem = QStringLiteral("the p_ columns sum to %1, not 1").arg(sum, 0, 'g', 8);
        return std::nullopt;
    }
    return reading;
}

} // namespace pb
