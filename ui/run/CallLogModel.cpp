#include "run/CallLogModel.h"

#include "store/RunStore.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace pb {

namespace {

// Half what a stored log keeps of each reply (RunStore::kReplyPreviewChars): the
// preview is cut after its whitespace is folded.
constexpr int kPreviewChars = RunStore::kReplyPreviewChars / 2;

QString preview(const QString& reply)
{
    QString flat = reply.left(kPreviewChars * 2).simplified();
    if (flat.size() > kPreviewChars) {
        flat = flat.left(kPreviewChars) + QChar(0x2026);
    }
    return flat;
}

} // namespace

CallLogModel::CallLogModel(QObject* parent)
    : QAbstractTableModel(parent), m_metricName(tr("value")), m_itemName(tr("Item")),
      m_variantName(tr("Variant"))
{
}

int CallLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CallLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CallLogModel::statusText(const LoggedCall& call)
{
    if (call.status == CallStatus::Failed) {
        QString text =
            tr("failed: %1").arg(call.errorKind.isEmpty() ? tr("error") : call.errorKind);
        if (call.attempts > 1) {
            text += tr(" (%1 tries)").arg(call.attempts);
        }
        return text;
    }
    if (!call.metricFlag.isEmpty()) {
        return tr("flagged: %1").arg(call.metricFlag);
    }
    return call.attempts > 1 ? tr("ok after %1 tries").arg(call.attempts) : tr("ok");
}

QString CallLogModel::statusOf(const LoggedCall& call, const Row& row)
{
    if (row.attempt < 0 || row.attempt == row.attempts - 1)
        return statusText(call);
    return tr("asked again: %1").arg(row.shown.errors.join(QStringLiteral("; ")));
}

QVariant CallLogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Row& row = m_rows.at(index.row());
    const LoggedCall& c = m_calls.at(row.call);
    const bool last = row.attempt < 0 || row.attempt == row.attempts - 1;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return (row.attempt < 0 ? c.time : row.shown.time)
                .toLocalTime()
                .toString(QStringLiteral("HH:mm:ss"));
        case ItemColumn:
            return c.itemId;
        case VariantColumn:
            return c.variant;
        case SeedColumn:
            return QString::number(c.seed);
        case ValueColumn:
            return c.metricValue && last ? QString::number(*c.metricValue, 'g', 8) : QString();
        case StatusColumn:
            return statusOf(c, row);
        case ReplyColumn:
            if (row.attempt >= 0)
                return preview(row.shown.reply);
            return c.status == CallStatus::Failed ? c.error : preview(c.reply);
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == SeedColumn || index.column() == ValueColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == StatusColumn && !last) {
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
        }
        if (index.column() == StatusColumn &&
            (c.status == CallStatus::Failed || !c.metricFlag.isEmpty())) {
            return QApplication::style()->standardIcon(c.status == CallStatus::Failed
                                                           ? QStyle::SP_MessageBoxCritical
                                                           : QStyle::SP_MessageBoxWarning);
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == StatusColumn && !last) {
            return tr("This reply did not validate; the model was asked again with what was "
                      "wrong.");
        }
        if (index.column() == StatusColumn && c.status == CallStatus::Failed) {
            return c.error;
        }
        if (index.column() == StatusColumn && !c.metricFlag.isEmpty()) {
            return tr(
                "The metric could not read this reply, so it has no value and is left out of the "
                "statistics (never scored 0).");
        }
        return {};
    case FullPromptRole:
        return c.prompt;
    case FullReplyRole:
        return row.attempt >= 0 ? row.shown.reply : c.reply;
    case FailedRole:
        return c.status == CallStatus::Failed;
    case CallIndexRole:
        return QVariant::fromValue(c.callIndex);
    case AttemptRole:
        return row.attempt + 1;
    default:
        return {};
    }
}

QVariant CallLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) {
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (section) {
        case TimeColumn:
            return tr("Time");
        case ItemColumn:
            return m_itemName;
        case VariantColumn:
            return m_variantName;
        case SeedColumn:
            return tr("Seed");
        case ValueColumn:
            return m_metricName;
        case StatusColumn:
            return tr("Status");
        case ReplyColumn:
            return tr("Reply");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SeedColumn:
            return tr(
                "Seed: the random draw this call used; the same seeds are used for every variant.");
        case ValueColumn:
            return tr("The metric's value for this reply, computed as the reply arrived.");
        case StatusColumn:
            return tr("ok; flagged (the metric could not read the reply); or failed (no reply "
                      "after every "
                      "allowed try).");
        default:
            return {};
        }
    }
    return {};
}

void CallLogModel::appendCalls(const QList<LoggedCall>& calls)
{
    if (calls.isEmpty()) {
        return;
    }
    QList<Row> rows;
    for (int i = 0; i < calls.size(); ++i) {
        const int call = int(m_calls.size()) + i;
        const QList<CallAttempt> attempts =
            m_attemptsOf ? m_attemptsOf(calls.at(i)) : QList<CallAttempt>();
        if (attempts.isEmpty())
            rows << Row{call, -1, 0, {}};
        for (int a = 0; a < attempts.size(); ++a)
            rows << Row{call, a, int(attempts.size()), attempts.at(a)};
    }
    const int first = int(m_rows.size());
    beginInsertRows(QModelIndex(), first, first + int(rows.size()) - 1);
    m_calls += calls;
    m_rows += rows;
    endInsertRows();
}

void CallLogModel::clear()
{
    if (m_calls.isEmpty()) {
        return;
    }
    beginResetModel();
    m_calls.clear();
    m_rows.clear();
    endResetModel();
}

void CallLogModel::setColumnNames(const QString& item, const QString& variant)
{
    m_itemName = item;
    m_variantName = variant;
    Q_EMIT headerDataChanged(Qt::Horizontal, ItemColumn, VariantColumn);
}

void CallLogModel::showAttempts(AttemptsOf attempts)
{
    m_attemptsOf = std::move(attempts);
}

void CallLogModel::setMetricName(const QString& name)
{
    const QString label = name.isEmpty() ? tr("value") : name;
    if (label != m_metricName) {
        m_metricName = label;
        Q_EMIT headerDataChanged(Qt::Horizontal, ValueColumn, ValueColumn);
    }
}

} // namespace pb
