#pragma once

#include "store/RunStore.h"

#include <QList>
#include <QSet>
#include <QString>
#include <optional>

namespace pb::test {

// RunStore's reads for tests that read what they just wrote: a read that fails records a
// test failure with the store's message and returns nothing.
QList<LoggedCall> calls(const RunStore& store, qint64 runId);
QSet<QString> completedCells(const RunStore& store, qint64 runId);
QList<RunRecord> runs(const RunStore& store);
std::optional<RunRecord> run(const RunStore& store, qint64 runId);
std::optional<qint64> findRun(const RunStore& store, const QString& configHash);
QString loadDraft(const RunStore& store);
QString loadByHandSheet(const RunStore& store);
QList<RunEvent> events(const RunStore& store, qint64 runId);

} // namespace pb::test
