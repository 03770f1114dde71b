#include "grading/BlindSheet.h"

#include "grading/GradingRubric.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"
#include "probe/JsonFieldReader.h"
#include "probe/WholeFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace pb {

namespace {

QJsonValue levelJson(const std::optional<int>& level)
{
    return level ? QJsonValue(*level) : QJsonValue();
}

bool isLevel(int level)
{
    return GradingRubric::levels().contains(level);
}

QString timeText(const QDateTime& t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

std::optional<BlindSheet> BlindSheet::create(const QString& rater, const QStringList& criterionIds,
                                             const QStringList& calibrationFiles, QString* error)
{
    const QSet<QString> distinct(calibrationFiles.begin(), calibrationFiles.end());
    if (rater.trimmed().isEmpty()) {
        *error = QStringLiteral("a blind sheet needs the rater's name");
        return std::nullopt;
    }
    if (criterionIds.isEmpty()) {
        *error = QStringLiteral("a blind sheet needs the rubric's criteria");
        return std::nullopt;
    }
    if (distinct.size() != calibrationFiles.size()) {
        *error = QStringLiteral("a calibration file is listed twice");
        return std::nullopt;
    }
    if (calibrationFiles.size() < kMinCalibrationFiles) {
        *error = QStringLiteral("%1 calibration files; a calibration set needs at least %2")
                     .arg(calibrationFiles.size())
                     .arg(kMinCalibrationFiles);
        return std::nullopt;
    }
    BlindSheet out;
    out.m_rater = rater.trimmed();
    out.m_sheet.sourceName = out.m_rater;
    out.m_sheet.criterionIds = criterionIds;
    for (const QString& f : calibrationFiles)
        out.m_sheet.rows << ScoreSheetRow{0, f, QList<std::optional<int>>(criterionIds.size()),
                                          QStringList(criterionIds.size(), QString())};
    return out;
}

QStringList BlindSheet::calibrationFiles() const
{
    QStringList out;
    for (const ScoreSheetRow& r : m_sheet.rows)
        out << r.filename;
    return out;
}

ScoreSheetRow* BlindSheet::row(const QString& filename)
{
    for (ScoreSheetRow& r : m_sheet.rows) {
        if (r.filename == filename)
            return &r;
    }
    return nullptr;
}

qsizetype BlindSheet::criterion(const QString& id) const
{
    return m_sheet.criterionIds.indexOf(id);
}

bool BlindSheet::score(const QString& filename, const QString& criterionId,
                       std::optional<int> level, const QString& why, const QString& reason,
                       QString* error, const QDateTime& now)
{
    ScoreSheetRow* r = row(filename);
    const qsizetype c = criterion(criterionId);
    if (!r || c < 0) {
        *error = !r ? QStringLiteral("%1 is not in %2's calibration set").arg(filename, m_rater)
                    : QStringLiteral("the rubric has no criterion \"%1\"").arg(criterionId);
        return false;
    }
    if (level && !isLevel(*level)) {
        *error = QStringLiteral("%1 is not a level (1 to 4)").arg(*level);
        return false;
    }
    const QString trimmed = why.trimmed();
    if (r->levels.at(c) == level && r->why.at(c) == trimmed)
        return true; // nothing changes, so nothing needs a reason
    if (isComplete()) {
        if (reason.trimmed().isEmpty()) {
            *error = QStringLiteral("%1's sheet is marked complete; give the reason for changing "
                                    "%2, %3")
                         .arg(m_rater, filename, criterionId);
            return false;
        }
        m_amendments << SheetAmendment{now.toUTC(), filename,     criterionId, r->levels.at(c),
                                       level,       r->why.at(c), trimmed,     reason.trimmed()};
    }
    r->levels[c] = level;
    r->why[c] = trimmed;
    return true;
}

bool BlindSheet::import(const ScoreSheet& imported, QString* error)
{
    if (isComplete()) {
        *error = QStringLiteral("%1's sheet is marked complete; an import would rescore it after "
                                "the judge's levels were shown")
                     .arg(m_rater);
        return false;
    }
    BlindSheet next = *this;
    for (const ScoreSheetRow& in : imported.rows) {
        if (!next.row(in.filename)) {
            *error = QStringLiteral("%1: line %2: %3 is not in the calibration set")
                         .arg(imported.sourceName)
                         .arg(in.line)
                         .arg(in.filename);
            return false;
        }
        for (qsizetype i = 0; i < imported.criterionIds.size(); ++i) {
            if (!next.score(in.filename, imported.criterionIds.at(i), in.levels.value(i),
                            in.why.value(i), QString(), error))
                return false;
        }
    }
    *this = next;
    return true;
}

QString BlindSheet::missing() const
{
    for (const ScoreSheetRow& r : m_sheet.rows) {
        for (qsizetype c = 0; c < m_sheet.criterionIds.size(); ++c) {
            if (!r.levels.at(c))
                return QStringLiteral("%1, %2: no level")
                    .arg(r.filename, m_sheet.criterionIds.at(c));
            if (r.why.at(c).isEmpty())
                return QStringLiteral("%1, %2: no justification")
                    .arg(r.filename, m_sheet.criterionIds.at(c));
        }
    }
    return {};
}

bool BlindSheet::markComplete(QString* error, const QDateTime& now)
{
    if (isComplete())
        return true;
    const QString gap = missing();
    if (!gap.isEmpty()) {
        *error = QStringLiteral("%1's sheet is not complete: %2").arg(m_rater, gap);
        return false;
    }
    m_completed = now.toUTC();
    return true;
}

bool BlindSheet::judgeVisible(const QString& filename) const
{
    if (isComplete())
        return true;
    for (const ScoreSheetRow& r : m_sheet.rows) {
        if (r.filename == filename)
            return false;
    }
    return true;
}

QJsonObject BlindSheet::toJson() const
{
    QJsonArray rows;
    for (const ScoreSheetRow& r : m_sheet.rows) {
        QJsonObject levels;
        QJsonObject why;
        for (qsizetype c = 0; c < m_sheet.criterionIds.size(); ++c) {
            levels.insert(m_sheet.criterionIds.at(c), levelJson(r.levels.at(c)));
            why.insert(m_sheet.criterionIds.at(c), r.why.at(c));
        }
        rows.append(QJsonObject{{QStringLiteral("filename"), r.filename},
                                {QStringLiteral("levels"), levels},
                                {QStringLiteral("why"), why}});
    }
    QJsonArray amendments;
    for (const SheetAmendment& a : m_amendments)
        amendments.append(QJsonObject{{QStringLiteral("time"), timeText(a.time)},
                                      {QStringLiteral("filename"), a.filename},
                                      {QStringLiteral("criterion"), a.criterionId},
                                      {QStringLiteral("level_before"), levelJson(a.levelBefore)},
                                      {QStringLiteral("level_after"), levelJson(a.levelAfter)},
                                      {QStringLiteral("why_before"), a.whyBefore},
                                      {QStringLiteral("why_after"), a.whyAfter},
                                      {QStringLiteral("reason"), a.reason}});
    return {{QStringLiteral("format"), FileFormat::text(QLatin1String(kKind), 1)},
            {QStringLiteral("rater"), m_rater},
            {QStringLiteral("criteria"), QJsonArray::fromStringList(m_sheet.criterionIds)},
            {QStringLiteral("rows"), rows},
            {QStringLiteral("completed_at"),
             isComplete() ? QJsonValue(timeText(m_completed)) : QJsonValue()},
            {QStringLiteral("amendments"), amendments}};
}

bool BlindSheet::writeFile(const QString& path, QString* error) const
{
    return WholeFile::write(path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented), error);
}

} // namespace pb
