#include "standin/StandInEmbedding.h"

#include <QHash>
#include <cmath>
#include <cstdint>

namespace pb {

namespace {

// Texts whose vector a thread keeps before it starts over.
constexpr qsizetype kKeptTexts = 1024;

std::uint64_t fnv1a(const QByteArray& bytes)
{
    std::uint64_t h = 14695981039346656037ULL;
    for (const char c : bytes) {
        h ^= std::uint64_t(static_cast<unsigned char>(c));
        h *= 1099511628211ULL;
    }
    return h;
}

void addWord(std::vector<double>& v, const QString& word)
{
    if (word.isEmpty())
        return;
    const std::uint64_t h = fnv1a(word.toUtf8());
    v[std::size_t(h % StandInEmbedding::kDimensions)] += (h >> 63) ? -1.0 : 1.0;
}

} // namespace

std::vector<double> StandInEmbedding::embed(const QString& text)
{
    std::vector<double> v(kDimensions, 0.0);
    QString word;
    for (const QChar c : text.toLower()) {
        if (c.isLetterOrNumber()) {
            word += c;
        } else {
            addWord(v, word);
            word.clear();
        }
    }
    addWord(v, word);
    double norm = 0.0;
    for (double x : v)
        norm += x * x;
    if (norm == 0.0) {
        v[0] = 1.0; // no word, or words that cancelled out: still a direction
        return v;
    }
    norm = std::sqrt(norm);
    for (double& x : v)
        x /= norm;
    return v;
}

QJsonArray StandInEmbedding::embedJson(const QString& text)
{
    // The stand-in's replies are a few texts asked over and over (a reply is its steps' text),
    // and the vector is a function of the text: each thread keeps the ones it has built, up to
    // a bound, and shares them (a QJsonArray copy shares its data).
    static thread_local QHash<QString, QJsonArray> built;
    if (const auto it = built.constFind(text); it != built.constEnd())
        return it.value();
    QJsonArray out;
    for (double x : embed(text))
        out.append(x);
    if (built.size() >= kKeptTexts)
        built.clear();
    built.insert(text, out);
    return out;
}

} // namespace pb
