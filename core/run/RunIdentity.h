#pragma once

#include "store/RunRecord.h"

#include <QJsonObject>
#include <QString>

namespace pb {

class RunStore;

// What makes two runs "the same run", for every kind of probe: the canonical JSON of what
// changes what is sent or how a reply is scored (a kind decides what goes in; endpoints,
// concurrency and timeouts never do, so a run may resume against another server of the same
// model), its SHA-256, and the run in a store with that hash. Same hash: resume; anything
// else: a new run kept beside the old one (pre-registration).
class RunIdentity
{
public:
    RunIdentity() = default;
    // record: the run as it would be created (title, probe JSON as run, backend, model,
    // metric); its hash, creation time and app version are filled in here.
    RunIdentity(QJsonObject canonical, RunRecord record);

    const QJsonObject& canonical() const { return m_canonical; }
    // Hex SHA-256 of the canonical JSON written compactly with sorted keys.
    QString hash() const { return m_hash; }
    const RunRecord& record() const { return m_record; }

    static QString hashOf(const QJsonObject& canonical);

    // The run in the store with this identity, or a new one. Returns 0 and sets *error on
    // failure; *resumed says which.
    qint64 findOrCreateRun(RunStore& store, bool* resumed, QString* error) const;

private:
    QJsonObject m_canonical;
    QString m_hash;
    RunRecord m_record;
};

} // namespace pb
