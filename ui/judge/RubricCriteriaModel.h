#pragma once

#include "judge/Rubric.h"
#include "probe/ProbeProblem.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>
#include <optional>

namespace pb {

// A rubric's criteria as an editable table: one row per criterion; the columns are fixed and
// the view hides those the scale does not use (level descriptors on a pass/fail rubric, the
// description on a levels rubric). Edits change the model's own copy of the rubric and are
// announced whole through rubricEdited; the model never validates. Problems found elsewhere
// (named by path, "criteria[1].levels[\"3\"]") are shown on their cells.
class RubricCriteriaModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        IdColumn,
        NameColumn,
        WeightColumn,
        DescriptionColumn,
        Level4Column,
        Level3Column,
        Level2Column,
        Level1Column,
        ColumnCount
    };
    enum Role
    {
        ProblemRole = Qt::UserRole + 1, // QString: the cell's problems, one per line
        CriterionIdRole                 // QString: the row's criterion id
    };
    // Where a problem sits in the table: a row and a column; column -1 for the whole row.
    struct Cell
    {
        int row = -1;
        int column = -1;
    };

    explicit RubricCriteriaModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Shows a rubric: rows whose criterion changed are updated in place when the row count
    // and scale stay, so the selection and an open editor survive; otherwise a reset.
    void setRubric(const Rubric& rubric);
    const Rubric& rubric() const { return m_rubric; }

    // Problems whose path names a criterion are shown on its cells (tooltip and tint).
    void setProblems(const QList<ProbeProblem>& problems);
    // The cell a problem path names, if it names a criterion ("criteria[2].weight").
    static std::optional<Cell> cellOfPath(const QString& path);

    // Whether the scale uses the column (the view hides the others).
    bool columnApplies(int column) const;
    static int levelColumn(int level);    // Level4Column for 4, ...
    static int levelOfColumn(int column); // 4 for Level4Column, ...; 0 for other columns
    static QString weightText(double weight);

Q_SIGNALS:
    // The whole rubric after one cell's edit; description names the edit for undo.
    void rubricEdited(const pb::Rubric& rubric, const QString& description);

private:
    QString cellText(const RubricCriterion& criterion, int column) const;
    QString cellProblems(int row, int column) const;

    Rubric m_rubric;
    QHash<quint64, QStringList> m_problems; // (row << 32 | column) -> messages
    QHash<quint64, bool> m_problemIsError;
};

} // namespace pb
