#include "judge/JudgeVariantModel.h"

#include "judge/JudgeProbeReader.h"
#include "widgets/ThemeColours.h"

#include <QGuiApplication>
#include <QPalette>

namespace pb {

namespace {

JudgeVariant& variantRef(JudgeItem& item, int row)
{
    return row == 0 ? item.base : item.variants[row - 1];
}

std::optional<int> deservedOf(const JudgeVariant& v, const QString& criterion)
{
    const auto it = v.deserved.constFind(criterion);
    return it == v.deserved.constEnd() ? std::nullopt : std::optional<int>(*it);
}

void setDeserved(JudgeVariant& v, const QString& criterion, std::optional<int> value)
{
    if (value)
        v.deserved.insert(criterion, *value);
    else
        v.deserved.remove(criterion);
}

std::optional<int> flipped(std::optional<int> value)
{
    return value ? std::optional<int>(1 - *value) : std::nullopt;
}

QStringList propertyChoices()
{
    QStringList out = JudgeProbeReader::knownProperties();
    // An answer alone has no position: position variants are made from pairwise items.
    out.removeAll(QStringLiteral("position"));
    return out;
}

} // namespace

JudgeVariantModel::JudgeVariantModel(QObject* parent) : QAbstractTableModel(parent)
{
}

int JudgeVariantModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_hasItem ? 0 : int(1 + m_item.variants.size());
}

int JudgeVariantModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FixedColumnCount + int(m_rubric.criteria.size());
}

QString JudgeVariantModel::criterionOfColumn(int column) const
{
    const int i = column - FixedColumnCount;
    return i >= 0 && i < m_rubric.criteria.size() ? m_rubric.criteria.at(i).id : QString();
}

int JudgeVariantModel::rowOf(const QString& variantId) const
{
    for (int r = 0; r < rowCount(); ++r) {
        if (variantAt(r).id == variantId)
            return r;
    }
    return -1;
}

const JudgeVariant& JudgeVariantModel::variantAt(int row) const
{
    return row == 0 ? m_item.base : m_item.variants.at(row - 1);
}

QString JudgeVariantModel::shapeName(PairShape shape)
{
    return shape == PairShape::Opposed ? QStringLiteral("opposed") : QStringLiteral("same");
}

QString JudgeVariantModel::verdictText(int value) const
{
    if (m_item.pairwise)
        return value == 0 ? QStringLiteral("first") : QStringLiteral("second");
    return m_rubric.verdictText(value);
}

std::optional<int> JudgeVariantModel::verdictFromText(const QString& text) const
{
    if (m_item.pairwise) {
        if (text == QLatin1String("first"))
            return 0;
        if (text == QLatin1String("second"))
            return 1;
        return std::nullopt;
    }
    return m_rubric.verdictFromText(text);
}

QStringList JudgeVariantModel::verdictChoices() const
{
    if (m_item.pairwise)
        return {QString(), QStringLiteral("first"), QStringLiteral("second")};
    if (m_rubric.scale == RubricScale::PassFail)
        return {QString(), QStringLiteral("pass"), QStringLiteral("fail")};
    QStringList out{QString()};
    for (int level = Rubric::kHighestLevel; level >= Rubric::kLowestLevel; --level)
        out << QString::number(level);
    return out;
}

QString JudgeVariantModel::hint(int row, const QString& criterion) const
{
    if (row == 0 || m_item.pairwise)
        return {};
    const JudgeVariant& v = variantAt(row);
    const std::optional<int> base = deservedOf(m_item.base, criterion);
    if (!base)
        return {};
    const std::optional<int> own = deservedOf(v, criterion);
    if (v.shape == PairShape::Same) {
        if (own != base)
            return tr("A \"same\" variant deserves its base's verdict (%1): only the property "
                      "changed. Use Copy base verdicts, or make the shape \"opposed\".")
                .arg(verdictText(*base));
        return {};
    }
    if (!own)
        return tr("Missing: an \"opposed\" variant must say which verdict it deserves (the "
                  "base deserves %1).")
            .arg(verdictText(*base));
    if (*own == *base)
        return tr("Equals the base's %1: an \"opposed\" variant deserves a different verdict "
                  "from its base.")
            .arg(verdictText(*base));
    return {};
}

