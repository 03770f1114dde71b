#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <functional>
#include <optional>

namespace pb {

// The per-item table of a mode that compares each item's distance of A against B (D_cf) with
// its distance of A against A again (D_null): one row per item in the analysis's order, the
// item first and its effect against the noise floor last. It computes nothing: every figure is
// the analysis's, unrounded under ValueRole, rounded as the report rounds it for display.
//
// What every such mode's rows share (the item, D_cf, D_null, the effect, why an item was not
// compared) lives here; a mode adds only its own columns (a choice probe's distributions, a
// generative probe's counts) by answering for them in the hooks below.
class DistanceItemModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        ItemIdRole = Qt::UserRole + 1,
        // The unrounded figure: a double for a distance or an effect, a QVariantList for a
        // cell of several figures; invalid where the report leaves the cell without a number.
        ValueRole,
        // What the sort uses: the figure, a list's first, and below every figure a cell
        // without one.
        SortRole
    };

    ~DistanceItemModel() override;

    // No items: the mode's empty analysis.
    virtual void clear() = 0;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    // The row of an item, -1 when it is not there.
    int rowOf(const QString& itemId) const;

protected:
    // Where a mode puts the columns every mode has; the item is column 0.
    struct Columns
    {
        int count = 0;
        int distance = 0; // D_cf, or why the item was not compared
        int noiseDistance = 0;
        int effect = 0;
    };
    // What every mode's row shows, taken from its analysis.
    struct Row
    {
        QString itemId;
        bool comparable = false;
        QString reason; // why not comparable
        double distance = 0.0;
        double noiseDistance = 0.0;
        std::optional<double> effect; // where the report shows one
    };

    DistanceItemModel(const Columns& columns, QObject* parent);
    // Replaces the rows in one reset; keep() stores the mode's analysis inside it. Every
    // header is said to change, since the arms' values name some.
    void setRows(QList<Row> rows, const std::function<void()>& keep);

    // A mode's own columns (never one of Columns'): the unrounded figure, the cell as the
    // report writes it, whether it is a number set right, and any tooltip of its own.
    virtual QVariant ownValue(int row, int column) const = 0;
    virtual QString ownText(int row, int column) const = 0;
    virtual bool ownRightAligned(int row, int column) const = 0;
    virtual QString ownToolTip(int row, int column) const;
    // Every column but the item's and the effect's is named by the mode.
    virtual QString header(int section) const = 0;
    virtual QString headerToolTip(int section) const = 0;

private:
    QVariant value(int row, int column) const;
    QString text(int row, int column) const;
    bool shared(int column) const;

    Columns m_columns;
    QList<Row> m_rows;
};

} // namespace pb
