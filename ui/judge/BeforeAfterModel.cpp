#include "judge/BeforeAfterModel.h"

#include "judge/JudgeConsoleText.h"
#include "widgets/ThemeColours.h"

#include <QBrush>
#include <QGuiApplication>
#include <cstdlib>

namespace pb {

namespace {

bool sameRows(const PropertyEffect& a, const PropertyEffect& b)
{
    if (a.property != b.property || a.cells.size() != b.cells.size())
        return false;
    for (qsizetype i = 0; i < a.cells.size(); ++i) {
        const VerdictDelta& x = a.cells.at(i);
        const VerdictDelta& y = b.cells.at(i);
        if (x.itemId != y.itemId || x.variantId != y.variantId || x.criterionId != y.criterionId)
            return false;
    }
    return true;
}

} // namespace

BeforeAfterModel::BeforeAfterModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void BeforeAfterModel::setEffect(const PropertyEffect& effect, const Rubric& rubric)
{
    const bool same = sameRows(effect, m_effect) && rubric == m_rubric;
    if (!same)
        beginResetModel();
    m_effect = effect;
    m_rubric = rubric;
    m_pairwise = effect.property == QLatin1String("position");
    m_namedSamples = JudgeConsoleText::namesVariants(effect);
    if (!same) {
        endResetModel();
    } else if (!m_effect.cells.isEmpty()) {
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
}

void BeforeAfterModel::clear()
{
    beginResetModel();
    m_effect = PropertyEffect();
    m_rubric = Rubric();
    m_pairwise = false;
    m_namedSamples = false;
    endResetModel();
}

int BeforeAfterModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_effect.cells.size());
}

int BeforeAfterModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString BeforeAfterModel::display(const VerdictDelta& d, int column) const
{
    switch (column) {
    case SampleColumn:
        return m_namedSamples ? d.itemId + QLatin1Char('/') + d.variantId : d.itemId;
    case WordsColumn:
        return QString::number(d.words);
    case CriterionColumn:
        return d.criterionId;
    case BeforeColumn:
        return JudgeConsoleText::verdictText(d.before, m_rubric, m_pairwise);
    case AfterColumn:
        return JudgeConsoleText::verdictText(d.after, m_rubric, m_pairwise);
    case DeltaColumn: {
        const std::optional<int> delta = d.delta();
        if (!delta)
            return QStringLiteral("n/a");
        return (*delta >= 0 ? QStringLiteral("+") : QStringLiteral("-")) +
               QString::number(std::abs(*delta));
    }
    default:
        return {};
    }
}

QVariant BeforeAfterModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_effect.cells.size() || index.column() >= ColumnCount)
        return {};
    const VerdictDelta& d = m_effect.cells.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(d, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == SampleColumn || index.column() == CriterionColumn
                   ? int(Qt::AlignLeft | Qt::AlignVCenter)
                   : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        // A flipped verdict is the row the table is about.
        return d.flipped() ? QVariant(QBrush(ThemeColours::findingCell(QGuiApplication::palette())))
                           : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == WordsColumn)
            return tr("Words in the item's base answer.");
        if (index.column() == DeltaColumn)
            return d.compared() ? tr("After minus before: the verdict on the %1 variant minus "
                                     "the verdict on the base.")
                                      .arg(m_effect.property)
                                : tr("Not compared: one of the two verdicts is not scored.");
        return {};
    case ItemIdRole:
        return d.itemId;
    case VariantIdRole:
        return d.variantId;
    case DeltaRole:
        return d.delta() ? QVariant(*d.delta()) : QVariant();
    case FlippedRole:
        return d.flipped();
    default:
        return {};
    }
}

QVariant BeforeAfterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case SampleColumn:
            return tr("sample");
        case WordsColumn:
            return tr("words");
        case CriterionColumn:
            return tr("criterion");
        case BeforeColumn:
            return tr("before");
        case AfterColumn:
            return tr("after");
        case DeltaColumn:
            return tr("delta");
        default:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case BeforeColumn:
            return tr("The judge's verdict on the item's base artifact.");
        case AfterColumn:
            return tr("The judge's verdict on the artifact with the property changed.");
        case DeltaColumn:
            return tr("After minus before; a nonzero delta is a flipped verdict.");
        default:
            break;
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace pb
