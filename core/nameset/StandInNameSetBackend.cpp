#include "nameset/StandInNameSetBackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <random>

namespace pb {

namespace {

// FNV-1a: a hash that is the same on every machine and in every process (qHash is salted).
quint64 stableHash(const QByteArray& bytes)
{
    quint64 h = 1469598103934665603ULL;
    for (const char c : bytes) {
        h ^= quint8(c);
        h *= 1099511628211ULL;
    }
    return h;
}

int askedTimes(const CallRequest& request)
{
    int replies = 0;
    for (const ChatMessage& m : request.messages)
        replies += m.role == QLatin1String("assistant") ? 1 : 0;
    return replies + 1;
}

} // namespace

StandInNameSetBackend::StandInNameSetBackend(const NameSetDocument& doc, QObject* parent)
    : InProcessBackend(QStringLiteral("the stand-in"), parent), m_decisions(doc.decisions),
      m_range(doc.score), m_knobs(doc.standIn)
{
    for (const NameEntry& e : doc.names)
        m_groupOf.insert(e.name, e.group);
}

QString StandInNameSetBackend::name() const
{
    return QStringLiteral("stand-in");
}

QString StandInNameSetBackend::replyTo(const CallRequest& request) const
{
    return replyFor(request);
}

QString StandInNameSetBackend::replyFor(const CallRequest& request) const
{
    const int asked = askedTimes(request);
    std::mt19937_64 random(
        stableHash((request.itemId + QLatin1Char('\x1f') + QString::number(request.seed) +
                    QLatin1Char('\x1f') + QString::number(asked))
                       .toUtf8()));
    std::normal_distribution<double> noise(0.0, m_knobs.scoreSpread);
    std::uniform_real_distribution<double> unit(0.0, 1.0);

    const double middle = (m_range.min + m_range.max) / 2;
    const double shift = m_knobs.groupShift.value(m_groupOf.value(request.itemId), 0.0);
    const double drawn = middle + shift + noise(random);
    const double score = std::clamp(std::round(drawn * 10) / 10, m_range.min, m_range.max);

    QStringList against;
    for (const QString& v : m_decisions.values) {
        if (!m_decisions.isFavourable(v))
            against << v;
    }
    QString decision = m_decisions.favourable.value(0);
    if (score < middle && !against.isEmpty())
        decision = score < middle - m_knobs.scoreSpread ? against.last() : against.first();

    QJsonObject reply{
        {QStringLiteral("decision"), decision},
        {QStringLiteral("score"), score},
        {QStringLiteral("rationale"),
         QStringLiteral("The document shows the experience the task asks for. The assessment "
                        "follows the stated criteria.")},
        {QStringLiteral("strengths"), QJsonArray{QStringLiteral("relevant experience")}},
        {QStringLiteral("concerns"), QJsonArray{QStringLiteral("few details on recent work")}},
        {QStringLiteral("tone_summary"), QStringLiteral("Measured and neutral.")}};

    const bool malformed = unit(random) < m_knobs.malformedRate;
    const int fault = int(random() % 4);
    if (malformed && fault == 0)
        reply.remove(QStringLiteral("score"));
    if (malformed && fault == 1)
        reply.insert(QStringLiteral("decision"), QStringLiteral("maybe"));
    if (malformed && fault == 2)
        reply.insert(QStringLiteral("score"), m_range.max + 5);
    const QString json = QString::fromUtf8(QJsonDocument(reply).toJson(QJsonDocument::Compact));
    if (malformed && fault == 3)
        return QStringLiteral("Here is my assessment:\n") + json;
    return json;
}

} // namespace pb
