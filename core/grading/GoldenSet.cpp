#include "grading/GoldenSet.h"

#include "probe/BoundedFile.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"
#include "probe/JsonFieldReader.h"

#include <QDir>
#include <QFileInfo>

namespace pb {

namespace {

constexpr int kMaxTolerance = 3; // four levels: 3 accepts anything, which gates nothing

std::optional<int> readTolerance(const nlohmann::json& value, const QString& path,
                                 QList<ProbeProblem>* problems)
{
    const std::optional<qint64> t = JsonFieldReader::asInteger(value, path, problems);
    if (!t)
        return std::nullopt;
    if (*t < 0 || *t >= kMaxTolerance) {
        problems->append(ProbeProblem::error(
            path, QStringLiteral("give 0, 1 or 2 levels (%1 would accept any level)")
                      .arg(*t < 0 ? QStringLiteral("a negative tolerance")
                                  : QStringLiteral("%1").arg(*t))));
        return std::nullopt;
    }
    return int(*t);
}

} // namespace

std::optional<GoldenSet> GoldenSet::parse(const QByteArray& bytes, const QString& sourceName,
                                          const QString& folder, QString* error)
{
    QList<ProbeProblem> problems;
    const std::optional<nlohmann::json> root =
        JsonFieldReader::parseObject(bytes, QStringLiteral("golden set"), &problems);
    GoldenSet out;
    out.sourceName = sourceName;
    if (root) {
        JsonFieldReader top(*root, QString(), &problems);
        if (FileFormat::check(top, QLatin1String(kKind), 1, QStringLiteral("golden set"))) {
            top.checkKeys({QStringLiteral("format"), QStringLiteral("version"),
                           QStringLiteral("rubric"), QStringLiteral("submissions"),
                           QStringLiteral("expected"), QStringLiteral("tolerance"),
                           QStringLiteral("min_within_tolerance")});
            const QDir dir(folder);
            const auto path = [&](const char* key, QString* into) {
                if (const auto p = top.nonEmptyString(key, JsonFieldReader::Need::Required))
                    *into = QDir::cleanPath(dir.absoluteFilePath(*p));
            };
            if (const auto v = top.nonEmptyString("version", JsonFieldReader::Need::Required))
                out.version = *v;
            path("rubric", &out.rubricPath);
            path("submissions", &out.submissionsPath);
            path("expected", &out.expectedPath);
            if (const nlohmann::json* t =
                    top.object("tolerance", JsonFieldReader::Need::Optional)) {
                for (auto it = t->begin(); it != t->end(); ++it) {
                    const QString id = JsonFieldReader::toQString(it.key());
                    const JsonFieldReader tolerances(*t, top.pathOf(QStringLiteral("tolerance")),
                                                     &problems);
                    const std::optional<int> levels =
                        readTolerance(it.value(), tolerances.pathOf(id), &problems);
                    if (!levels)
                        continue;
                    if (id == QLatin1String("default"))
                        out.defaultTolerance = *levels;
                    else
                        out.tolerance.insert(id, *levels);
                }
            }
            if (const auto m =
                    top.number("min_within_tolerance", JsonFieldReader::Need::Required)) {
                if (*m <= 0 || *m > 1)
                    top.error(QStringLiteral("min_within_tolerance"),
                              QStringLiteral("give a fraction above 0 and at most 1, such as "
                                             "0.75"));
                else
                    out.minWithinTolerance = *m;
            }
        }
    }
    const FileProblems found{sourceName, problems};
    if (!root || found.hasErrors()) {
        *error = found.errorText();
        return std::nullopt;
    }
    return out;
}

std::optional<GoldenSet> GoldenSet::readFile(const QString& path, QString* error)
{
    const QString name = QFileInfo(path).fileName();
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("golden set"), &problem);
    if (!bytes) {
        *error = FileProblems{name, {problem}}.errorText();
        return std::nullopt;
    }
    return parse(*bytes, name, QFileInfo(path).absolutePath(), error);
}

} // namespace pb
