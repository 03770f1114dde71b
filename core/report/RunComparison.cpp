#include "report/RunComparison.h"

#include "metrics/Metric.h"
#include "probe/ProbePrompt.h"
#include "probe/SeedList.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"

#include <QHash>
#include <cmath>

namespace pb {
namespace {

// A value from the user or a file, shown as it is in the report (never as markup).
QString lit(const QString& value)
{
    return ReportDocument::literal(value);
}

QString gapText(double gap)
{
    return std::isnan(gap) ? QStringLiteral("n/a") : NumberText::signedFixed(gap, 2);
}

QString quoted(const QString& text)
{
    const QString oneLine = text.simplified();
    return oneLine.isEmpty()
               ? QStringLiteral("(none)")
               : QLatin1Char('"') + oneLine.left(120) +
                     (oneLine.size() > 120 ? QStringLiteral("...\"") : QStringLiteral("\""));
}

QStringList itemIds(const PerItemTable& table)
{
    QStringList ids;
    for (const PerItemRow& row : table.rows()) {
        ids << row.itemId;
    }
    return ids;
}

QString testLine(const ComparedRun& run)
{
    const ProbeAnalysis& a = run.analysis;
    QString line = QStringLiteral("%1: average gap %2 %3; %4: %5.")
                       .arg(run.label, gapText(a.probe.table.averageGap()), lit(a.metricName),
                            ReportBuilder::signFlipDescription(a.probe.signFlip),
                            NumberText::pEquals(a.probe.signFlip.p));
    if (a.noise) {
        line += QStringLiteral(" Same versus same: %1 (%2).")
                    .arg(gapText(a.noise->table.averageGap()),
                         NumberText::pEquals(a.noise->signFlip.p));
    } else {
        line += QStringLiteral(" No same-versus-same check.");
    }
    return line;
}

} // namespace

QStringList RunComparison::mismatches(const ProbeDocument& before, const ProbeDocument& after)
{
    QStringList out;
    if (before.attribute.values != after.attribute.values) {
        out << QStringLiteral("The attribute values differ (%1 against %2).")
                   .arg(before.attribute.values.join(QStringLiteral("/")),
                        after.attribute.values.join(QStringLiteral("/")));
    }
    if (before.items != after.items) {
        QStringList a;
        QStringList b;
        for (const ProbeItem& i : before.items) {
            a << i.id;
        }
        for (const ProbeItem& i : after.items) {
            b << i.id;
        }
        out << (a == b ? QStringLiteral("The items have the same ids but different texts.")
                       : QStringLiteral("The items differ (%1 against %2).")
                             .arg(a.join(QStringLiteral(", ")), b.join(QStringLiteral(", "))));
    }
    if (before.settings.seeds != after.settings.seeds) {
        out << QStringLiteral("The seeds differ (%1 against %2).")
                   .arg(SeedList::format(before.settings.seeds),
                        SeedList::format(after.settings.seeds));
    }
    if (before.metric.mode() != after.metric.mode()) {
        out << QStringLiteral("One run is a %1 probe and the other a %2 one: scores of different "
                              "estimators are never compared.")
                   .arg(before.metric.mode(), after.metric.mode());
    } else if (before.metric.isGenerative() &&
               before.metric.embeddingModel != after.metric.embeddingModel) {
        out << QStringLiteral("The embedding models differ (%1 against %2): cosine distances of "
                              "different embedding models are different estimators and are "
                              "never compared.")
                   .arg(before.metric.embeddingModel, after.metric.embeddingModel);
    } else if (before.metric != after.metric) {
        out << QStringLiteral("The metric differs (%1 against %2).")
                   .arg(metricDefinition(before.metric), metricDefinition(after.metric));
    }
    return out;
}

QStringList RunComparison::changes(const ProbeDocument& before, const ProbeDocument& after)
{
    QStringList out;
    const ProbeSettings& a = before.settings;
    const ProbeSettings& b = after.settings;
    if (a.system != b.system || a.placement != b.placement) {
        out << QStringLiteral("system prompt %1 (%2) became %3 (%4)")
                   .arg(quoted(a.system), ProbePrompt::placementName(a.placement), quoted(b.system),
                        ProbePrompt::placementName(b.placement));
    }
    if (a.backend != b.backend || a.model != b.model) {
        out << QStringLiteral("model %1 (%2) became %3 (%4)")
                   .arg(a.model, a.backend, b.model, b.backend);
    }
    if (a.temperature != b.temperature) {
        out << QStringLiteral("temperature %1 became %2")
                   .arg(NumberText::fixed(a.temperature, 2), NumberText::fixed(b.temperature, 2));
    }
    if (a.maxTokens != b.maxTokens) {
        out << QStringLiteral("max tokens %1 became %2")
                   .arg(a.maxTokens ? QString::number(*a.maxTokens) : QStringLiteral("unset"),
                        b.maxTokens ? QString::number(*b.maxTokens) : QStringLiteral("unset"));
    }
    if (a.backend == QLatin1String("stand-in") && b.backend == QLatin1String("stand-in") &&
        a.plantedGap != b.plantedGap) {
        out << QStringLiteral("the stand-in's planted gap %1 became %2")
                   .arg(NumberText::fixed(a.plantedGap, 2), NumberText::fixed(b.plantedGap, 2));
    }
    return out;
}

void RunComparison::appendSection(ReportDocument* doc, const ComparedRun& before,
                                  const ComparedRun& after)
{
    const ProbeAnalysis& a = before.analysis;
    const ProbeAnalysis& b = after.analysis;
    doc->heading(QStringLiteral("Two runs side by side: %1 and %2").arg(before.label, after.label),
                 2);

    if (before.probe && after.probe) {
        const QStringList changed = changes(*before.probe, *after.probe);
        doc->paragraph(changed.isEmpty()
                           ? QStringLiteral("Nothing that affects the replies was changed between "
                                            "the two runs: this is a rerun, not a mitigation.")
                           : QStringLiteral("Changed between the runs: %1. Everything else was "
                                            "held fixed.")
                                 .arg(lit(changed.join(QStringLiteral("; ")))));
        const QStringList wrong = mismatches(*before.probe, *after.probe);
        if (!wrong.isEmpty()) {
            doc->paragraph(QStringLiteral("**Warning:** a before/after comparison needs the same "
                                          "items, seeds and metric. %1")
                               .arg(lit(wrong.join(QLatin1Char(' ')))),
                           QStringLiteral("warning"));
        }
    } else {
        doc->paragraph(QStringLiteral("The design of one run is not known, so whether the same "
                                      "items, seeds and metric were used cannot be checked."),
                       QStringLiteral("warning"));
    }
    if (a.valueA != b.valueA || a.valueB != b.valueB || a.metricName != b.metricName) {
        doc->paragraph(QStringLiteral("**Warning:** the runs compare different values or metrics "
                                      "(%1 minus %2 in %3, against %4 minus %5 in %6).")
                           .arg(lit(a.valueA), lit(a.valueB), lit(a.metricName), lit(b.valueA),
                                lit(b.valueB), lit(b.metricName)),
                       QStringLiteral("warning"));
    }

    // Rows follow the first run's items, then items only the second run has.
    QStringList ids = itemIds(a.probe.table);
    for (const QString& id : itemIds(b.probe.table)) {
        if (!ids.contains(id)) {
            ids << id;
        }
    }
    QHash<QString, PerItemRow> rowsA;
    QHash<QString, PerItemRow> rowsB;
    for (const PerItemRow& r : a.probe.table.rows()) {
        rowsA.insert(r.itemId, r);
    }
    for (const PerItemRow& r : b.probe.table.rows()) {
        rowsB.insert(r.itemId, r);
    }
    auto gapOf = [](const QHash<QString, PerItemRow>& rows, const QString& id) {
        const auto it = rows.constFind(id);
        return it != rows.cend() && it->comparable ? it->gap : std::nan("");
    };
    QList<QStringList> rows;
    for (const QString& id : ids) {
        const double ga = gapOf(rowsA, id);
        const double gb = gapOf(rowsB, id);
        rows.append({lit(id), gapText(ga), gapText(gb),
                     std::isnan(ga) || std::isnan(gb) ? QStringLiteral("n/a") : gapText(gb - ga)});
    }
    const double avgA = a.probe.table.averageGap();
    const double avgB = b.probe.table.averageGap();
    rows.append(
        {QStringLiteral("Average"), gapText(avgA), gapText(avgB),
         std::isnan(avgA) || std::isnan(avgB) ? QStringLiteral("n/a") : gapText(avgB - avgA)});
    if (a.noise || b.noise) {
        rows.append({QStringLiteral("Same versus same"),
                     a.noise ? gapText(a.noise->table.averageGap()) : QStringLiteral("not run"),
                     b.noise ? gapText(b.noise->table.averageGap()) : QStringLiteral("not run"),
                     QString()});
    }
    rows.append({QStringLiteral("p (sign-flip)"), NumberText::pValue(a.probe.signFlip.p),
                 NumberText::pValue(b.probe.signFlip.p), QString()});
    const ScoredRuns runsA = a.probe.table.scoredRunsPerValue();
    const ScoredRuns runsB = b.probe.table.scoredRunsPerValue();
    rows.append({QStringLiteral("Scored runs per value"),
                 NumberText::range(runsA.fewest, runsA.most),
                 NumberText::range(runsB.fewest, runsB.most), QString()});
    doc->table(
        {QStringLiteral("Item"),
         QStringLiteral("Gap, %1 (%2 minus %3)").arg(before.label, lit(a.valueA), lit(a.valueB)),
         QStringLiteral("Gap, %1 (%2 minus %3)").arg(after.label, lit(b.valueA), lit(b.valueB)),
         QStringLiteral("Change")},
        rows, false);

    doc->bullets({testLine(before), testLine(after)});

    QString verdict;
    if (a.detected() && !b.detected()) {
        verdict =
            QStringLiteral("The first run detected a gap and the second did not. A null result "
                           "is not proof that the gap is gone: compare the second run's "
                           "average gap (%1) with its same-versus-same gap, and with the "
                           "first run's (%2).")
                .arg(gapText(avgB), gapText(avgA));
    } else if (a.detected() && b.detected()) {
        verdict =
            QStringLiteral("Both runs detected a gap (%1, then %2): the change did not remove it.")
                .arg(gapText(avgA), gapText(avgB));
    } else if (!a.detected() && b.detected()) {
        verdict = QStringLiteral("Only the second run detected a gap (%1): the change may have "
                                 "introduced one, or the first run was too small to see it.")
                      .arg(gapText(avgB));
    } else {
        verdict =
            QStringLiteral("Neither run detected a gap larger than its noise (%1, then %2); "
                           "this says nothing about gaps smaller than what this probe can see.")
                .arg(gapText(avgA), gapText(avgB));
    }
    doc->paragraph(verdict, b.detected() ? QStringLiteral("result-detected")
                                         : QStringLiteral("result-null"));
}

ReportDocument RunComparison::build(const ComparedRun& before, const ComparedRun& after)
{
    ReportDocument doc;
    appendSection(&doc, before, after);
    return doc;
}

} // namespace pb
