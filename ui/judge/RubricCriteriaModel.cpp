#include "judge/RubricCriteriaModel.h"

#include "widgets/ThemeColours.h"

#include <QGuiApplication>
#include <QRegularExpression>

namespace pb {

namespace {

quint64 key(int row, int column)
{
    return (quint64(quint32(row)) << 32) | quint32(column);
}

QString levelHeaderTip(int level)
{
    return RubricCriteriaModel::tr("What an artifact at level %1 shows, in observable terms "
                                   "(4 is best).")
        .arg(level);
}

} // namespace

RubricCriteriaModel::RubricCriteriaModel(QObject* parent) : QAbstractTableModel(parent)
{
}

int RubricCriteriaModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rubric.criteria.size());
}

int RubricCriteriaModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool RubricCriteriaModel::columnApplies(int column) const
{
    if (column == DescriptionColumn)
        return m_rubric.scale == RubricScale::PassFail;
    if (levelOfColumn(column) > 0)
        return m_rubric.scale == RubricScale::Levels;
    return column >= 0 && column < ColumnCount;
}

int RubricCriteriaModel::levelColumn(int level)
{
    return Level4Column + (Rubric::kHighestLevel - level);
}

int RubricCriteriaModel::levelOfColumn(int column)
{
    if (column < Level4Column || column > Level1Column)
        return 0;
    return Rubric::kHighestLevel - (column - Level4Column);
}

QString RubricCriteriaModel::weightText(double weight)
{
    // Whole weights as written; equal pass/fail weights (33.333...) to two places.
    if (weight == double(qint64(weight)))
        return QString::number(qint64(weight));
    QString text = QString::number(weight, 'f', 2);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

QString RubricCriteriaModel::cellText(const RubricCriterion& c, int column) const
{
    switch (column) {
    case IdColumn:
        return c.id;
    case NameColumn:
        return c.name;
    case WeightColumn:
        return weightText(c.weight);
    case DescriptionColumn:
        return c.description;
    default:
        return c.levels.value(levelOfColumn(column));
    }
}

QString RubricCriteriaModel::cellProblems(int row, int column) const
{
    return m_problems.value(key(row, column)).join(QLatin1Char('\n'));
}

QVariant RubricCriteriaModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const RubricCriterion& c = m_rubric.criteria.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return cellText(c, column);
    case Qt::EditRole:
        if (column == WeightColumn) {
            // Whole numbers for the lab's form, so the view edits them with a spin box.
            if (m_rubric.scale == RubricScale::Levels && c.weight == double(int(c.weight)))
                return int(c.weight);
            return c.weight;
        }
        return cellText(c, column);
    case Qt::ToolTipRole: {
        const QString problems = cellProblems(index.row(), column);
        const QString text = cellText(c, column);
        if (problems.isEmpty())
            return column >= DescriptionColumn && !text.isEmpty() ? QVariant(text) : QVariant();
        return text.isEmpty() ? problems : problems + QStringLiteral("\n\n") + text;
    }
    case Qt::BackgroundRole: {
        const quint64 k = key(index.row(), column);
        if (!m_problems.contains(k))
            return {};
        const QPalette palette = QGuiApplication::palette();
        return m_problemIsError.value(k) ? ThemeColours::errorBackground(palette)
                                         : ThemeColours::warningBackground(palette);
    }
    case Qt::TextAlignmentRole:
        if (column == WeightColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignTop);
    case ProblemRole:
        return cellProblems(index.row(), column);
    case CriterionIdRole:
        return c.id;
    default:
        return {};
    }
}

bool RubricCriteriaModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() ||
        !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return false;
    if (!(flags(index) & Qt::ItemIsEditable))
        return false;
    RubricCriterion& c = m_rubric.criteria[index.row()];
    const RubricCriterion before = c;
    const int column = index.column();
    QString description;
    switch (column) {
    case IdColumn:
        c.id = value.toString();
        description = tr("Rename criterion");
        break;
    case NameColumn:
        c.name = value.toString();
        description = tr("Edit name of criterion %1").arg(c.id);
        break;
    case WeightColumn: {
        bool ok = false;
        const double weight = value.toDouble(&ok);
        if (!ok)
            return false;
        c.weight = weight;
        description = tr("Edit weight of criterion %1").arg(c.id);
        break;
    }
    case DescriptionColumn:
        c.description = value.toString();
        description = tr("Edit description of criterion %1").arg(c.id);
        break;
    default: {
        const int level = levelOfColumn(column);
        const QString text = value.toString();
        if (text.isEmpty())
            c.levels.remove(level);
        else
            c.levels.insert(level, text);
        description = tr("Edit level %1 of criterion %2").arg(level).arg(c.id);
        break;
    }
    }
    if (c == before)
        return true;
    Q_EMIT dataChanged(index, index);
    Q_EMIT rubricEdited(m_rubric, description);
    return true;
}

