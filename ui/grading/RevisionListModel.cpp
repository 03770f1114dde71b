#include "grading/RevisionListModel.h"

namespace pb {

RevisionListModel::RevisionListModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void RevisionListModel::setRevisions(const QList<GradingProject::Revision>& revisions,
                                     const GradingVersions& versions)
{
    beginResetModel();
    m_revisions = revisions;
    m_versions = versions;
    endResetModel();
}

int RevisionListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_revisions.size());
}

int RevisionListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RevisionListModel::graded(int row) const
{
    const std::shared_ptr<const GradingStoredResults> read = m_versions.version(row + 1);
    if (!read)
        return tr("not read yet");
    if (!read->inputsRead())
        return tr("cannot be read: %1").arg(read->inputError);
    const int planned = int(read->doc.items.size());
    if (read->runId == 0)
        return tr("not graded (%1 calibration files)").arg(planned);
    return tr("%1 of %2 calibration files graded").arg(read->outcome.judged).arg(planned);
}

QVariant RevisionListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const GradingProject::Revision& r = m_revisions.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (Column(index.column())) {
        case NumberColumn:
            return index.row() + 1;
        case RubricColumn:
            return r.rubric;
        case WhyColumn:
            return r.why;
        case GradedColumn:
            return graded(index.row());
        case ColumnCount:
            break;
        }
    }
    return {};
}

QVariant RevisionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case NumberColumn:
        return tr("Revision");
    case RubricColumn:
        return tr("Rubric");
    case WhyColumn:
        return tr("Why it was revised");
    case GradedColumn:
        return tr("In the store");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace pb
