#include "judge/JudgeComparisonModel.h"

#include <functional>

namespace pb {

namespace {

QString ofText(int part, int whole)
{
    return QObject::tr("%1 of %2").arg(part).arg(whole);
}

} // namespace

JudgeComparisonModel::JudgeComparisonModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void JudgeComparisonModel::setAnalysis(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis)
{
    QStringList judges;
    for (const JudgeRunAnalysis& run : analysis.judges)
        judges << run.judgeName;
    QList<Row> rows;
    auto add = [&](const QString& key, const QString& label, const QString& tip,
                   const std::function<QString(const JudgeRunAnalysis&)>& cell) {
        Row row{key, label, tip, {}};
        for (const JudgeRunAnalysis& run : analysis.judges)
            row.cells << cell(run);
        rows << row;
    };
    add(QStringLiteral("as_built"), tr("Verdicts as built"),
        tr("Verdicts that came back as the artifact was built to deserve, of the exact ceiling."),
        [](const JudgeRunAnalysis& run) {
            return ofText(run.construction.asBuilt, run.construction.ceiling);
        });
    QStringList groups{QStringLiteral("base")};
    groups += doc.properties();
    for (const QString& g : groups) {
        add(QStringLiteral("group:") + g,
            tr("  as built, %1").arg(g == QLatin1String("base") ? tr("base artifacts") : g),
            tr("The construction score within one group of artifacts."),
            [g](const JudgeRunAnalysis& run) {
                const ConstructionTally* t = run.construction.group(g);
                return t && t->ceiling > 0 ? ofText(t->asBuilt, t->ceiling) : QStringLiteral("–");
            });
    }
    for (const QString& p : doc.properties()) {
        add(QStringLiteral("flips:") + p, tr("Verdicts flipped by %1").arg(p),
            tr("Compared verdicts on the %1 variants that differ from the base's.").arg(p),
            [p](const JudgeRunAnalysis& run) {
                const PropertyEffect* e = run.effect(p);
                return e ? ofText(e->flips(), e->comparisons()) : QStringLiteral("–");
            });
    }
    add(QStringLiteral("hallucinated"), tr("Hallucinated quotes"),
        tr("Evidence quotes not found in the artifact, exactly or within the fuzzy threshold."),
        [](const JudgeRunAnalysis& run) { return run.evidence.rateText(); });
    add(QStringLiteral("review"), tr("Review needed"),
        tr("Judge calls whose reply never validated: kept raw, never scored."),
        [](const JudgeRunAnalysis& run) { return QString::number(run.reviewNeeded); });
    add(QStringLiteral("stability"), tr("Stability"),
        tr("Repeated artifacts whose verdicts disagree across repeats: a wobble means a "
           "shortfall may be noise rather than a preference."),
        [](const JudgeRunAnalysis& run) {
            if (!run.stability.ran)
                return tr("not run");
            return tr("%1 wobbled")
                .arg(ofText(run.stability.wobbling(), int(run.stability.cells.size())));
        });

    bool same = judges == m_judges && rows.size() == m_rows.size();
    for (qsizetype i = 0; same && i < rows.size(); ++i)
        same = rows.at(i).key == m_rows.at(i).key;
    if (!same)
        beginResetModel();
    m_judges = judges;
    m_rows = rows;
    if (!same)
        endResetModel();
    else if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void JudgeComparisonModel::clear()
{
    beginResetModel();
    m_judges.clear();
    m_rows.clear();
    endResetModel();
}

int JudgeComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int JudgeComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_rows.isEmpty() ? 0 : FirstJudgeColumn + int(m_judges.size());
}

QVariant JudgeComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= columnCount())
        return {};
    const Row& row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == MeasureColumn ? row.label
                                               : row.cells.value(index.column() - FirstJudgeColumn);
    case Qt::ToolTipRole:
        return row.toolTip;
    case Qt::TextAlignmentRole:
        return index.column() == MeasureColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                               : int(Qt::AlignRight | Qt::AlignVCenter);
    case MeasureKeyRole:
        return row.key;
    default:
        return {};
    }
}

QVariant JudgeComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 &&
        section < columnCount())
        return section == MeasureColumn ? tr("Measure")
                                        : m_judges.value(section - FirstJudgeColumn);
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb
