#include "grading/GradingVersions.h"

namespace pb {

GradingVersions GradingVersions::read(const GradingProject& project, const QString& projectPath,
                                      const QString& storePath)
{
    GradingVersions out;
    out.first = std::make_shared<const GradingStoredResults>(
        GradingStoredResults::read(project, projectPath, storePath));
    for (int n = 1; n <= project.revisions.size(); ++n) {
        GradingStoredResults revision =
            GradingStoredResults::read(project, projectPath, storePath, n);
        QString error;
        if (revision.inputsRead() && out.first->inputsRead() &&
            !keepsTheCriteria(out.first->rubric, revision.rubric,
                              project.revisions.at(n - 1).rubric, &error)) {
            GradingStoredResults refused;
            refused.inputError = error;
            revision = std::move(refused);
        }
        out.revisions << std::make_shared<const GradingStoredResults>(std::move(revision));
    }
    return out;
}

bool GradingVersions::keepsTheCriteria(const Rubric& first, const Rubric& revision,
                                       const QString& revisionName, QString* error)
{
    // A revision rewrites levels; one that renames or drops a criterion cannot be set beside
    // the first rubric, so it is refused before it is graded.
    if (revision.ids() == first.ids())
        return true;
    *error = QStringLiteral("%1 has the criteria %2, not the first rubric's %3; a revision "
                            "rewrites levels and keeps the criteria")
                 .arg(revisionName, revision.ids().join(QStringLiteral(", ")),
                      first.ids().join(QStringLiteral(", ")));
    return false;
}

std::shared_ptr<const GradingStoredResults> GradingVersions::version(int number) const
{
    if (number == 0)
        return first;
    return number >= 1 && number <= revisions.size() ? revisions.at(number - 1) : nullptr;
}

int GradingVersions::latestGraded() const
{
    for (qsizetype n = revisions.size(); n >= 1; --n) {
        const auto& r = revisions.at(n - 1);
        if (r && r->inputsRead() && r->runId != 0)
            return int(n);
    }
    return 0;
}

} // namespace pb
