#include "choice/ChoiceReading.h"

#include "metrics/ChoiceAnswer.h"
#include "stats/detection/CandidateDistribution.h"

#include <QJsonArray>
#include <cmath>

namespace pb {

namespace {

const QString kChoice = QStringLiteral("choice");

std::vector<std::string> labels(const QStringList& candidates)
{
    std::vector<std::string> out;
    for (const QString& c : candidates)
        out.push_back(c.toStdString());
    return out;
}

// The label an alternative counts under: its candidate, or its own text (outside mass).
std::string labelOf(const QStringList& candidates, const QString& token)
{
    const int index = ChoiceAnswer::match(candidates, token);
    if (index >= 0)
        return candidates[index].toStdString();
    // A token that is no candidate must never collide with one; the prefix keeps it apart.
    std::string outside(1, '\x01');
    outside += token.toStdString();
    return outside;
}

} // namespace

QString choiceSourceName(ChoiceSource source)
{
    return source == ChoiceSource::Logprobs ? QStringLiteral("logprobs")
                                            : QStringLiteral("sampled");
}

ChoiceReading ChoiceReading::read(const QStringList& candidates, const QString& reply,
                                  const QJsonObject& details)
{
    ChoiceReading out;
    out.answer = ChoiceAnswer::match(candidates, reply);
    if (details.contains(QLatin1String("logprobs_problem"))) {
        out.note = QStringLiteral("log probabilities refused: ") +
                   details.value(QLatin1String("logprobs_problem")).toString();
        return out;
    }
    const QJsonArray tokens = details.value(QLatin1String("logprobs")).toArray();
    if (tokens.isEmpty()) {
        out.note = QStringLiteral("the server gave no log probabilities");
        return out;
    }
    QJsonObject answerToken;
    for (const QJsonValue& entry : tokens) {
        if (!ChoiceAnswer::normalised(entry[QLatin1String("token")].toString()).isEmpty()) {
            answerToken = entry.toObject();
            break;
        }
    }
    if (answerToken.isEmpty()) {
        out.note = QStringLiteral("the first tokens of the reply are all blank");
        return out;
    }
    detection::CandidateDistribution::Labelled logprobs;
    const QString sampled = answerToken.value(QLatin1String("token")).toString();
    bool sampledListed = false;
    for (const QJsonValue& alternative :
         answerToken.value(QLatin1String("top_logprobs")).toArray()) {
        const QString token = alternative[QLatin1String("token")].toString();
        sampledListed = sampledListed || token == sampled;
        logprobs.emplace_back(labelOf(candidates, token),
                              alternative[QLatin1String("logprob")].toDouble());
    }
    if (!sampledListed) // llama.cpp lists the top tokens before sampling; the drawn one may not be
        logprobs.emplace_back(labelOf(candidates, sampled),
                              answerToken.value(QLatin1String("logprob")).toDouble());
    std::string error;
    const std::optional<detection::CandidateDistribution> distribution =
        detection::CandidateDistribution::fromLogprobs(labels(candidates), logprobs, &error);
    if (!distribution) {
        out.note = QStringLiteral("no distribution from the log probabilities of %1: %2")
                       .arg(QString(QLatin1Char('"') + sampled + QLatin1Char('"')),
                            QString::fromStdString(error));
        return out;
    }
    out.source = ChoiceSource::Logprobs;
    out.probabilities = distribution->probabilities();
    out.outsideMass = distribution->outsideMass();
    return out;
}

QJsonObject ChoiceReading::toJson() const
{
    QJsonObject out{{QStringLiteral("source"), choiceSourceName(source)},
                    {QStringLiteral("answer"), answer}};
    if (source == ChoiceSource::Logprobs) {
        QJsonArray p;
        for (double value : probabilities)
            p.append(value);
        out.insert(QStringLiteral("probabilities"), p);
        out.insert(QStringLiteral("outside_mass"), outsideMass);
    } else {
        out.insert(QStringLiteral("note"), note);
    }
    return out;
}

std::optional<ChoiceReading> ChoiceReading::fromDetails(const QJsonObject& details,
                                                        qsizetype candidates)
{
    const QJsonObject json = details.value(kChoice).toObject();
    const QString source = json.value(QLatin1String("source")).toString();
    if (source != QLatin1String("logprobs") && source != QLatin1String("sampled"))
        return std::nullopt;
    ChoiceReading out;
    out.answer = json.value(QLatin1String("answer")).toInt(-1);
    if (out.answer < -1 || out.answer >= candidates)
        return std::nullopt;
    out.note = json.value(QLatin1String("note")).toString();
    if (source == QLatin1String("sampled"))
        return out;
    out.source = ChoiceSource::Logprobs;
    const QJsonArray p = json.value(QLatin1String("probabilities")).toArray();
    double sum = 0.0;
    for (const QJsonValue& value : p) {
        const double number = value.toDouble(-1.0);
        if (!(number >= 0.0 && number <= 1.0))
            return std::nullopt;
        out.probabilities.push_back(number);
        sum += number;
    }
    out.outsideMass = json.value(QLatin1String("outside_mass")).toDouble(-1.0);
    if (p.size() != candidates || std::abs(sum - 1.0) > 1e-6 ||
        !(out.outsideMass >= 0.0 && out.outsideMass <= 1.0))
        return std::nullopt;
    return out;
}

} // namespace pb
