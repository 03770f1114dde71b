#pragma once

#include "nameset/NameSetAnalysis.h"

#include <QAbstractTableModel>
#include <QList>

namespace pb {

// A name-set result per name, disaggregated so one name's quirk stays visible, as
// report.md's names table prints it (the same text, from NameSetNumberText): the name, the
// group the list associates it with, its scored replies of its seeds, the mean score and SD,
// the favourable rate, and the replies that never validated. SortRole holds the numbers.
class NameResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        GroupColumn,
        ScoredColumn,
        MeanColumn,
        SdColumn,
        FavourableColumn,
        InvalidColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1
    };

    explicit NameResultsModel(QObject* parent = nullptr);

    void setAnalysis(const NameSetAnalysis& analysis);
    void clear();

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString text(int row, int column) const;

    QList<groups::NameSummary> m_names;
};

} // namespace pb
