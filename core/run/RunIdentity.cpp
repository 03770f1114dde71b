#include "run/RunIdentity.h"

#include "store/RunStore.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace pb {

RunIdentity::RunIdentity(QJsonObject canonical, RunRecord record)
    : m_canonical(std::move(canonical)), m_hash(hashOf(m_canonical)), m_record(std::move(record))
{
    m_record.configHash = m_hash;
    m_record.appVersion = QStringLiteral(PB_VERSION);
}

QString RunIdentity::hashOf(const QJsonObject& canonical)
{
    // QJsonDocument writes object keys sorted, so the bytes are canonical.
    const QByteArray bytes = QJsonDocument(canonical).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

qint64 RunIdentity::findOrCreateRun(RunStore& store, bool* resumed, QString* error) const
{
    std::optional<qint64> existing;
    if (!store.findRun(m_hash, &existing, error)) {
        return 0;
    }
    if (existing) {
        *resumed = true;
        return *existing;
    }
    *resumed = false;
    RunRecord run = m_record;
    run.created = QDateTime::currentDateTimeUtc();
    return store.createRun(run, error);
}

} // namespace pb