QVariant JudgeVariantModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    const JudgeVariant& v = variantAt(row);
    const bool base = row == 0;
    const QString criterion = criterionOfColumn(column);

    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (column) {
        case IdColumn:
            return v.id;
        case PropertyColumn:
            if (base)
                return role == Qt::DisplayRole ? tr("(as written)") : QString();
            return v.property;
        case ShapeColumn:
            return base ? QString() : shapeName(v.shape);
        case GeneratedFromColumn:
            return v.generatedFrom;
        default: {
            const std::optional<int> value = deservedOf(v, criterion);
            return value ? verdictText(*value) : QString();
        }
        }
    case Qt::ToolTipRole:
        switch (column) {
        case IdColumn:
            return base ? tr("The item's own artifact, as written.") : v.note;
        case PropertyColumn:
            return base ? QVariant() : tr("What this variant changes in the artifact.");
        case ShapeColumn:
            if (base)
                return {};
            return v.shape == PairShape::Same
                       ? tr("Same: the rubric content is held identical, so this variant "
                            "deserves exactly its base's verdicts.")
                       : tr("Opposed: the property is set against the content, so this variant "
                            "deserves verdicts opposite to its base's.");
        case GeneratedFromColumn:
            return v.generatedFrom.isEmpty() ? tr("Written by hand.") : v.generatedFrom;
        default: {
            const QString why = hint(row, criterion);
            if (!why.isEmpty())
                return why;
            if (m_item.pairwise)
                return tr("Better answer on %1 by construction: \"first\" or \"second\" names "
                          "that answer of the pair, whichever position it is shown in. Empty: "
                          "not scored against construction.")
                    .arg(criterion);
            return tr("Deserved verdict on %1: the verdict this artifact should get by "
                      "construction, fixed when it was written. Empty: not scored against "
                      "construction.")
                .arg(criterion);
        }
        }
    case Qt::BackgroundRole:
        if (column >= FixedColumnCount && !hint(row, criterion).isEmpty())
            return ThemeColours::warningBackground(QGuiApplication::palette());
        return {};
    case Qt::ForegroundRole:
        if (base && column == PropertyColumn)
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case Qt::TextAlignmentRole:
        if (column >= FixedColumnCount)
            return QVariant(Qt::AlignCenter);
        return {};
    case ChoicesRole:
        if (column == ShapeColumn && !base)
            return QStringList{shapeName(PairShape::Same), shapeName(PairShape::Opposed)};
        if (column == PropertyColumn && !base)
            return propertyChoices();
        if (column >= FixedColumnCount)
            return verdictChoices();
        return {};
    case ChoicesEditableRole:
        return column == PropertyColumn;
    case VariantIdRole:
        return v.id;
    case IsBaseRole:
        return base;
    case CriterionIdRole:
        return criterion.isEmpty() ? QVariant() : QVariant(criterion);
    case HintRole:
        return column >= FixedColumnCount ? hint(row, criterion) : QString();
    default:
        return {};
    }
}

Qt::ItemFlags JudgeVariantModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (m_readOnly)
        return f;
    const int row = index.row();
    const int column = index.column();
    if (column >= FixedColumnCount) {
        // A pairwise item's swapped order mirrors its base: edit the base.
        if (row == 0 || !m_item.pairwise)
            f |= Qt::ItemIsEditable;
        return f;
    }
    if (row == 0 || m_item.pairwise || column == GeneratedFromColumn)
        return f;
    return f | Qt::ItemIsEditable;
}

bool JudgeVariantModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const int row = index.row();
    const int column = index.column();
    const JudgeVariant& current = variantAt(row);
    const QString text = value.toString().trimmed();
    JudgeItem item = m_item;
    QString description;
    switch (column) {
    case IdColumn: {
        if (text == current.id)
            return true;
        if (text.isEmpty() || text == QLatin1String(JudgeVariant::kBaseId) || rowOf(text) >= 0)
            return false;
        variantRef(item, row).id = text;
        description = tr("Rename variant %1 of item %2").arg(current.id, m_item.id);
        break;
    }
    case PropertyColumn:
        if (text.isEmpty() || text == QLatin1String("position"))
            return false;
        variantRef(item, row).property = text;
        description = tr("Change property of %1/%2").arg(m_item.id, current.id);
        break;
    case ShapeColumn: {
        PairShape shape;
        if (text == shapeName(PairShape::Same))
            shape = PairShape::Same;
        else if (text == shapeName(PairShape::Opposed))
            shape = PairShape::Opposed;
        else
            return false;
        item = withShape(item, m_rubric, row, shape);
        description = tr("Change shape of %1/%2").arg(m_item.id, current.id);
        break;
    }
    default: {
        const QString criterion = criterionOfColumn(column);
        std::optional<int> verdict;
        if (!text.isEmpty()) {
            verdict = verdictFromText(text);
            if (!verdict)
                return false;
        }
        item = withDeserved(item, m_rubric, row, criterion, verdict);
        description =
            tr("Set deserved verdict of %1/%2 on %3").arg(m_item.id, current.id, criterion);
        break;
    }
    }
    if (item == m_item)
        return true;
    replaceItem(item, description);
    return true;
}

