#include "results/RunLabel.h"

#include <QObject>

namespace pb {

QString RunLabel::text(const RunRecord& run)
{
    QString label = QObject::tr("Run %1").arg(run.id);
    if (run.created.isValid()) {
        label += QStringLiteral(" · ") +
                 run.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    }
    if (!run.model.isEmpty()) {
        label += QStringLiteral(" · ") + run.model;
    }
    if (!run.metricName.isEmpty()) {
        label += QStringLiteral(" · ") + run.metricName;
    }
    if (!run.rescoreNote.isEmpty()) {
        label += QObject::tr(" · re-scored");
    }
    return label;
}

} // namespace pb
