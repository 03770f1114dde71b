#pragma once

#include "grading/GradingProject.h"
#include "grading/GradingVersions.h"

#include <QAbstractTableModel>

namespace pb {

// The project's rubric revisions, one row each, oldest first: its number, its rubric file, why
// it was made, and what the store holds of it (how many calibration files it graded, or why it
// cannot be read), from the last read of every version (GradingVersions).
class RevisionListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NumberColumn,
        RubricColumn,
        WhyColumn,
        GradedColumn,
        ColumnCount
    };

    explicit RevisionListModel(QObject* parent = nullptr);

    // versions may be older than revisions (a revision just added): its row then says so.
    void setRevisions(const QList<GradingProject::Revision>& revisions,
                      const GradingVersions& versions);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString graded(int row) const;

    QList<GradingProject::Revision> m_revisions;
    GradingVersions m_versions;
};

} // namespace pb
