// BlindSheet::fromJson: probebench/blind-sheet@1 read back, every problem named by its path.
#include "grading/BlindSheet.h"
#include "grading/ScoreSheetCsv.h"
#include "probe/BoundedFile.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"
#include "probe/JsonFieldReader.h"
#include "probe/JsonPath.h"

#include <QFileInfo>
#include <vector>

namespace pb {

namespace {

using json = nlohmann::json;
using Need = JsonFieldReader::Need;

// What a missing object reads as; a reader keeps a reference to its object, so it must live.
const json& emptyObject()
{
    static const json empty = json::object();
    return empty;
}

std::optional<QDateTime> timeAt(JsonFieldReader& r, const char* key, Need need)
{
    const std::optional<QString> text = r.string(key, need);
    if (!text)
        return std::nullopt;
    QDateTime t = QDateTime::fromString(*text, Qt::ISODateWithMs);
    if (!t.isValid()) {
        r.error(QString::fromLatin1(key),
                QStringLiteral("\"%1\" is not a time").arg(text->left(40)));
        return std::nullopt;
    }
    return t.toUTC();
}

// A level cell: a whole number 1 to 4, or null for "not scored". False when it is neither.
bool levelAt(JsonFieldReader& r, const char* key, std::optional<int>* out)
{
    out->reset();
    const json* v = r.find(key);
    if (!v || v->is_null())
        return true;
    const std::optional<qint64> n = r.integer(key, Need::Required);
    if (!n)
        return false;
    if (*n < 1 || *n > 4) {
        r.error(QString::fromLatin1(key), QStringLiteral("%1 is not a level (1 to 4)").arg(*n));
        return false;
    }
    *out = int(*n);
    return true;
}

} // namespace

std::optional<BlindSheet> BlindSheet::fromJson(const QByteArray& bytes, const QString& sourceName,
                                               const QStringList& criterionIds, QString* error)
{
    QList<ProbeProblem> problems;
    const std::optional<json> root =
        JsonFieldReader::parseObject(bytes, QStringLiteral("blind sheet"), &problems);
    std::optional<BlindSheet> out;
    if (root) {
        JsonFieldReader top(*root, QString(), &problems);
        if (FileFormat::check(top, QLatin1String(kKind), 1, QStringLiteral("blind sheet"))) {
            top.checkKeys({QStringLiteral("format"), QStringLiteral("rater"),
                           QStringLiteral("criteria"), QStringLiteral("rows"),
                           QStringLiteral("completed_at"), QStringLiteral("amendments")});
            const std::optional<QString> rater = top.nonEmptyString("rater", Need::Required);
            QStringList criteria;
            if (const json* c = top.array("criteria", Need::Required)) {
                for (std::size_t i = 0; i < c->size(); ++i) {
                    if (const auto id = JsonFieldReader::asString(
                            (*c)[i],
                            JsonPath::element(top.pathOf(QStringLiteral("criteria")), qsizetype(i)),
                            &problems))
                        criteria << *id;
                }
                if (criteria != criterionIds)
                    top.error(QStringLiteral("criteria"),
                              QStringLiteral("the sheet's criteria (%1) are not the rubric's (%2)")
                                  .arg(criteria.join(QStringLiteral(", ")),
                                       criterionIds.join(QStringLiteral(", "))));
            }
            const json* rows = top.array("rows", Need::Required);
            QStringList files;
            std::vector<JsonFieldReader> rowReaders;
            rowReaders.reserve(rows ? rows->size() : 0);
            const QString rowsPath = top.pathOf(QStringLiteral("rows"));
            for (std::size_t i = 0; rows && i < rows->size(); ++i) {
                JsonFieldReader r((*rows)[i], JsonPath::element(rowsPath, qsizetype(i)), &problems);
                if (const auto f = r.nonEmptyString("filename", Need::Required))
                    files << *f;
                rowReaders.push_back(r);
            }
            const std::optional<QDateTime> completed = timeAt(top, "completed_at", Need::Optional);
            QString createError;
            if (rater && rows && !JsonFieldReader::hasErrorSince(problems, 0)) {
                out = create(*rater, criterionIds, files, &createError);
                if (!out)
                    top.error(QStringLiteral("rows"), createError);
            }
            for (std::size_t i = 0; out && i < rowReaders.size(); ++i) {
                JsonFieldReader& r = rowReaders[i];
                r.checkKeys(
                    {QStringLiteral("filename"), QStringLiteral("levels"), QStringLiteral("why")});
                const json* levelObject = r.object("levels", Need::Required);
                JsonFieldReader levels(levelObject ? *levelObject : emptyObject(),
                                       r.pathOf(QStringLiteral("levels")), &problems);
                const json* whyObject = r.object("why", Need::Optional);
                JsonFieldReader why(whyObject ? *whyObject : emptyObject(),
                                    r.pathOf(QStringLiteral("why")), &problems);
                for (qsizetype c = 0; c < criterionIds.size(); ++c) {
                    const QByteArray key = criterionIds.at(c).toUtf8();
                    std::optional<int> level;
                    const bool ok = levelAt(levels, key.constData(), &level);
                    const auto text = why.string(key.constData(), Need::Optional);
                    if (ok) {
                        out->m_sheet.rows[qsizetype(i)].levels[c] = level;
                        out->m_sheet.rows[qsizetype(i)].why[c] = text.value_or(QString()).trimmed();
                    }
                }
            }
            if (out && completed)
                out->m_completed = *completed;
            const json* amendments = top.array("amendments", Need::Optional);
            const QString amendPath = top.pathOf(QStringLiteral("amendments"));
            for (std::size_t i = 0; out && amendments && i < amendments->size(); ++i) {
                JsonFieldReader a((*amendments)[i], JsonPath::element(amendPath, qsizetype(i)),
                                  &problems);
                SheetAmendment m;
                m.time = timeAt(a, "time", Need::Required).value_or(QDateTime());
                m.filename = a.nonEmptyString("filename", Need::Required).value_or(QString());
                m.criterionId = a.nonEmptyString("criterion", Need::Required).value_or(QString());
                levelAt(a, "level_before", &m.levelBefore);
                levelAt(a, "level_after", &m.levelAfter);
                m.whyBefore = a.string("why_before", Need::Optional).value_or(QString());
                m.whyAfter = a.string("why_after", Need::Optional).value_or(QString());
                m.reason = a.nonEmptyString("reason", Need::Required).value_or(QString());
                out->m_amendments << m;
            }
        }
    }
    const FileProblems found{sourceName, problems};
    if (!root || found.hasErrors() || !out) {
        *error = found.hasErrors() || !root
                     ? found.errorText()
                     : QStringLiteral("%1: not a blind sheet").arg(sourceName);
        return std::nullopt;
    }
    out->m_sheet.sourceName = sourceName;
    return out;
}

std::optional<BlindSheet> BlindSheet::readFile(const QString& path, const QStringList& criterionIds,
                                               QString* error)
{
    const QString name = QFileInfo(path).fileName();
    ProbeProblem problem;
    const std::optional<QByteArray> bytes = BoundedFile::read(
        path, ScoreSheetCsv::kMaxFileBytes, QStringLiteral("blind sheet"), &problem);
    if (!bytes) {
        *error = FileProblems{name, {problem}}.errorText();
        return std::nullopt;
    }
    return fromJson(*bytes, name, criterionIds, error);
}

} // namespace pb
