#include "grading/BlindSheetModel.h"

namespace pb {

namespace {

// A level as typed: blank for "not scored", else a whole number (BlindSheet checks 1 to 4).
bool levelFrom(const QVariant& value, std::optional<int>* out)
{
    const QString text = value.toString().trimmed();
    if (text.isEmpty()) {
        out->reset();
        return true;
    }
    bool ok = false;
    const int level = text.toInt(&ok);
    if (ok)
        *out = level;
    return ok;
}

} // namespace

BlindSheetModel::BlindSheetModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void BlindSheetModel::setSheet(const Rubric& rubric, const BlindSheet& sheet)
{
    beginResetModel();
    m_rubric = rubric;
    m_sheet = sheet;
    m_has = true;
    endResetModel();
}

void BlindSheetModel::clear()
{
    beginResetModel();
    m_rubric = Rubric();
    m_sheet = BlindSheet();
    m_has = false;
    endResetModel();
}

QString BlindSheetModel::filenameAt(const QModelIndex& index) const
{
    return index.isValid() && m_has ? m_sheet.sheet().rows.at(index.row()).filename : QString();
}

QString BlindSheetModel::criterionAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.column() == 0)
        return QString();
    return m_sheet.sheet().criterionIds.value((index.column() - 1) / 2);
}

int BlindSheetModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_has ? 0 : int(m_sheet.sheet().rows.size());
}

int BlindSheetModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_has ? 0 : 1 + 2 * int(m_sheet.sheet().criterionIds.size());
}

QVariant BlindSheetModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ScoreSheetRow& row = m_sheet.sheet().rows.at(index.row());
    if (index.column() == 0)
        return role == Qt::DisplayRole ? QVariant(row.filename) : QVariant();
    const int c = (index.column() - 1) / 2;
    if (isLevelColumn(index.column())) {
        const std::optional<int> level = row.levels.at(c);
        switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return level ? QString::number(*level) : QString();
        case Qt::TextAlignmentRole:
            return int(Qt::AlignCenter);
        case Qt::ToolTipRole: {
            const RubricCriterion& criterion = m_rubric.criteria.at(c);
            QStringList lines{criterion.name};
            for (auto it = criterion.levels.cbegin(); it != criterion.levels.cend(); ++it)
                lines << QStringLiteral("%1: %2").arg(it.key()).arg(it.value());
            return lines.join(QLatin1Char('\n'));
        }
        default:
            return {};
        }
    }
    return role == Qt::DisplayRole || role == Qt::EditRole || role == Qt::ToolTipRole
               ? QVariant(row.why.at(c))
               : QVariant();
}

Qt::ItemFlags BlindSheetModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    const Qt::ItemFlags base = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return index.column() == 0 ? base : base | Qt::ItemIsEditable;
}

bool BlindSheetModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.column() == 0)
        return false;
    if (data(index, Qt::EditRole) == value.toString())
        return false; // nothing changed: no amendment to ask for
    if (m_sheet.isComplete()) {
        Q_EMIT reasonNeeded(index, value);
        return false;
    }
    QString error;
    if (!amend(index, value, QString(), &error)) {
        Q_EMIT editRefused(error);
        return false;
    }
    return true;
}

bool BlindSheetModel::amend(const QModelIndex& index, const QVariant& value, const QString& reason,
                            QString* error)
{
    if (!index.isValid() || index.column() == 0)
        return false;
    const ScoreSheetRow& row = m_sheet.sheet().rows.at(index.row());
    const int c = (index.column() - 1) / 2;
    std::optional<int> level = row.levels.at(c);
    QString why = row.why.at(c);
    if (isLevelColumn(index.column())) {
        if (!levelFrom(value, &level)) {
            *error =
                tr("\"%1\" is not a level: give 1 to 4, or leave it blank").arg(value.toString());
            return false;
        }
    } else {
        why = value.toString().trimmed();
    }
    if (!m_sheet.score(row.filename, criterionAt(index), level, why, reason, error))
        return false;
    Q_EMIT dataChanged(index, index);
    Q_EMIT sheetEdited();
    return true;
}

bool BlindSheetModel::markComplete(QString* error)
{
    if (!m_has || !m_sheet.markComplete(error))
        return false;
    Q_EMIT sheetEdited();
    return true;
}

bool BlindSheetModel::importSheet(const ScoreSheet& imported, QString* error)
{
    BlindSheet next = m_sheet;
    if (!m_has || !next.import(imported, error))
        return false;
    beginResetModel();
    m_sheet = next;
    endResetModel();
    Q_EMIT sheetEdited();
    return true;
}

QVariant BlindSheetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= columnCount())
        return {};
    if (section == 0)
        return tr("File");
    const QString name = m_rubric.criteria.value((section - 1) / 2).name;
    return isLevelColumn(section) ? name : tr("%1: why").arg(name);
}

} // namespace pb
