#pragma once

#include "grading/GradingRun.h"

#include <QAbstractTableModel>
#include <QSet>

namespace pb {

// The graded submissions, one row each in folder order: file, weighted total, flags, then one
// level column per rubric criterion, as grades.csv holds them (the same GradeRows). The
// judge's levels, total and flags of the files in hidden() are not shown (a rater scoring
// them blind must not see them): those cells say hiddenText() instead.
class SubmissionsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        FileColumn,
        TotalColumn,
        FlagsColumn,
        FirstLevelColumn
    };
    enum Role
    {
        // The level (int) or the total in tenths (qint64); invalid when there is none or it
        // is hidden.
        ValueRole = Qt::UserRole + 1,
        HiddenRole, // bool
    };

    explicit SubmissionsModel(QObject* parent = nullptr);

    void setOutcome(const Rubric& rubric, const GradingOutcome& outcome);
    void clear();
    // Files whose judge results stay hidden, and the sentence their cells show.
    void setHidden(const QSet<QString>& files, const QString& text);
    bool isHidden(const QString& filename) const { return m_hidden.contains(filename); }
    QString hiddenText() const { return m_hiddenText; }

    const GradeRow* rowAt(int row) const;
    int rowOf(const QString& filename) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    Rubric m_rubric;
    QList<GradeRow> m_rows;
    QSet<QString> m_hidden;
    QString m_hiddenText;
};

} // namespace pb
