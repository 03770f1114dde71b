#include "grading/ScoreSheet.h"

namespace pb {

const ScoreSheetRow* ScoreSheet::row(const QString& filename) const
{
    for (const ScoreSheetRow& r : rows) {
        if (r.filename == filename)
            return &r;
    }
    return nullptr;
}

QList<std::optional<int>> ScoreSheet::levels(const QString& criterionId,
                                             const QStringList& filenames) const
{
    const qsizetype column = criterionIds.indexOf(criterionId);
    QList<std::optional<int>> out;
    for (const QString& name : filenames) {
        const ScoreSheetRow* r = row(name);
        out << (r && column >= 0 && column < r->levels.size() ? r->levels.at(column)
                                                              : std::nullopt);
    }
    return out;
}

} // namespace pb
