#include "StoreReads.h"

#include <QTest>

namespace pb::test {
namespace {

template <class T> T checked(bool ok, T value, const QString& error)
{
    if (!ok) {
        QTest::qFail(qPrintable(error), __FILE__, __LINE__);
        return T{};
    }
    return value;
}

} // namespace

QList<LoggedCall> calls(const RunStore& store, qint64 runId)
{
    QList<LoggedCall> out;
    QString error;
    const bool ok = store.calls(runId, &out, &error);
    return checked(ok, out, error);
}

QSet<QString> completedCells(const RunStore& store, qint64 runId)
{
    QSet<QString> out;
    QString error;
    const bool ok = store.completedCells(runId, &out, &error);
    return checked(ok, out, error);
}

QList<RunRecord> runs(const RunStore& store)
{
    QList<RunRecord> out;
    QString error;
    const bool ok = store.runs(&out, &error);
    return checked(ok, out, error);
}

std::optional<RunRecord> run(const RunStore& store, qint64 runId)
{
    RunRecord out;
    QString error;
    return store.run(runId, &out, &error) ? std::optional<RunRecord>(out) : std::nullopt;
}

std::optional<qint64> findRun(const RunStore& store, const QString& configHash)
{
    std::optional<qint64> out;
    QString error;
    const bool ok = store.findRun(configHash, &out, &error);
    return checked(ok, out, error);
}

QString loadDraft(const RunStore& store)
{
    QString out;
    QString error;
    const bool ok = store.loadDraft(&out, &error);
    return checked(ok, out, error);
}

QString loadByHandSheet(const RunStore& store)
{
    QString out;
    QString error;
    const bool ok = store.loadByHandSheet(&out, &error);
    return checked(ok, out, error);
}

QList<RunEvent> events(const RunStore& store, qint64 runId)
{
    QList<RunEvent> out;
    QString error;
    const bool ok = store.events(runId, &out, &error);
    return checked(ok, out, error);
}

} // namespace pb::test
