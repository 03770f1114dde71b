#include "report/ResultsEvidence.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace pb {

QJsonObject ResultsEvidence::toJson() const
{
    QJsonArray list;
    for (const Run& r : runs) {
        list.append(
            QJsonObject{{QStringLiteral("id"), r.id},
                        {QStringLiteral("created"), r.created.toUTC().toString(Qt::ISODateWithMs)},
                        {QStringLiteral("calls"), r.calls}});
    }
    return {{QStringLiteral("store"), store}, {QStringLiteral("runs"), list}};
}

std::optional<ResultsEvidence> ResultsEvidence::fromSummary(const QJsonObject& summary)
{
    ResultsEvidence e;
    const QJsonValue recorded = summary.value(QLatin1String("evidence"));
    if (recorded.isObject()) {
        const QJsonObject o = recorded.toObject();
        e.store = o.value(QLatin1String("store")).toString();
        for (const QJsonValue& v : o.value(QLatin1String("runs")).toArray()) {
            const QJsonObject r = v.toObject();
            e.runs.append({r.value(QLatin1String("id")).toInteger(),
                           QDateTime::fromString(r.value(QLatin1String("created")).toString(),
                                                 Qt::ISODateWithMs),
                           r.value(QLatin1String("calls")).toInteger()});
        }
        return e.store.isEmpty() ? std::nullopt : std::optional<ResultsEvidence>(e);
    }
    static const QRegularExpression source(QStringLiteral("^run (\\d+) in (.+)$"));
    const QRegularExpressionMatch m =
        source.match(summary.value(QLatin1String("source")).toString());
    if (!m.hasMatch() || !summary.value(QLatin1String("calls_made")).isDouble()) {
        return std::nullopt;
    }
    e.store = m.captured(2);
    e.runs.append({m.captured(1).toLongLong(), QDateTime(),
                   summary.value(QLatin1String("calls_made")).toInteger()});
    return e;
}

QString ResultsEvidence::shrinkageFrom(const ResultsEvidence& before) const
{
    if (before.store != store) {
        return QString();
    }
    for (const Run& now : runs) {
        for (const Run& then : before.runs) {
            // No creation time on record (an older summary): the id alone names the run.
            const bool same =
                now.id == then.id && (!then.created.isValid() || then.created == now.created);
            if (same && now.calls < then.calls) {
                return QStringLiteral(
                           "the results there were written from %1 calls of run %2 in %3, but "
                           "the store now gives only %4 of them. They were left as they are: "
                           "replacing them would lose calls. The store may be damaged or an "
                           "older copy; to replace the results anyway, move that folder away "
                           "first.")
                    .arg(then.calls)
                    .arg(now.id)
                    .arg(store)
                    .arg(now.calls);
            }
        }
    }
    return QString();
}

} // namespace pb
