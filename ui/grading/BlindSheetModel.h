#pragma once

#include "grading/BlindSheet.h"
#include "judge/Rubric.h"

#include <QAbstractTableModel>

namespace pb {

// One rater's blind sheet (BlindSheet) as an editable table: a row per calibration file, a
// level column (1 to 4, or blank) and a why column per criterion. Before the sheet is marked
// complete an edit is applied at once; after, setData() refuses it and emits reasonNeeded(),
// and the change is made with the reason through amend(), which BlindSheet records. Every
// applied change emits sheetEdited().
class BlindSheetModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit BlindSheetModel(QObject* parent = nullptr);

    void setSheet(const Rubric& rubric, const BlindSheet& sheet);
    void clear();
    bool hasSheet() const { return m_has; }
    const BlindSheet& sheet() const { return m_sheet; }

    // The file and criterion of a cell, and whether it is a level (else a why) column.
    QString filenameAt(const QModelIndex& index) const;
    QString criterionAt(const QModelIndex& index) const;
    static bool isLevelColumn(int column) { return column > 0 && column % 2 == 1; }

    // Applies value to the cell with reason (needed once the sheet is complete).
    bool amend(const QModelIndex& index, const QVariant& value, const QString& reason,
               QString* error);
    bool markComplete(QString* error);
    bool importSheet(const ScoreSheet& imported, QString* error);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void reasonNeeded(const QModelIndex& index, const QVariant& value);
    void editRefused(const QString& message);
    void sheetEdited();

private:
    Rubric m_rubric;
    BlindSheet m_sheet;
    bool m_has = false;
};

} // namespace pb
