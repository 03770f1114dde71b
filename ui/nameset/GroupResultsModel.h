#pragma once

#include "nameset/NameSetAnalysis.h"
#include "nameset/NameSetIntervals.h"

#include <QAbstractTableModel>
#include <QList>

namespace pb {

// A name-set result per group, as report.md's group and four-fifths tables print it (the
// same text, from NameSetNumberText): the names, the scored replies, the mean score and SD,
// the mean of the names' means, the favourable rate with its Wilson interval, the ratio to
// the highest group's rate, and whether the four-fifths rule flags it and whether one
// person's outcome would flip that. SortRole holds the numbers behind the text.
class GroupResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        GroupColumn,
        NamesColumn,
        ScoredColumn,
        MeanColumn,
        SdColumn,
        NameMeanColumn,
        FavourableColumn,
        IntervalColumn,
        RatioColumn,
        FlaggedColumn,
        FragileColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1
    };

    explicit GroupResultsModel(QObject* parent = nullptr);

    void setAnalysis(const NameSetAnalysis& analysis);
    void clear();

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "41.2% to 60.1%", the Wilson interval of a favourable rate; "n/a" without trials.
    static QString intervalText(const groups::ProportionInterval& interval);

private:
    QString text(int row, int column) const;
    QVariant number(int row, int column) const;

    QList<groups::GroupSummary> m_groups;
    QList<groups::FourFifthsRow> m_fourFifths;
    QList<GroupIntervals> m_intervals;
};

} // namespace pb
