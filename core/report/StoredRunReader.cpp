#include "report/StoredRunReader.h"

#include "analysis/CallTally.h"
#include "choice/ChoiceTally.h"
#include "generative/GenerativeTally.h"
#include "probe/ProbeReader.h"
#include "store/RunStore.h"

#include <QFileInfo>

namespace pb {

std::optional<RunEvidence> StoredRunReader::read(const RunStore& store, qint64 runId,
                                                 QString* error)
{
    RunEvidence e;
    if (!store.run(runId, &e.record, error)) {
        return std::nullopt;
    }
    const ProbeLoadResult loaded = ProbeReader::parse(
        e.record.probeJson.toUtf8(),
        QStringLiteral("%1, run %2").arg(QFileInfo(store.path()).fileName()).arg(runId));
    if (!loaded.ok()) {
        *error = loaded.errorText();
        return std::nullopt;
    }
    e.probe = *loaded.document;
    // The calls are folded in as they are read, without their texts: the numbers need none.
    CallTally tally(e.probe);
    std::optional<ChoiceTally> choice;
    if (e.probe.metric.isChoice()) {
        choice.emplace(e.probe); // its readings are in the details
    }
    std::optional<GenerativeTally> generative;
    if (e.probe.metric.isGenerative()) {
        generative.emplace(e.probe); // its embeddings are in the details
    }
    const auto take = [&](const LoggedCall& c) {
        tally.add(c);
        if (choice) {
            choice->add(c);
        }
        if (generative) {
            generative->add(c);
        }
    };
    if (!store.eachCall(
            runId, choice || generative ? RunStore::CallTexts::Details : RunStore::CallTexts::None,
            take, error) ||
        !store.events(runId, &e.events, error)) {
        return std::nullopt;
    }
    QStringList order;
    for (const ProbeItem& item : e.probe.items) {
        order << item.id;
    }
    e.analysis = ProbeAnalysis::fromTally(
        tally, e.probe.valueA(), e.probe.valueB(),
        e.record.metricName.isEmpty() ? e.probe.metric.name : e.record.metricName, order);
    if (choice) {
        e.choice = ChoiceAnalysis::from(*choice);
    }
    if (generative) {
        e.generative = GenerativeAnalysis::from(*generative);
    }
    e.context = ReportContext::fromRun(e.probe, e.record, tally, store.path(), e.events);
    return e;
}

std::optional<RunEvidence> StoredRunReader::read(const QString& storePath, qint64 runId,
                                                 QString* error)
{
    if (!QFileInfo::exists(storePath)) {
        *error = QStringLiteral("%1: no such file").arg(storePath);
        return std::nullopt;
    }
    RunStore store;
    if (!store.open(storePath, error)) {
        return std::nullopt;
    }
    return read(store, runId, error);
}

} // namespace pb
