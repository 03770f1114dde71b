#include "design/CandidateListModel.h"

#include "metrics/ChoiceAnswer.h"
#include "probe/JsonPath.h"
#include "project/ProbeProject.h"

namespace pb {

CandidateListModel::CandidateListModel(ProbeProject* project, QObject* parent)
    : QAbstractListModel(parent), m_project(project),
      m_candidates(project->document().metric.candidates)
{
    connect(project, &ProbeProject::documentChanged, this, &CandidateListModel::onDocumentChanged);
}

int CandidateListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_candidates.size());
}

QVariant CandidateListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return m_candidates.at(index.row());
    case Qt::ToolTipRole:
        return tr("Candidate %1 of %2. Double-click or press F2 to rename it.")
            .arg(index.row() + 1)
            .arg(m_candidates.size());
    default:
        return {};
    }
}

bool CandidateListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    return rename(index.row(), value.toString());
}

Qt::ItemFlags CandidateListModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractListModel::flags(index);
    if (index.isValid() && m_editable)
        f |= Qt::ItemIsEditable;
    return f;
}

QString CandidateListModel::refusal(const QStringList& proposed, int row)
{
    if (proposed.size() > ChoiceAnswer::kMaxCandidates)
        return tr("A choice probe has at most %1 candidates.").arg(ChoiceAnswer::kMaxCandidates);
    MetricSpec spec;
    spec.kind = QLatin1String(ChoiceAnswer::kKind);
    spec.candidates = proposed;
    spec.topLogprobs = 1; // only the candidates are judged here
    const QString base = QStringLiteral("metric");
    const QString own =
        JsonPath::element(JsonPath::member(base, QStringLiteral("candidates")), row);
    QString first;
    for (const ProbeProblem& p : ChoiceAnswer::validate(spec, base)) {
        // The list's own size ("needs at least two") is not a reason to refuse one edit: the
        // metric panel shows it until a second candidate is added.
        if (!p.isError() || !p.path.contains(QLatin1Char('[')))
            continue;
        const qsizetype at = p.path.lastIndexOf(QLatin1Char('['));
        const int index = p.path.mid(at + 1).chopped(1).toInt();
        const QString text = proposed.value(index).trimmed().isEmpty()
                                 ? tr("The candidate")
                                 : tr("The candidate \u201C%1\u201D").arg(proposed.value(index));
        const QString message = QStringLiteral("%1 %2.").arg(text, p.message);
        if (p.path == own)
            return message;
        if (first.isEmpty())
            first = message;
    }
    return first;
}

bool CandidateListModel::commit(const QStringList& proposed, const QString& what)
{
    m_project->edit(what, [&proposed](ProbeDocument& d) { d.metric.candidates = proposed; });
    if (m_project->document().metric.candidates == proposed)
        return true;
    onDocumentChanged(); // the project did not take it: show what it holds
    return false;
}

bool CandidateListModel::add(const QString& text)
{
    QStringList proposed = m_candidates;
    proposed << text.trimmed();
    const int row = int(m_candidates.size());
    if (const QString why = refusal(proposed, row); !why.isEmpty()) {
        Q_EMIT refused(why);
        return false;
    }
    beginInsertRows(QModelIndex(), row, row);
    m_candidates = proposed;
    endInsertRows();
    return commit(proposed, tr("Add the candidate %1").arg(text.trimmed()));
}

bool CandidateListModel::rename(int row, const QString& text)
{
    if (row < 0 || row >= m_candidates.size())
        return false;
    const QString name = text.trimmed();
    if (name == m_candidates.at(row))
        return true;
    QStringList proposed = m_candidates;
    proposed[row] = name;
    if (const QString why = refusal(proposed, row); !why.isEmpty()) {
        Q_EMIT refused(why);
        return false;
    }
    m_candidates = proposed;
    Q_EMIT dataChanged(index(row), index(row));
    return commit(proposed, tr("Rename the candidate %1").arg(name));
}

bool CandidateListModel::remove(int row)
{
    if (row < 0 || row >= m_candidates.size())
        return false;
    QStringList proposed = m_candidates;
    const QString gone = proposed.takeAt(row);
    beginRemoveRows(QModelIndex(), row, row);
    m_candidates = proposed;
    endRemoveRows();
    return commit(proposed, tr("Remove the candidate %1").arg(gone));
}

bool CandidateListModel::move(int row, int delta)
{
    const int to = row + delta;
    if (row < 0 || row >= m_candidates.size() || to < 0 || to >= m_candidates.size() || delta == 0)
        return false;
    QStringList proposed = m_candidates;
    proposed.move(row, to);
    // beginMoveRows counts the destination before the move: one further down when moving down.
    beginMoveRows(QModelIndex(), row, row, QModelIndex(), delta > 0 ? to + 1 : to);
    m_candidates = proposed;
    endMoveRows();
    return commit(proposed, tr("Move the candidate %1").arg(proposed.at(to)));
}

void CandidateListModel::onDocumentChanged()
{
    const QStringList& now = m_project->document().metric.candidates;
    if (now == m_candidates)
        return; // this model's own edit, already shown
    beginResetModel();
    m_candidates = now;
    endResetModel();
}

} // namespace pb
