#include "choice/ChoiceLogImport.h"

#include "choice/ChoiceTally.h"
#include "log/CsvLogReader.h"
#include "store/LoggedCall.h"

#include <cmath>

namespace pb {

std::optional<ChoiceAnalysis> ChoiceLogImport::analyse(const ImportedLog& log,
                                                       const QStringList& values, QString* error)
{
    if (!log.isChoiceLog()) {
        *error =
            QStringLiteral("%1: not a choice probe's log (no choice_source column)").arg(log.file);
        return std::nullopt;
    }
    ProbeDocument probe;
    QString a;
    QString b;
    if (!log.comparedValues(values, &a, &b, error))
        return std::nullopt;
    probe.attribute.name = QStringLiteral("variant");
    probe.attribute.values = {a, b};
    probe.metric.kind = QStringLiteral("choice");
    probe.metric.name = log.metricName;
    probe.metric.candidates = log.candidates;

    std::optional<double> temperature;
    for (const ImportedRow& row : log.rows) {
        bool ok = false;
        const double t = row.temperature.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(t) || t < 0.0) {
            *error = QStringLiteral("%1: line %2, column \"temperature\": \"%3\" is not a "
                                    "temperature")
                         .arg(log.file)
                         .arg(row.line)
                         .arg(row.temperature.left(40));
            return std::nullopt;
        }
        if (temperature && *temperature != t) {
            *error = QStringLiteral("%1: line %2: temperature %3 where earlier rows have %4; a "
                                    "choice comparison is made at one temperature")
                         .arg(log.file)
                         .arg(row.line)
                         .arg(row.temperature.trimmed())
                         .arg(*temperature);
            return std::nullopt;
        }
        temperature = t;
        bool seen = false;
        for (const ProbeItem& item : probe.items)
            seen = seen || item.id == row.itemId;
        if (!seen)
            probe.items.append(ProbeItem{row.itemId, {}, {}, {}});
    }
    probe.settings.temperature = temperature.value_or(0.0);

    ChoiceTally tally(probe);
    const QString noise = probe.noiseLabel();
    for (const ImportedRow& row : log.rows) {
        LoggedCall call;
        call.itemId = row.itemId;
        call.variant = row.variant;
        call.arm = row.variant == noise ? CallArm::Noise : CallArm::Probe;
        if (call.arm == CallArm::Probe && row.variant != a && row.variant != b)
            continue; // a third value is not part of the comparison
        call.status = row.status == QLatin1String("failed") ? CallStatus::Failed : CallStatus::Ok;
        call.reply = row.reply;
        if (row.choice)
            call.details.insert(QStringLiteral("choice"), row.choice->toJson());
        tally.add(call);
    }
    return ChoiceAnalysis::from(tally);
}

} // namespace pb
