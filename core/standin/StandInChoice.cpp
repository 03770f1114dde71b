#include "standin/StandInChoice.h"

#include "standin/PythonRandom.h"
#include "standin/StandInBias.h"

#include <QHash>
#include <QJsonObject>
#include <QPair>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace pb {

namespace {

// Items whose logits a thread keeps before it starts over.
constexpr qsizetype kKeptItems = 4096;

// The item's own logits before noise and bias: a function of the item id and the number of
// candidates alone, asked on every call of the item, so each thread keeps them (bounded).
std::vector<double> itemLogits(const QString& itemId, qsizetype k)
{
    static thread_local QHash<QPair<QString, qsizetype>, std::vector<double>> kept;
    const QPair<QString, qsizetype> key{itemId, k};
    if (const auto it = kept.constFind(key); it != kept.constEnd())
        return it.value();
    PythonRandom base(QStringLiteral("choice|") + itemId);
    std::vector<double> z(std::size_t(k) + 1);
    for (qsizetype i = 0; i < k; ++i)
        z[std::size_t(i)] = base.gauss(0.0, 1.0);
    z[std::size_t(k)] = -1.5 + base.gauss(0.0, 0.5);
    if (kept.size() >= kKeptItems)
        kept.clear();
    kept.insert(key, z);
    return z;
}

std::vector<double> logits(const CallRequest& request, PythonRandom& noise)
{
    const qsizetype k = request.candidates.size();
    std::vector<double> z = itemLogits(request.itemId, k);
    if (k > 0)
        z[0] -= StandInBias::shift(request);
    const double scale = StandInBias::noiseTemperature(request);
    for (double& value : z)
        value += noise.gauss(0.0, 1.0) * scale;
    return z;
}

std::vector<double> softmax(const std::vector<double>& z)
{
    const double top = *std::max_element(z.begin(), z.end());
    std::vector<double> p(z.size());
    double sum = 0.0;
    for (std::size_t i = 0; i < z.size(); ++i) {
        p[i] = std::exp(z[i] - top);
        sum += p[i];
    }
    for (double& value : p)
        value /= sum;
    return p;
}

PythonRandom noiseStream(const CallRequest& request)
{
    return PythonRandom(QString::number(request.seed) + QLatin1Char('|') + request.prompt);
}

QString tokenOf(const CallRequest& request, std::size_t index)
{
    return index < std::size_t(request.candidates.size())
               ? request.candidates[qsizetype(index)]
               : QString::fromLatin1(StandInChoice::kOutsideToken);
}

// JSON has no -inf: a probability that underflowed is listed as the smallest one it can hold.
double logOf(double p)
{
    return std::log(std::max(p, 1e-300));
}

} // namespace

std::vector<double> StandInChoice::probabilities(const CallRequest& request)
{
    PythonRandom noise = noiseStream(request);
    return softmax(logits(request, noise));
}

StandInChoiceAnswer StandInChoice::answer(const CallRequest& request)
{
    PythonRandom noise = noiseStream(request);
    const std::vector<double> p = softmax(logits(request, noise));
    std::size_t chosen = 0;
    if (request.temperature <= 0.0) {
        chosen = std::size_t(std::max_element(p.begin(), p.end()) - p.begin());
    } else {
        const double u = noise.random();
        double cumulative = 0.0;
        chosen = p.size() - 1;
        for (std::size_t i = 0; i < p.size(); ++i) {
            cumulative += p[i];
            if (u < cumulative) {
                chosen = i;
                break;
            }
        }
    }
    StandInChoiceAnswer out;
    out.reply = chosen < std::size_t(request.candidates.size())
                    ? request.candidates[qsizetype(chosen)]
                    : QStringLiteral("I am not sure.");

    std::vector<std::size_t> order(p.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&p](std::size_t a, std::size_t b) { return p[a] > p[b]; });
    QJsonArray top;
    const std::size_t listed =
        std::min(order.size(), std::size_t(std::max(request.topLogprobs, 0)));
    for (std::size_t i = 0; i < listed; ++i)
        top.append(QJsonObject{{QStringLiteral("token"), tokenOf(request, order[i])},
                               {QStringLiteral("logprob"), logOf(p[order[i]])}});
    out.logprobs.append(QJsonObject{{QStringLiteral("token"), tokenOf(request, chosen)},
                                    {QStringLiteral("logprob"), logOf(p[chosen])},
                                    {QStringLiteral("top_logprobs"), top}});
    return out;
}

} // namespace pb
