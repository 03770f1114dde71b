#include "axes/AxesResultsFolder.h"

#include "axes/AxesReport.h"
#include "axes/AxesRun.h"
#include "report/ResultsFolder.h"
#include "report/StatisticJson.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>

namespace pb {

namespace {

QJsonObject axisJson(const AxesComparison& c, const AxisComparison& a, const QString& folder)
{
    QJsonObject out{
        {QStringLiteral("attribute"), a.axis.attribute},
        {QStringLiteral("value"), a.axis.value},
        {QStringLiteral("label"), a.axis.label()},
        {QStringLiteral("mode"), c.mode},
        {QStringLiteral("estimator"), c.estimator},
        {QStringLiteral("status"), a.statusName()},
        {QStringLiteral("has_result"), a.hasResult()},
        {QStringLiteral("gap"), a.gap.isEmpty() ? QJsonValue() : QJsonValue(a.gap)},
        {QStringLiteral("run_id"), a.runId ? QJsonValue(a.runId) : QJsonValue()},
        {QStringLiteral("results"), folder},
        {QStringLiteral("calls_logged"), a.callsLogged},
        {QStringLiteral("calls_failed"), a.callsFailed},
    };
    if (!a.hasResult()) {
        out.insert(QStringLiteral("value"), QJsonValue());
        return out;
    }
    out.insert(QStringLiteral("value"), jsonNumber(a.value));
    out.insert(QStringLiteral("magnitude"), jsonNumber(a.magnitude));
    out.insert(QStringLiteral("interval"),
               std::isnan(a.lower)
                   ? QJsonValue()
                   : QJsonValue(QJsonArray{jsonNumber(a.lower), jsonNumber(a.upper)}));
    out.insert(QStringLiteral("p"), jsonNumber(a.p));
    out.insert(QStringLiteral("p_holm"), jsonNumber(a.pHolm));
    out.insert(QStringLiteral("minimum_detectable"), jsonNumber(a.detectable));
    out.insert(QStringLiteral("detected"), a.detected);
    out.insert(QStringLiteral("detected_unadjusted"), a.detectedAlone);
    return out;
}

} // namespace

QString AxesResultsFolder::axisFolder(const AxesDocument& doc, int axis)
{
    static const QRegularExpression other(QStringLiteral("[^a-z0-9]+"));
    QString slug = doc.axes.at(axis).label().toLower();
    slug.replace(other, QStringLiteral("-"));
    slug = slug.mid(0, 40);
    while (slug.startsWith(QLatin1Char('-')))
        slug.remove(0, 1);
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    // The number keeps folders apart when two labels make the same slug (or none).
    return QStringLiteral("axes/%1%2")
        .arg(axis + 1)
        .arg(slug.isEmpty() ? QString() : QLatin1Char('-') + slug);
}

QStringList AxesResultsFolder::axisFolders(const AxesDocument& doc)
{
    QStringList out;
    for (int a = 0; a < doc.axes.size(); ++a)
        out << axisFolder(doc, a);
    return out;
}

QJsonObject AxesResultsFolder::summary(const AxesDocument& doc, const AxesComparison& c)
{
    const QStringList folders = axisFolders(doc);
    QJsonArray axes;
    for (qsizetype i = 0; i < c.axes.size(); ++i)
        axes.append(axisJson(c, c.axes[i], folders.value(i)));
    QJsonObject aggregate{
        {QStringLiteral("statistic"), QStringLiteral("max")},
        {QStringLiteral("of"), c.aggregateOf},
        {QStringLiteral("value"), c.worst >= 0 ? jsonNumber(c.axes[c.worst].value) : QJsonValue()},
        {QStringLiteral("magnitude"), c.worst >= 0 ? jsonNumber(c.aggregate) : QJsonValue()},
        {QStringLiteral("axis"),
         c.worst >= 0 ? QJsonValue(c.axes[c.worst].axis.label()) : QJsonValue()},
        {QStringLiteral("coverage"), c.coverage()},
        {QStringLiteral("complete"), c.complete()},
        {QStringLiteral("partial"), c.partial()},
        {QStringLiteral("axes_with_result"), c.withResult()},
        {QStringLiteral("axes"), int(c.axes.size())},
    };
    return QJsonObject{
        {QStringLiteral("format"), QLatin1String(kSummaryFormat)},
        {QStringLiteral("title"), doc.title},
        {QStringLiteral("base"), doc.base},
        {QStringLiteral("mode"), c.mode},
        {QStringLiteral("estimator"), c.estimator},
        {QStringLiteral("metric"), doc.metric.name},
        {QStringLiteral("any_detected"), c.anyDetected()},
        {QStringLiteral("aggregate"), aggregate},
        {QStringLiteral("multiple_comparisons"),
         QJsonObject{{QStringLiteral("method"), QStringLiteral("holm")},
                     {QStringLiteral("alpha"), AxesComparison::kAlpha},
                     {QStringLiteral("tested"), c.tested},
                     {QStringLiteral("note"), c.multipleComparisonNote()}}},
        {QStringLiteral("calls_planned"), AxesRun::callCount(doc)},
        {QStringLiteral("axes"), axes},
    };
}

bool AxesResultsFolder::write(const QString& dir, const AxesDocument& doc,
                              const AxesComparison& comparison,
                              const QList<std::optional<RunEvidence>>& evidence,
                              const RunStore& store, const QString& storeName, QString* error)
{
    const QStringList folders = axisFolders(doc);
    ResultsEvidence runs{storeName, {}};
    for (qsizetype i = 0; i < evidence.size() && i < folders.size(); ++i) {
        if (!evidence[i])
            continue;
        const RunEvidence& e = *evidence[i];
        const ResultsFolder folder(QDir(dir).filePath(folders[i]));
        if (!folder.prepare(error))
            return false;
        if (!folder.write(e, store, error))
            return false;
        if (e.context.evidence)
            runs.runs << e.context.evidence->runs;
    }
    const ReportDocument report = AxesReport::build(doc, comparison, folders);
    return ResultsFolder(dir).write(runs,
                                    {{QStringLiteral("report.md"), report.toMarkdown().toUtf8()},
                                     {QStringLiteral("report.html"), report.toHtml().toUtf8()}},
                                    summary(doc, comparison), error);
}

} // namespace pb
