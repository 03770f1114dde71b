#include "ExampleJudgeProbe.h"

#include "StoreReads.h"
#include "TestPaths.h"
#include "judge/EvidenceCheck.h"
#include "judge/JudgeCallPlan.h"
#include "judge/JudgeCallRecord.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeRun.h"
#include "judge/JudgeReplies.h"
#include "judge/JudgeRunIdentity.h"
#include "judge/StandInJudgeBackend.h"
#include "run/Runner.h"
#include "store/RunStore.h"

#include <QSignalSpy>

namespace pb::test {

JudgeProbeDocument exampleJudgeProbe()
{
    const JudgeProbeLoadResult r = JudgeProbeReader::readFile(
        sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    return r.document.value_or(JudgeProbeDocument{});
}

JudgedCall quotedCall(const JudgeProbeDocument& doc, const QString& exact, const QString& near,
                      const QString& invented)
{
    const JudgeItem* item = doc.item(QStringLiteral("s02"));
    const QStringList sources = item->base.evidenceSources(false);
    JudgedCall call;
    call.itemId = item->id;
    call.variantId = item->base.id;
    call.verdict.outcome = JudgeOutcome::Scored;
    call.verdict.tries = 1;
    const QList<QPair<QString, QString>> quotes{{QStringLiteral("claims_cited"), near},
                                                {QStringLiteral("directness"), exact},
                                                {QStringLiteral("counterargument"), invented}};
    for (const auto& [criterion, quote] : quotes) {
        CriterionGrade g;
        g.criterionId = criterion;
        g.reported = 2;
        g.evidence = quote;
        g.check = EvidenceCheck::check(quote, sources, doc.evidence.fuzzyThreshold);
        call.verdict.grades << g;
    }
    return call;
}

QList<QList<JudgedCall>> runJudges(const JudgeProbeDocument& doc, RunStore& store, int* newCalls)
{
    QList<QList<JudgedCall>> out;
    if (newCalls)
        *newCalls = 0;
    for (int i = 0; i < doc.judges.size(); ++i) {
        bool resumed = false;
        QString error;
        const qint64 runId = JudgeRunIdentity::identity(doc, doc.judges.at(i))
                                 .findOrCreateRun(store, &resumed, &error);
        if (runId == 0)
            return {};
        StandInJudgeBackend backend;
        JudgeReplies replies(doc, doc.judges.at(i), runId);
        Runner runner(JudgeCallPlan::build(doc, doc.judges.at(i)), &replies, &store, runId,
                      &backend, JudgeProbeRun::wording());
        QSignalSpy finished(&runner, &Runner::finished);
        QSignalSpy recorded(&runner, &Runner::callsRecorded);
        runner.start();
        if (finished.isEmpty() && !finished.wait(10000))
            return {};
        for (const QList<QVariant>& batch : recorded) {
            if (newCalls)
                *newCalls += int(batch.at(0).value<QList<LoggedCall>>().size());
        }
        out << JudgeCallRecord::fromLogged(doc, doc.judges.at(i), calls(store, runId));
    }
    return out;
}

QList<QList<JudgedCall>> runJudges(const JudgeProbeDocument& doc, const QString& storePath)
{
    RunStore store;
    QString error;
    if (!store.open(storePath, &error))
        return {};
    return runJudges(doc, store);
}

} // namespace pb::test