void JudgeVariantModel::replaceItem(const JudgeItem& item, const QString& description)
{
    setItem(item, m_rubric);
    Q_EMIT itemEdited(m_item, description);
}

JudgeItem JudgeVariantModel::withDeserved(const JudgeItem& item, const Rubric& rubric, int row,
                                          const QString& criterion, std::optional<int> value)
{
    JudgeItem out = item;
    if (row != 0) {
        setDeserved(variantRef(out, row), criterion, value);
        return out;
    }
    const std::optional<int> old = deservedOf(out.base, criterion);
    setDeserved(out.base, criterion, value);
    for (JudgeVariant& v : out.variants) {
        if (out.pairwise) {
            v.deserved = out.base.deserved;
            continue;
        }
        const std::optional<int> own = deservedOf(v, criterion);
        if (v.shape == PairShape::Same && own == old)
            setDeserved(v, criterion, value);
        else if (v.shape == PairShape::Opposed && rubric.scale == RubricScale::PassFail &&
                 own == flipped(old))
            setDeserved(v, criterion, flipped(value));
    }
    return out;
}

JudgeItem JudgeVariantModel::withShape(const JudgeItem& item, const Rubric& rubric, int row,
                                       PairShape shape)
{
    JudgeItem out = item;
    if (row <= 0 || row > out.variants.size())
        return out;
    JudgeVariant& v = variantRef(out, row);
    if (v.shape == shape)
        return out;
    v.shape = shape;
    for (auto it = out.base.deserved.cbegin(); it != out.base.deserved.cend(); ++it) {
        if (shape == PairShape::Same)
            v.deserved.insert(it.key(), it.value());
        else if (rubric.scale == RubricScale::PassFail)
            v.deserved.insert(it.key(), 1 - it.value());
    }
    return out;
}

QVariant JudgeVariantModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case IdColumn:
            return tr("Variant");
        case PropertyColumn:
            return tr("Property");
        case ShapeColumn:
            return tr("Shape");
        case GeneratedFromColumn:
            return tr("Generated from");
        default: {
            const RubricCriterion& c = m_rubric.criteria.at(section - FixedColumnCount);
            return c.name.isEmpty() ? c.id : c.name;
        }
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case IdColumn:
            return tr("The variant's id, unique within the item; the base is the item as "
                      "written.");
        case PropertyColumn:
            return tr("The one property the variant changes, which the rubric does not "
                      "mention.");
        case ShapeColumn:
            return tr("Same: content held identical, the base's verdicts deserved. Opposed: "
                      "the property set against the content, opposite verdicts deserved.");
        case GeneratedFromColumn:
            return tr("The pad or name a generated variant was built from; empty when written "
                      "by hand.");
        default:
            return tr("Deserved verdict on %1: the verdict each artifact should get by "
                      "construction, fixed when it was written.")
                .arg(criterionOfColumn(section));
        }
    }
    return {};
}

void JudgeVariantModel::setItem(const JudgeItem& item, const Rubric& rubric)
{
    const bool sameShape = m_hasItem && item.id == m_item.id && item.pairwise == m_item.pairwise &&
                           item.variants.size() == m_item.variants.size() &&
                           rubric.ids() == m_rubric.ids() && rubric.scale == m_rubric.scale;
    if (!sameShape) {
        beginResetModel();
        m_item = item;
        m_rubric = rubric;
        m_hasItem = true;
        endResetModel();
        return;
    }
    const bool headersChanged = !(rubric.criteria == m_rubric.criteria);
    m_rubric = rubric;
    int first = -1;
    int last = -1;
    const JudgeItem before = m_item;
    m_item = item;
    for (int r = 0; r < rowCount(); ++r) {
        if (!(variantAt(r) == (r == 0 ? before.base : before.variants.at(r - 1)))) {
            first = first < 0 ? r : first;
            last = r;
        }
    }
    // A base edit changes the hints of every row.
    if (first == 0)
        last = rowCount() - 1;
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, columnCount() - 1));
    if (headersChanged && columnCount() > FixedColumnCount)
        Q_EMIT headerDataChanged(Qt::Horizontal, FixedColumnCount, columnCount() - 1);
}

void JudgeVariantModel::clear()
{
    if (!m_hasItem)
        return;
    beginResetModel();
    m_item = JudgeItem();
    m_rubric = Rubric();
    m_hasItem = false;
    endResetModel();
}

} // namespace pb
