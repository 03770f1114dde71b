#include "judge/JudgeCallLogModel.h"

#include <QApplication>
#include <QStyle>

namespace pb {

JudgeCallLogModel::JudgeCallLogModel(QObject* parent) : QAbstractTableModel(parent)
{
}

int JudgeCallLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int JudgeCallLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JudgeCallLogModel::outcomeText(const JudgedCall& call)
{
    switch (call.verdict.outcome) {
    case JudgeOutcome::Scored:
        return call.verdict.tries > 1 ? tr("scored after %1 tries").arg(call.verdict.tries)
                                      : tr("scored");
    case JudgeOutcome::ReviewNeeded:
        return QLatin1String(JudgeVerdict::kReviewNeeded);
    case JudgeOutcome::Failed:
        return call.verdict.error.isEmpty() ? tr("failed")
                                            : tr("failed: %1").arg(call.verdict.error);
    }
    return {};
}

QVariant JudgeCallLogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows.at(index.row());
    const JudgedCall& c = row.call;
    const JudgeVerdict& v = c.verdict;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case JudgeColumn:
            return row.judgeName;
        case ItemColumn:
            return c.itemId;
        case VariantColumn:
            return c.property.isEmpty() ? c.variantId
                                        : QStringLiteral("%1 (%2)").arg(c.variantId, c.property);
        case RepeatColumn:
            return c.repeat == 0 ? QString() : QString::number(c.repeat);
        case OutcomeColumn:
            return outcomeText(c);
        case FlagsColumn:
            return v.flags().join(QStringLiteral(", "));
        case TotalColumn:
            return v.weightedTotal ? QString::number(*v.weightedTotal, 'f', 1) : QString();
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == RepeatColumn || index.column() == TotalColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case Qt::DecorationRole:
        if (index.column() == OutcomeColumn && v.outcome != JudgeOutcome::Scored)
            return QApplication::style()->standardIcon(v.outcome == JudgeOutcome::Failed
                                                           ? QStyle::SP_MessageBoxCritical
                                                           : QStyle::SP_MessageBoxWarning);
        if (index.column() == FlagsColumn && v.hallucinatedCount() > 0)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == OutcomeColumn && v.outcome == JudgeOutcome::ReviewNeeded)
            return tr("The reply never validated, even after the re-asks; it is kept raw for a "
                      "person and never scored:\n%1")
                .arg(v.validationErrors.join(QLatin1Char('\n')));
        if (index.column() == OutcomeColumn && v.outcome == JudgeOutcome::Failed)
            return v.error;
        if (index.column() == FlagsColumn && v.hallucinatedCount() > 0)
            return tr("An evidence quote is not in the artifact: that criterion's verdict is "
                      "flagged and not scored.");
        if (index.column() == TotalColumn && !v.weightedTotal)
            return tr("No total: it is given only when every criterion is scored.");
        return {};
    case JudgeIndexRole:
        return row.judgeIndex;
    case OutcomeRole:
        return int(v.outcome);
    case RawOutputRole:
        return v.rawOutput;
    case ProblemRole:
        return v.outcome == JudgeOutcome::Failed ? v.error
                                                 : v.validationErrors.join(QLatin1Char('\n'));
    default:
        return {};
    }
}

QVariant JudgeCallLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case JudgeColumn:
            return tr("Judge");
        case ItemColumn:
            return tr("Item");
        case VariantColumn:
            return tr("Variant");
        case RepeatColumn:
            return tr("Repeat");
        case OutcomeColumn:
            return tr("Outcome");
        case FlagsColumn:
            return tr("Flags");
        case TotalColumn:
            return tr("Total");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case VariantColumn:
            return tr("The artifact judged: the item's base, or a variant with one property "
                      "changed.");
        case RepeatColumn:
            return tr("Stability repeat: the same artifact judged again to tell a preference "
                      "from noise (empty for the probe's own call).");
        case OutcomeColumn:
            return tr("scored; REVIEW_NEEDED (the reply never validated, kept raw, never "
                      "scored); or failed (no reply).");
        case FlagsColumn:
            return tr("HALLUCINATED_EVIDENCE: a quoted span that is not in the artifact, so "
                      "that criterion is not scored.");
        case TotalColumn:
            return tr("Weighted total on the rubric (0-100), only when every criterion is "
                      "scored.");
        default:
            return {};
        }
    }
    return {};
}

void JudgeCallLogModel::appendCalls(int judgeIndex, const QString& judgeName,
                                    const QList<JudgedCall>& calls)
{
    if (calls.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows(QModelIndex(), first, first + int(calls.size()) - 1);
    for (const JudgedCall& c : calls) {
        m_rows << Row{judgeIndex, judgeName, c};
        switch (c.verdict.outcome) {
        case JudgeOutcome::Scored:
            ++m_counts.scored;
            break;
        case JudgeOutcome::ReviewNeeded:
            ++m_counts.reviewNeeded;
            break;
        case JudgeOutcome::Failed:
            ++m_counts.failed;
            break;
        }
        m_counts.hallucinatedQuotes += c.verdict.hallucinatedCount();
    }
    endInsertRows();
}

void JudgeCallLogModel::clear()
{
    if (m_rows.isEmpty())
        return;
    beginResetModel();
    m_rows.clear();
    m_counts = {};
    endResetModel();
}

} // namespace pb
