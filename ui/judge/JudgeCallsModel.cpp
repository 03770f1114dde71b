#include "judge/JudgeCallsModel.h"

#include "widgets/ThemeColours.h"

#include <QBrush>
#include <QGuiApplication>

namespace pb {

namespace {

bool sameCall(const JudgedCall& a, const JudgedCall& b)
{
    return a.itemId == b.itemId && a.variantId == b.variantId && a.repeat == b.repeat;
}

QString outcomeText(const JudgedCall& call)
{
    switch (call.verdict.outcome) {
    case JudgeOutcome::Scored:
        if (call.verdict.hallucinatedCount() == 1)
            return QObject::tr("scored, 1 invented quote");
        if (call.verdict.hallucinatedCount() > 1)
            return QObject::tr("scored, %1 invented quotes").arg(call.verdict.hallucinatedCount());
        return QObject::tr("scored");
    case JudgeOutcome::ReviewNeeded:
        return QObject::tr("review needed");
    case JudgeOutcome::Failed:
        break;
    }
    return QObject::tr("no reply");
}

} // namespace

JudgeCallsModel::JudgeCallsModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void JudgeCallsModel::setCalls(const QList<JudgedCall>& calls)
{
    const qsizetype old = m_calls.size();
    bool prefix = calls.size() >= old;
    for (qsizetype i = 0; prefix && i < old; ++i)
        prefix = sameCall(calls.at(i), m_calls.at(i));
    if (!prefix) {
        beginResetModel();
        m_calls = calls;
        endResetModel();
        return;
    }
    if (old > 0) {
        m_calls = calls.mid(0, old);
        Q_EMIT dataChanged(index(0, 0), index(int(old) - 1, ColumnCount - 1));
    }
    if (calls.size() > old) {
        beginInsertRows(QModelIndex(), int(old), int(calls.size()) - 1);
        m_calls = calls;
        endInsertRows();
    }
}

void JudgeCallsModel::clear()
{
    if (m_calls.isEmpty())
        return;
    beginResetModel();
    m_calls.clear();
    endResetModel();
}

const JudgedCall* JudgeCallsModel::callAt(int row) const
{
    return row >= 0 && row < m_calls.size() ? &m_calls.at(row) : nullptr;
}

int JudgeCallsModel::rowOf(const QString& itemId, const QString& variantId, int repeat) const
{
    for (qsizetype i = 0; i < m_calls.size(); ++i) {
        const JudgedCall& c = m_calls.at(i);
        if (c.itemId == itemId && c.variantId == variantId && c.repeat == repeat)
            return int(i);
    }
    return -1;
}

int JudgeCallsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_calls.size());
}

int JudgeCallsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JudgeCallsModel::display(const JudgedCall& call, int column) const
{
    switch (column) {
    case ItemColumn:
        return call.itemId;
    case VariantColumn:
        return call.property.isEmpty() ? call.variantId
                                       : tr("%1 (%2)").arg(call.variantId, call.property);
    case RepeatColumn:
        return call.isRepeat() ? tr("repeat %1").arg(call.repeat) : tr("probe call");
    case OutcomeColumn:
        return outcomeText(call);
    case FlagsColumn:
        return call.verdict.flags().join(QStringLiteral(", "));
    default:
        return {};
    }
}

QVariant JudgeCallsModel::data(const QModelIndex& index, int role) const
{
    const JudgedCall* call = index.isValid() ? callAt(index.row()) : nullptr;
    if (!call || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*call, index.column());
    case Qt::ToolTipRole:
        if (index.column() == OutcomeColumn || index.column() == FlagsColumn) {
            if (call->verdict.outcome == JudgeOutcome::ReviewNeeded)
                return tr("The reply never validated, even after the re-asks; it is kept raw "
                          "and never scored.");
            if (call->verdict.outcome == JudgeOutcome::Failed)
                return tr("No reply: %1").arg(call->verdict.error);
            if (call->verdict.hallucinatedCount() > 0)
                return tr("HALLUCINATED_EVIDENCE: the quoted span is not in the artifact, so "
                          "that criterion's verdict is not counted.");
        }
        if (index.column() == RepeatColumn && call->isRepeat())
            return tr("A stability repeat: the same artifact judged again to see whether the "
                      "verdicts wobble.");
        return {};
    case Qt::ForegroundRole:
        if (index.column() == OutcomeColumn && call->verdict.outcome != JudgeOutcome::Scored)
            return QBrush(
                ThemeColours::alertText(ThemeColours::isDark(QGuiApplication::palette())));
        return {};
    case ItemIdRole:
        return call->itemId;
    case VariantIdRole:
        return call->variantId;
    case RepeatRole:
        return call->repeat;
    case OutcomeRole:
        return int(call->verdict.outcome);
    case HallucinatedRole:
        return call->verdict.hallucinatedCount();
    default:
        return {};
    }
}

QVariant JudgeCallsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case VariantColumn:
        return tr("Variant");
    case RepeatColumn:
        return tr("Call");
    case OutcomeColumn:
        return tr("Outcome");
    case FlagsColumn:
        return tr("Flags");
    default:
        return QAbstractTableModel::headerData(section, orientation, role);
    }
}

} // namespace pb
