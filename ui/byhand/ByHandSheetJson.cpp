#include "byhand/ByHandSheetJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace pb {

QString ByHandSheetJson::toJson(const QList<ByHandEntry>& entries)
{
    QJsonArray rows;
    for (const ByHandEntry& e : entries) {
        QJsonObject o{{QStringLiteral("run"), e.runNumber},
                      {QStringLiteral("model"), e.model},
                      {QStringLiteral("temperature"), e.temperature},
                      {QStringLiteral("seed"), e.seed},
                      {QStringLiteral("planned_seed"), e.plannedSeed},
                      {QStringLiteral("item"), e.itemId},
                      {QStringLiteral("variant"), e.variant},
                      {QStringLiteral("prompt"), e.prompt},
                      {QStringLiteral("message"), e.message},
                      {QStringLiteral("reply"), e.reply},
                      {QStringLiteral("value_edited"), e.valueEdited},
                      {QStringLiteral("metric_flag"), e.metricFlag}};
        if (e.time.isValid())
            o.insert(QStringLiteral("time"), e.time.toUTC().toString(Qt::ISODateWithMs));
        if (e.value)
            o.insert(QStringLiteral("value"), *e.value);
        rows.append(o);
    }
    const QJsonObject sheet{{QStringLiteral("format"), QString::fromLatin1(kFormat)},
                            {QStringLiteral("entries"), rows}};
    return QString::fromUtf8(QJsonDocument(sheet).toJson(QJsonDocument::Compact));
}

bool ByHandSheetJson::fromJson(const QString& json, QList<ByHandEntry>* entries, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &parseError);
    if (!doc.isObject()) {
        *error = QStringLiteral("the stored by-hand sheet is not JSON: %1")
                     .arg(parseError.errorString());
        return false;
    }
    const QJsonObject sheet = doc.object();
    if (sheet.value(QLatin1String("format")).toString() != QLatin1String(kFormat)) {
        *error =
            QStringLiteral("the stored by-hand sheet has format \"%1\"; this version reads "
                           "\"%2\"")
                .arg(sheet.value(QLatin1String("format")).toString(), QString::fromLatin1(kFormat));
        return false;
    }
    entries->clear();
    const QJsonArray rows = sheet.value(QLatin1String("entries")).toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (!rows.at(i).isObject()) {
            *error =
                QStringLiteral("the stored by-hand sheet: entries[%1] is not an object").arg(i);
            return false;
        }
        const QJsonObject o = rows.at(i).toObject();
        ByHandEntry e;
        e.runNumber = o.value(QLatin1String("run")).toInt();
        e.time =
            QDateTime::fromString(o.value(QLatin1String("time")).toString(), Qt::ISODateWithMs);
        e.model = o.value(QLatin1String("model")).toString();
        e.temperature = o.value(QLatin1String("temperature")).toString();
        e.seed = o.value(QLatin1String("seed")).toString();
        e.plannedSeed = o.value(QLatin1String("planned_seed")).toString();
        e.itemId = o.value(QLatin1String("item")).toString();
        e.variant = o.value(QLatin1String("variant")).toString();
        e.prompt = o.value(QLatin1String("prompt")).toString();
        e.message = o.value(QLatin1String("message")).toString();
        e.reply = o.value(QLatin1String("reply")).toString();
        if (o.contains(QLatin1String("value")))
            e.value = o.value(QLatin1String("value")).toDouble();
        e.valueEdited = o.value(QLatin1String("value_edited")).toBool();
        e.metricFlag = o.value(QLatin1String("metric_flag")).toString();
        entries->append(e);
    }
    return true;
}

} // namespace pb
