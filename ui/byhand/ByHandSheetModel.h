#pragma once

#include "byhand/ByHandEntry.h"
#include "probe/ProbeDocument.h"

#include <QAbstractTableModel>

namespace pb {

// The by-hand run sheet: one row per run to do by hand, in the probe's alternating order
// (value A, value B, A, B, ... for each item, then the next round), each filled in as the
// reply is pasted. Imported rows are matched to the plan by item and variant in order;
// rows the plan has no place for are kept at the end, never dropped.
class ByHandSheetModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RunColumn,
        ItemColumn,
        VariantColumn,
        ValueColumn,
        TimeColumn,
        ReplyColumn,
        ColumnCount
    };
    enum Role
    {
        FilledRole = Qt::UserRole + 1, // bool
        ValueRole                      // double, or invalid when not scored
    };

    explicit ByHandSheetModel(QObject* parent = nullptr);

    // The rows for `runsPerValue` rounds of the probe's items and values (CallPlan order),
    // plus value A again per item when noiseCheck. Seeds are the probe's first seeds, shown
    // only when the chat window lets the user set them.
    static QList<ByHandEntry> plan(const ProbeDocument& probe, int runsPerValue, bool noiseCheck);

    void setMetricName(const QString& name);
    QString metricName() const { return m_metric; }
    // Replaces the rows with `plan`, keeping any filled entries (matched by item and variant).
    void setPlan(const QList<ByHandEntry>& plan);
    // Fills the plan with imported rows (matched by item and variant in order).
    void adopt(const QList<ByHandEntry>& filled);
    // Starts over from the plan with the filled entries of another sheet (a project opened).
    void restart(const QList<ByHandEntry>& plan, const QList<ByHandEntry>& filled);

    const QList<ByHandEntry>& entries() const { return m_entries; }
    ByHandEntry entry(int row) const { return m_entries.value(row); }
    void setEntry(int row, const ByHandEntry& entry);
    // The first row without a reply, or -1 when the sheet is complete.
    int nextOpenRow() const;
    int filledCount() const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    static QList<ByHandEntry> merge(QList<ByHandEntry> plan, const QList<ByHandEntry>& filled);

    QList<ByHandEntry> m_entries;
    QString m_metric = QStringLiteral("steps");
};

} // namespace pb
