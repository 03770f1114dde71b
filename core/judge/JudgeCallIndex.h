#pragma once

#include "judge/JudgedCall.h"

#include <QHash>
#include <QList>
#include <QString>

namespace pb {

// The judge calls of one run, found by artifact: the probe's own call of each (item,
// variant), and every call of it including the stability repeats.
class JudgeCallIndex
{
public:
    explicit JudgeCallIndex(const QList<JudgedCall>& calls);

    const JudgedCall* main(const QString& itemId, const QString& variantId) const;
    // Repeat 0 first, then the stability repeats in order.
    QList<const JudgedCall*> all(const QString& itemId, const QString& variantId) const;

private:
    static QString key(const QString& itemId, const QString& variantId);
    QHash<QString, QList<const JudgedCall*>> m_byArtifact;
};

} // namespace pb
