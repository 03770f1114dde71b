#include "grading/GraderBiasModel.h"

#include "report/NumberText.h"

#include <cmath>

namespace pb {

namespace {

QVariant numberOrNone(double v)
{
    return std::isnan(v) ? QVariant() : QVariant(v);
}

QString flipsText(int flips, int comparisons)
{
    return comparisons == 0 ? GraderBiasModel::tr("none compared")
                            : GraderBiasModel::tr("%1 of %2").arg(flips).arg(comparisons);
}

} // namespace

GraderBiasModel::GraderBiasModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void GraderBiasModel::setReport(const std::optional<GraderBiasReport>& report)
{
    beginResetModel();
    m_report = report;
    endResetModel();
}

int GraderBiasModel::totalRow() const
{
    return m_report ? int(m_report->asGraded.criteria.size()) : -1;
}

int GraderBiasModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_report ? 0 : totalRow() + 1;
}

int GraderBiasModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GraderBiasModel::value(int row, Column column) const
{
    const GraderBiasReport& r = *m_report;
    if (row == totalRow()) {
        switch (column) {
        case DeltaColumn:
            return numberOrNone(r.asGraded.delta);
        case FlipsColumn:
            return r.asGraded.flips;
        case ResidualColumn:
            return numberOrNone(r.countered.delta);
        case ResidualFlipsColumn:
            return r.countered.flips;
        default:
            return {};
        }
    }
    const GraderBiasCriterion& c = r.asGraded.criteria.at(row);
    const GraderBiasCriterion* after = r.counteredCriterion(c.criterionId);
    switch (column) {
    case DeltaColumn:
        return numberOrNone(c.delta);
    case FlipsColumn:
        return c.flips;
    case ResidualColumn:
        return after ? numberOrNone(after->delta) : QVariant();
    case ResidualFlipsColumn:
        return after ? QVariant(after->flips) : QVariant();
    default:
        return {};
    }
}

QString GraderBiasModel::text(int row, Column column) const
{
    const GraderBiasReport& r = *m_report;
    const bool total = row == totalRow();
    if (column == CriterionColumn)
        return total ? tr("Weighted total (points)") : r.asGraded.criteria.at(row).criterionId;
    const GraderBiasCriterion* before = total ? nullptr : &r.asGraded.criteria.at(row);
    const GraderBiasCriterion* after = before ? r.counteredCriterion(before->criterionId) : nullptr;
    switch (column) {
    case FlipsColumn:
        return total ? flipsText(r.asGraded.flips, r.asGraded.comparisons)
                     : flipsText(before->flips, before->comparisons);
    case ResidualFlipsColumn:
        if (total)
            return flipsText(r.countered.flips, r.countered.comparisons);
        return after ? flipsText(after->flips, after->comparisons) : tr("not measured");
    default:
        break;
    }
    const QVariant v = value(row, column);
    if (!v.isValid())
        return tr("not measured");
    // The total in points to one decimal, as bias.md has it; a criterion in levels to two.
    return NumberText::signedFixed(v.toDouble(), total ? 1 : 2);
}

QVariant GraderBiasModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto column = Column(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), column);
    case ValueRole:
        return column == CriterionColumn ? QVariant(text(index.row(), column))
                                         : value(index.row(), column);
    case Qt::TextAlignmentRole:
        return column == CriterionColumn ? QVariant()
                                         : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::ToolTipRole:
        if (column == DeltaColumn || column == ResidualColumn)
            return index.row() == totalRow()
                       ? tr("Mean change of the weighted total, variant minus as written, over "
                            "the pairs scored on both sides")
                       : tr("Mean change of the level on this criterion, variant minus as "
                            "written");
        return {};
    default:
        return {};
    }
}

QVariant GraderBiasModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case CriterionColumn:
        return tr("Criterion");
    case DeltaColumn:
        return tr("Delta as graded");
    case FlipsColumn:
        return tr("Flipped as graded");
    case ResidualColumn:
        return tr("Residual delta (with countermeasure)");
    case ResidualFlipsColumn:
        return tr("Flipped with countermeasure");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace pb
