#include "project/UntitledFolder.h"

#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"
#include "project/ProbeProject.h"
#include "store/RunStore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace pb {

namespace {

constexpr qint64 kQuietSeconds = 3600;

bool holdsNothing(const QString& path, const QStringList& blankDrafts)
{
    RunStore store;
    QString error;
    if (!store.open(path, &error)) {
        return false; // unreadable, damaged or in use: not ours to judge
    }
    QList<RunRecord> runs;
    QString sheet;
    QString draft;
    return store.runs(&runs, &error) && runs.isEmpty() && store.loadByHandSheet(&sheet, &error) &&
           sheet.isEmpty() && store.loadDraft(&draft, &error) && blankDrafts.contains(draft);
}

} // namespace

QString UntitledFolder::path()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

bool UntitledFolder::isUntitledName(const QString& path)
{
    const QFileInfo file(path);
    return file.fileName().startsWith(QLatin1String("untitled-")) &&
           file.suffix() == QLatin1String("pbrun");
}

QStringList UntitledFolder::removeUnused(const QString& folder, const QStringList& blankDrafts,
                                         const QString& keep)
{
    QStringList removed;
    const QDateTime quietSince = QDateTime::currentDateTimeUtc().addSecs(-kQuietSeconds);
    const QString kept = keep.isEmpty() ? QString() : QFileInfo(keep).absoluteFilePath();
    const QFileInfoList files =
        QDir(folder).entryInfoList({QStringLiteral("untitled-*.pbrun")}, QDir::Files, QDir::Name);
    for (const QFileInfo& file : files) {
        const QString path = file.absoluteFilePath();
        if (path == kept || !isUntitledName(path) ||
            QFileInfo::exists(path + QStringLiteral("-wal")) ||
            QFileInfo::exists(path + QStringLiteral("-shm")) ||
            file.lastModified().toUTC() > quietSince) {
            continue;
        }
        if (!holdsNothing(path, blankDrafts)) {
            continue;
        }
        // The store was closed above; it leaves its companions behind only if in use.
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        if (QFile::remove(path)) {
            removed << path;
        }
    }
    return removed;
}

QStringList UntitledFolder::blankDrafts()
{
    QStringList drafts{QString::fromUtf8(ProbeWriter::toJson(ProbeProject::blankDocument()))};
    const ProbeLoadResult tutorial =
        ProbeReader::readFile(QStringLiteral(":/examples/style-probe.probe.json"));
    if (tutorial.ok()) {
        drafts << QString::fromUtf8(ProbeWriter::toJson(*tutorial.document));
    }
    return drafts;
}

void UntitledFolder::startRemovingUnused(WorkerThread* worker, const QString& keep)
{
    worker->run(
        [folder = path(), drafts = blankDrafts(), keep] { removeUnused(folder, drafts, keep); });
}

} // namespace pb
