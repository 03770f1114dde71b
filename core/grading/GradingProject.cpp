#include "grading/GradingProject.h"

#include "grading/GradingSettings.h"
#include "judge/JudgeProbeWriter.h"
#include "probe/BoundedFile.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"
#include "probe/ProbeWriter.h"
#include "probe/WholeFile.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace pb {

namespace {

using ojson = nlohmann::ordered_json;

// A list of distinct non-empty strings under key; each bad entry is named by its index.
QStringList readNames(JsonFieldReader& top, const char* key, QList<ProbeProblem>* problems)
{
    QStringList out;
    const nlohmann::json* list = top.array(key, JsonFieldReader::Need::Optional);
    if (!list)
        return out;
    const QString path = top.pathOf(QLatin1String(key));
    QSet<QString> seen;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        const std::optional<QString> name = JsonFieldReader::asString(list->at(i), at, problems);
        if (!name)
            continue;
        if (name->trimmed().isEmpty())
            problems->append(ProbeProblem::error(at, QStringLiteral("empty")));
        else if (seen.contains(*name))
            problems->append(
                ProbeProblem::error(at, QStringLiteral("\"%1\" is listed twice").arg(*name)));
        else {
            seen.insert(*name);
            out << *name;
        }
    }
    return out;
}

// "revisions": objects with a rubric path and the reason for the revision, both required.
QList<GradingProject::Revision> readRevisions(JsonFieldReader& top, QList<ProbeProblem>* problems)
{
    QList<GradingProject::Revision> out;
    const nlohmann::json* list = top.array("revisions", JsonFieldReader::Need::Optional);
    if (!list)
        return out;
    const QString path = top.pathOf(QStringLiteral("revisions"));
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (!list->at(i).is_object()) {
            problems->append(ProbeProblem::error(
                at, QStringLiteral("give an object with \"rubric\" and \"why\"")));
            continue;
        }
        JsonFieldReader entry(list->at(i), at, problems);
        entry.checkKeys({QStringLiteral("rubric"), QStringLiteral("why")});
        const std::optional<QString> rubric =
            entry.nonEmptyString("rubric", JsonFieldReader::Need::Required);
        const std::optional<QString> why =
            entry.nonEmptyString("why", JsonFieldReader::Need::Required);
        if (rubric && why)
            out.append({*rubric, *why});
    }
    return out;
}

ojson names(const QStringList& list)
{
    ojson out = ojson::array();
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

} // namespace

QString GradingProject::resolve(const QString& projectPath, const QString& written)
{
    if (written.isEmpty())
        return QString();
    return QDir::cleanPath(QFileInfo(projectPath).absoluteDir().absoluteFilePath(written));
}

QString GradingProject::rubricPath(const QString& projectPath, int revision) const
{
    if (revision == 0)
        return rubricPath(projectPath);
    if (revision < 0 || revision > revisions.size())
        return QString();
    return resolve(projectPath, revisions.at(revision - 1).rubric);
}

QString GradingProject::revisionFolderName(int revision)
{
    return QStringLiteral("revision-%1").arg(revision);
}

std::optional<GradingProject> GradingProject::parse(const QByteArray& bytes,
                                                    const QString& sourceName, QString* error,
                                                    QString* warnings)
{
    QList<ProbeProblem> problems;
    const std::optional<nlohmann::json> root =
        JsonFieldReader::parseObject(bytes, QStringLiteral("grading project"), &problems);
    GradingProject out;
    if (root) {
        JsonFieldReader top(*root, QString(), &problems);
        if (FileFormat::check(top, QLatin1String(kKind), 1, QStringLiteral("grading project"))) {
            top.checkKeys({QStringLiteral("format"), QStringLiteral("title"),
                           QStringLiteral("rubric"), QStringLiteral("submissions"),
                           QStringLiteral("judges"), QStringLiteral("evidence"),
                           QStringLiteral("calibration"), QStringLiteral("blind_sheets"),
                           QStringLiteral("revisions")});
            if (const auto t = top.string("title", JsonFieldReader::Need::Optional))
                out.title = *t;
            if (const auto r = top.nonEmptyString("rubric", JsonFieldReader::Need::Required))
                out.rubric = *r;
            if (const auto s = top.nonEmptyString("submissions", JsonFieldReader::Need::Required))
                out.submissions = *s;
            GradingSettings::readJudgeAndEvidence(top, &problems, &out.judge, &out.evidence);
            out.calibration = readNames(top, "calibration", &problems);
            out.blindSheets = readNames(top, "blind_sheets", &problems);
            out.revisions = readRevisions(top, &problems);
            if (!out.revisions.isEmpty() && out.calibration.isEmpty())
                top.error(QStringLiteral("revisions"),
                          QStringLiteral("a revision is graded on the calibration files; list "
                                         "them under \"calibration\""));
        }
    }
    const FileProblems found{sourceName, problems};
    if (!root || found.hasErrors()) {
        *error = found.errorText();
        return std::nullopt;
    }
    if (warnings)
        *warnings = found.warningText();
    return out;
}

std::optional<GradingProject> GradingProject::readFile(const QString& path, QString* error,
                                                       QString* warnings)
{
    const QString name = QFileInfo(path).fileName();
    ProbeProblem problem;
    const std::optional<QByteArray> bytes =
        BoundedFile::read(path, kMaxFileBytes, QStringLiteral("grading project"), &problem);
    if (!bytes) {
        *error = FileProblems{name, {problem}}.errorText();
        return std::nullopt;
    }
    return parse(*bytes, name, error, warnings);
}

QByteArray GradingProject::toJson() const
{
    ojson root = ojson::object();
    root["format"] = FileFormat::text(QLatin1String(kKind), 1).toStdString();
    if (!title.isEmpty())
        root["title"] = title.toStdString();
    root["rubric"] = rubric.toStdString();
    root["submissions"] = submissions.toStdString();
    root["judges"] = ojson::array({JudgeProbeWriter::judgeObject(judge)});
    root["evidence"] = {{"fuzzy_threshold", evidence.fuzzyThreshold}};
    if (!calibration.isEmpty())
        root["calibration"] = names(calibration);
    if (!blindSheets.isEmpty())
        root["blind_sheets"] = names(blindSheets);
    if (!revisions.isEmpty()) {
        ojson list = ojson::array();
        for (const Revision& r : revisions)
            list.push_back({{"rubric", r.rubric.toStdString()}, {"why", r.why.toStdString()}});
        root["revisions"] = list;
    }
    return ProbeWriter::fileBytes(root);
}

bool GradingProject::writeFile(const QString& path, QString* error) const
{
    return WholeFile::write(path, toJson(), error);
}

} // namespace pb
