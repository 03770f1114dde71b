#include "axes/AxesStoredRuns.h"

#include "report/StoredRunReader.h"

namespace pb {

std::optional<AxesRunRead> AxesStoredRuns::read(const RunStore& store, const AxesDocument& doc,
                                                const QList<AxisRunEnd>& ends, QString* error)
{
    AxesRunRead out;
    QList<AxisEvidence> axes;
    for (int a = 0; a < doc.axes.size(); ++a) {
        const AxisRunEnd end = ends.value(a);
        AxisEvidence e;
        e.axis = doc.axes[a];
        e.runId = end.runId;
        e.outcome = end.outcome;
        e.message = end.message;
        std::optional<RunEvidence> run;
        if (end.runId != 0) {
            run = StoredRunReader::read(store, end.runId, error);
            if (!run)
                return std::nullopt;
            run->context.priceAt(doc.settings);
            if (run->choice)
                e.choice = run->choice;
            else if (run->generative)
                e.generative = run->generative;
            else
                e.analysis = run->analysis;
        }
        out.evidence << std::move(run);
        axes << std::move(e);
    }
    out.comparison = AxesComparison::from(doc, axes);
    return out;
}

} // namespace pb
