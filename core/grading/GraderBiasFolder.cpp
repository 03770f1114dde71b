#include "grading/GraderBiasFolder.h"

#include "grading/GradingProject.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace pb {

namespace {

bool writeWhole(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit())
        return true;
    *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
    return false;
}

} // namespace

GraderBiasFolder GraderBiasFolder::of(const QString& projectPath, GraderBiasProbe::Bias bias,
                                      const QString& folder, const QString& storePath)
{
    QString name = QFileInfo(projectPath).fileName();
    if (name.endsWith(QLatin1String(GradingProject::kSuffix)))
        name.chop(qsizetype(qstrlen(GradingProject::kSuffix)));
    name += QStringLiteral("-") + GraderBiasProbe::biasName(bias) + QStringLiteral("-bias");
    GraderBiasFolder out;
    out.bias = bias;
    out.folder = folder.isEmpty() ? QFileInfo(projectPath).dir().filePath(name) : folder;
    out.probePath = QDir(out.folder).filePath(name + QStringLiteral(".judge.json"));
    out.storePath = storePath.isEmpty() ? QDir(out.folder).filePath(name + QStringLiteral(".pbrun"))
                                        : storePath;
    return out;
}

bool GraderBiasFolder::writeProbe(const JudgeProbeDocument& doc, QString* error) const
{
    if (!QDir().mkpath(folder)) {
        *error =
            QStringLiteral("%1: cannot create the folder").arg(QDir::toNativeSeparators(folder));
        return false;
    }
    return JudgeProbeWriter::writeFile(doc, probePath, error);
}

std::optional<JudgeProbeDocument> GraderBiasFolder::readProbe(QString* error) const
{
    const JudgeProbeLoadResult read = JudgeProbeReader::readFile(probePath);
    if (!read.ok()) {
        *error = read.text();
        return std::nullopt;
    }
    return *read.document;
}

GraderBiasFolder::Stored GraderBiasFolder::read() const
{
    Stored out;
    if (!QFileInfo::exists(probePath))
        return out; // never measured here
    out.doc = readProbe(&out.error);
    if (!out.doc)
        return out;
    out.judged = JudgeProbeRun::readStored(*out.doc, storePath);
    out.error = out.judged.error;
    if (!out.error.isEmpty())
        return out;
    out.report = GraderBiasReport::compute(*out.doc, out.judged.analysis, bias,
                                           GraderBiasProbe::countermeasureOf(*out.doc));
    return out;
}

bool GraderBiasFolder::writeReport(const GraderBiasReport& report, QString* error) const
{
    return writeWhole(QDir(folder).filePath(QStringLiteral("bias.md")), report.markdown().toUtf8(),
                      error) &&
           writeWhole(QDir(folder).filePath(QStringLiteral("bias.json")), report.json(), error);
}

} // namespace pb
