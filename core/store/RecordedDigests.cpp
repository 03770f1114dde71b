#include "store/RecordedDigests.h"

#include <QJsonObject>

namespace pb {

RecordedDigests RecordedDigests::of(const QList<LoggedCall>& calls)
{
    RecordedDigests out;
    for (const LoggedCall& c : calls) {
        if (c.status != CallStatus::Ok)
            continue;
        if (out.model.isEmpty())
            out.model = c.modelDigest;
        if (out.embedding.isEmpty())
            out.embedding = embeddingDigestOf(c.details);
        if (!out.model.isEmpty() && !out.embedding.isEmpty())
            break;
    }
    return out;
}

QString RecordedDigests::embeddingDigestOf(const QJsonObject& details)
{
    // The shape EmbeddingReading::toJson writes; RunStore::recordedDigests reads the same
    // path in SQL.
    return details.value(QLatin1String("embedding"))
        .toObject()
        .value(QLatin1String("digest"))
        .toString();
}

} // namespace pb
