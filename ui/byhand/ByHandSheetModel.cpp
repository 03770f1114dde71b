#include "byhand/ByHandSheetModel.h"

#include "log/CsvLogWriter.h"
#include "run/CallPlan.h"

#include <QFont>
#include <algorithm>

namespace pb {

ByHandSheetModel::ByHandSheetModel(QObject* parent) : QAbstractTableModel(parent)
{
}

QList<ByHandEntry> ByHandSheetModel::plan(const ProbeDocument& probe, int runsPerValue,
                                          bool noiseCheck)
{
    ProbeDocument doc = probe;
    doc.noise.enabled = noiseCheck;
    QList<qint64> seeds = probe.settings.seeds.mid(0, runsPerValue);
    for (qint64 next = seeds.isEmpty() ? 1 : seeds.last() + 1; seeds.size() < runsPerValue;
         ++next) {
        if (!seeds.contains(next)) {
            seeds << next;
        }
    }
    doc.settings.seeds = seeds;
    QList<ByHandEntry> out;
    for (const CallRequest& r : CallPlan::build(doc)) {
        ByHandEntry e;
        e.runNumber = int(out.size()) + 1;
        e.itemId = r.itemId;
        e.variant = r.variant;
        e.prompt = r.prompt;
        // A chat window takes one message: the user message as composed (it already holds
        // the system prompt when the probe prepends it).
        e.message = r.messages.isEmpty() ? r.prompt : r.messages.last().content;
        e.plannedSeed = QString::number(r.seed);
        out << e;
    }
    return out;
}

void ByHandSheetModel::setMetricName(const QString& name)
{
    m_metric = name;
    Q_EMIT headerDataChanged(Qt::Horizontal, ValueColumn, ValueColumn);
}

QList<ByHandEntry> ByHandSheetModel::merge(QList<ByHandEntry> plan,
                                           const QList<ByHandEntry>& filled)
{
    QList<ByHandEntry> extra;
    for (const ByHandEntry& f : filled) {
        if (!f.isFilled()) {
            continue;
        }
        bool placed = false;
        for (ByHandEntry& slot : plan) {
            if (!slot.isFilled() && slot.itemId == f.itemId && slot.variant == f.variant) {
                const QString message = slot.message;
                const QString plannedSeed = slot.plannedSeed;
                const int run = slot.runNumber;
                slot = f;
                slot.runNumber = run;
                slot.plannedSeed = plannedSeed;
                if (slot.message.isEmpty()) {
                    slot.message = message;
                }
                placed = true;
                break;
            }
        }
        if (!placed) {
            extra << f;
        }
    }
    for (ByHandEntry& e : extra) {
        e.runNumber = int(plan.size()) + 1;
        if (e.message.isEmpty()) {
            e.message = e.prompt;
        }
        plan << e;
    }
    return plan;
}

void ByHandSheetModel::setPlan(const QList<ByHandEntry>& plan)
{
    beginResetModel();
    m_entries = merge(plan, m_entries);
    endResetModel();
}

void ByHandSheetModel::restart(const QList<ByHandEntry>& plan, const QList<ByHandEntry>& filled)
{
    beginResetModel();
    m_entries = merge(plan, filled);
    endResetModel();
}

void ByHandSheetModel::adopt(const QList<ByHandEntry>& filled)
{
    QList<ByHandEntry> open = m_entries;
    for (ByHandEntry& e : open) {
        const QString message = e.message;
        const int run = e.runNumber;
        const QString itemId = e.itemId;
        const QString variant = e.variant;
        const QString prompt = e.prompt;
        const QString plannedSeed = e.plannedSeed;
        e = ByHandEntry();
        e.runNumber = run;
        e.itemId = itemId;
        e.variant = variant;
        e.prompt = prompt;
        e.message = message;
        e.plannedSeed = plannedSeed;
    }
    beginResetModel();
    m_entries = merge(open, filled);
    endResetModel();
}

void ByHandSheetModel::setEntry(int row, const ByHandEntry& entry)
{
    if (row < 0 || row >= m_entries.size()) {
        return;
    }
    m_entries[row] = entry;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int ByHandSheetModel::nextOpenRow() const
{
    for (int i = 0; i < m_entries.size(); ++i) {
        if (!m_entries[i].isFilled()) {
            return i;
        }
    }
    return -1;
}

int ByHandSheetModel::filledCount() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                             [](const ByHandEntry& e) { return e.isFilled(); }));
}

int ByHandSheetModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int ByHandSheetModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ByHandSheetModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const ByHandEntry& e = m_entries[index.row()];
    if (role == FilledRole) {
        return e.isFilled();
    }
    if (role == ValueRole) {
        return e.value ? QVariant(*e.value) : QVariant();
    }
    if (role == Qt::ToolTipRole && index.column() == ReplyColumn) {
        return e.reply.left(2000);
    }
    if (role == Qt::ToolTipRole && index.column() == ValueColumn && e.valueEdited) {
        return tr("Entered by hand, not counted automatically.");
    }
    if (role == Qt::FontRole && index.column() == ValueColumn && e.valueEdited) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case RunColumn:
        return e.runNumber;
    case ItemColumn:
        return e.itemId;
    case VariantColumn:
        return e.variant;
    case ValueColumn:
        return e.value ? CsvLogWriter::formatNumber(*e.value) : QString();
    case TimeColumn:
        return e.time.isValid() ? e.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                : QString();
    case ReplyColumn:
        return e.reply.section(QLatin1Char('\n'), 0, 0).left(80);
    default:
        return {};
    }
}

QVariant ByHandSheetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= ColumnCount) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case RunColumn:
        return tr("Run");
    case ItemColumn:
        return tr("Item");
    case VariantColumn:
        return tr("Variant");
    case ValueColumn:
        return m_metric;
    case TimeColumn:
        return tr("Time");
    case ReplyColumn:
        return tr("Reply");
    default:
        return {};
    }
}

} // namespace pb
