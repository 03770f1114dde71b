#include "grading/GoldenComparison.h"

#include "grading/GradingRubric.h"
#include "report/NumberText.h"
#include "stats/agreement/CriterionAgreement.h"

#include <QJsonArray>
#include <QSet>
#include <cstdlib>

namespace pb {

namespace {

QString percent(int part, int whole)
{
    return whole == 0 ? QStringLiteral("-")
                      : QStringLiteral("%1 of %2 (%3%)")
                            .arg(part)
                            .arg(whole)
                            .arg(NumberText::fixed(100.0 * part / whole, 1));
}

QString kappaText(const KappaEstimate& k)
{
    return k.defined ? NumberText::fixed(k.kappa, 2) : QStringLiteral("-");
}

} // namespace

std::optional<double> GoldenCriterion::fractionWithin() const
{
    if (files == 0)
        return std::nullopt;
    return double(within) / files;
}

bool GoldenComparison::passed() const
{
    for (const GoldenCriterion& c : criteria) {
        if (!c.passed)
            return false;
    }
    return !criteria.isEmpty();
}

std::optional<GoldenComparison>
GoldenComparison::compare(const Rubric& rubric, const GoldenSet& golden, const ScoreSheet& expected,
                          const QList<GradeRow>& graded, QString* error)
{
    for (auto it = golden.tolerance.cbegin(); it != golden.tolerance.cend(); ++it) {
        if (!rubric.criterion(it.key())) {
            *error = QStringLiteral("%1: tolerance.%2: the rubric has no criterion \"%2\"")
                         .arg(golden.sourceName, it.key());
            return std::nullopt;
        }
    }
    QHash<QString, const GradeRow*> byFile;
    for (const GradeRow& row : graded)
        byFile.insert(row.filename, &row);
    QStringList files;
    for (const ScoreSheetRow& row : expected.rows) {
        if (!byFile.contains(row.filename)) {
            *error = QStringLiteral("%1: %2 is expected but was not among the submissions graded")
                         .arg(expected.sourceName, row.filename);
            return std::nullopt;
        }
        files << row.filename;
    }
    GoldenComparison out;
    out.goldenName = golden.sourceName;
    out.version = golden.version;
    out.minWithinTolerance = golden.minWithinTolerance;
    for (qsizetype ci = 0; ci < rubric.criteria.size(); ++ci) {
        GoldenCriterion c;
        c.id = rubric.criteria.at(ci).id;
        c.tolerance = golden.toleranceOf(c.id);
        const QList<std::optional<int>> want = expected.levels(c.id, files);
        QList<std::optional<int>> got;
        double differenceSum = 0;
        int both = 0;
        for (qsizetype f = 0; f < files.size(); ++f) {
            const GradeRow& row = *byFile.value(files.at(f));
            const std::optional<int> level = row.cells.value(ci).level;
            got << level;
            if (!want.at(f))
                continue; // the golden set does not say: not a file of this criterion
            ++c.files;
            if (!level) {
                ++c.noJudgeLevel;
                continue;
            }
            const int d = *level - *want.at(f);
            differenceSum += d;
            ++both;
            c.within += std::abs(d) <= c.tolerance ? 1 : 0;
            c.exact += d == 0 ? 1 : 0;
        }
        if (both > 0)
            c.meanDifference = differenceSum / both;
        QString ignored;
        if (const auto agreement =
                CriterionAgreement::compute(c.id, QStringLiteral("golden"), QStringLiteral("judge"),
                                            GradingRubric::levels(), want, got, &ignored))
            c.quadratic = agreement->quadratic;
        const std::optional<double> fraction = c.fractionWithin();
        c.passed = fraction && *fraction >= golden.minWithinTolerance;
        out.criteria << c;
    }
    return out;
}

QJsonObject GoldenComparison::json() const
{
    QJsonArray rows;
    for (const GoldenCriterion& c : criteria) {
        const std::optional<double> f = c.fractionWithin();
        rows.append(
            QJsonObject{{QStringLiteral("id"), c.id},
                        {QStringLiteral("tolerance"), c.tolerance},
                        {QStringLiteral("files"), c.files},
                        {QStringLiteral("within_tolerance"), c.within},
                        {QStringLiteral("exact"), c.exact},
                        {QStringLiteral("no_judge_level"), c.noJudgeLevel},
                        {QStringLiteral("fraction_within"), f ? QJsonValue(*f) : QJsonValue()},
                        {QStringLiteral("quadratic_kappa"),
                         c.quadratic.defined ? QJsonValue(c.quadratic.kappa) : QJsonValue()},
                        {QStringLiteral("mean_difference"),
                         c.meanDifference ? QJsonValue(*c.meanDifference) : QJsonValue()},
                        {QStringLiteral("passed"), c.passed}});
    }
    return {{QStringLiteral("golden_set"), goldenName},
            {QStringLiteral("golden_version"), version},
            {QStringLiteral("min_within_tolerance"), minWithinTolerance},
            {QStringLiteral("criteria"), rows},
            {QStringLiteral("passed"), passed()}};
}

QByteArray GoldenComparison::markdown() const
{
    QString md = QStringLiteral("# Regression against the golden set\n\n"
                                "Golden set %1, version %2. A criterion passes when at least "
                                "%3% of its golden files get a level within its tolerance; a "
                                "file the judge gave no level counts as a miss.\n\n"
                                "| criterion | tolerance | within tolerance | exact | no level | "
                                "quadratic kappa | mean difference | passed |\n"
                                "| --- | --- | --- | --- | --- | --- | --- | --- |\n")
                     .arg(goldenName, version, NumberText::fixed(100 * minWithinTolerance, 1));
    for (const GoldenCriterion& c : criteria) {
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                  .arg(c.id)
                  .arg(c.tolerance)
                  .arg(percent(c.within, c.files), percent(c.exact, c.files))
                  .arg(c.noJudgeLevel)
                  .arg(kappaText(c.quadratic),
                       c.meanDifference ? NumberText::signedFixed(*c.meanDifference, 2)
                                        : QStringLiteral("-"),
                       c.passed ? QStringLiteral("yes") : QStringLiteral("no"));
    }
    md += QStringLiteral("\n%1\n").arg(passed() ? QStringLiteral("Every criterion passes.")
                                                : QStringLiteral("At least one criterion fails."));
    return md.toUtf8();
}

QString GoldenComparison::console() const
{
    QString out = QStringLiteral("golden set %1 (version %2), at least %3% within tolerance:\n")
                      .arg(goldenName, version, NumberText::fixed(100 * minWithinTolerance, 1));
    for (const GoldenCriterion& c : criteria)
        out += QStringLiteral("  %1 %2: %3 within %4 level(s), kappa %5\n")
                   .arg(c.passed ? QStringLiteral("pass") : QStringLiteral("FAIL"), c.id,
                        percent(c.within, c.files))
                   .arg(c.tolerance)
                   .arg(kappaText(c.quadratic));
    return out;
}

} // namespace pb