Qt::ItemFlags RubricCriteriaModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (columnApplies(index.column()))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant RubricCriteriaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount())
            return section + 1;
        return {};
    }
    if (section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case IdColumn:
            return tr("Id");
        case NameColumn:
            return tr("Name");
        case WeightColumn:
            return tr("Weight");
        case DescriptionColumn:
            return tr("Passes when");
        default:
            return tr("Level %1").arg(levelOfColumn(section));
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case IdColumn:
            return tr("The criterion's id, as the judge must name it in its reply; unique.");
        case NameColumn:
            return tr("The criterion's name, shown in the prompt and the report.");
        case WeightColumn:
            return tr("Percent of the weighted total this criterion carries; the weights "
                      "sum to 100.");
        case DescriptionColumn:
            return tr("What an artifact must do to pass this criterion.");
        default:
            return levelHeaderTip(levelOfColumn(section));
        }
    }
    return {};
}

void RubricCriteriaModel::setRubric(const Rubric& rubric)
{
    if (rubric.criteria.size() != m_rubric.criteria.size() || rubric.scale != m_rubric.scale) {
        beginResetModel();
        m_rubric = rubric;
        endResetModel();
        return;
    }
    int first = -1;
    int last = -1;
    for (int r = 0; r < rowCount(); ++r) {
        if (!(rubric.criteria.at(r) == m_rubric.criteria.at(r))) {
            first = first < 0 ? r : first;
            last = r;
        }
    }
    m_rubric = rubric;
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

std::optional<RubricCriteriaModel::Cell> RubricCriteriaModel::cellOfPath(const QString& path)
{
    // criteria[2], criteria[2].weight, criteria[2].levels["3"], criteria[2].levels.3, with
    // any prefix ("rubric.") in front.
    static const QRegularExpression pattern(
        QStringLiteral(R"((?:^|\.)criteria\[(\d+)\](?:\.(\w+)(?:\[\"(\d+)\"\]|\.(\d+))?)?$)"));
    const QRegularExpressionMatch m = pattern.match(path);
    if (!m.hasMatch())
        return std::nullopt;
    Cell cell;
    cell.row = m.captured(1).toInt();
    const QString field = m.captured(2);
    const QString level = m.captured(3).isEmpty() ? m.captured(4) : m.captured(3);
    if (field == QLatin1String("id"))
        cell.column = IdColumn;
    else if (field == QLatin1String("name"))
        cell.column = NameColumn;
    else if (field == QLatin1String("weight"))
        cell.column = WeightColumn;
    else if (field == QLatin1String("description"))
        cell.column = DescriptionColumn;
    else if (field == QLatin1String("levels")) {
        const int n = level.toInt();
        cell.column =
            n >= Rubric::kLowestLevel && n <= Rubric::kHighestLevel ? levelColumn(n) : Level4Column;
    }
    return cell;
}

void RubricCriteriaModel::setProblems(const QList<ProbeProblem>& problems)
{
    QHash<quint64, QStringList> cells;
    QHash<quint64, bool> isError;
    for (const ProbeProblem& p : problems) {
        const std::optional<Cell> cell = cellOfPath(p.path);
        if (!cell || cell->row >= rowCount())
            continue;
        const quint64 k = key(cell->row, cell->column < 0 ? int(IdColumn) : cell->column);
        cells[k] << p.message;
        isError[k] = isError.value(k) || p.isError();
    }
    if (cells == m_problems && isError == m_problemIsError)
        return;
    m_problems = cells;
    m_problemIsError = isError;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                           {Qt::ToolTipRole, Qt::BackgroundRole, ProblemRole});
}

} // namespace pb
