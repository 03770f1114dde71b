#include "project/ProbeFileProject.h"

#include "report/ResultsPlace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace pb {

namespace {

QByteArray embedded(const QString& name)
{
    QFile file(QStringLiteral(":/examples/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The file holds these bytes, or does not exist yet.
bool freeFor(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.exists())
        return true;
    return file.open(QIODevice::ReadOnly) && file.readAll() == bytes;
}

bool writeBytes(const QString& path, const QByteArray& bytes, QString* error)
{
    QDir().mkpath(QFileInfo(path).absolutePath()); // a file in a subfolder (a submission)
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QObject::tr("cannot write %1: %2")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

} // namespace

ProbeFileProject::ProbeFileProject(const QString& fileSuffix, QObject* parent)
    : QObject(parent), m_suffix(fileSuffix)
{
}

QString ProbeFileProject::displayName() const
{
    return m_path.isEmpty() ? untitledName() : QFileInfo(m_path).fileName();
}

bool ProbeFileProject::holdStore(const QString& probePath, StoreLock* lock, QString* error) const
{
    const QString store = defaultStorePath(QFileInfo(probePath).absoluteFilePath(), m_suffix);
    // Looking makes no folder: a probe never run has no store, and its first run's worker
    // takes the lock before it makes one.
    if (!QFileInfo(QFileInfo(store).absolutePath()).isDir())
        return true;
    QString refusal;
    if (lock->acquire(store, &refusal) || !StoreLock::otherHolder(store))
        return true;
    *error = refusal;
    return false;
}

bool ProbeFileProject::open(const QString& path, QString* error)
{
    QString warnings;
    if (!readDocument(path, error, &warnings))
        return false;
    StoreLock lock;
    if (!holdStore(path, &lock, error))
        return false;
    m_warnings = warnings;
    adoptRead();
    m_path = QFileInfo(path).absoluteFilePath();
    m_undo.clear();
    lock.moveTo(&m_lock);
    setHasResults(false); // until the store is read
    Q_EMIT documentChanged();
    Q_EMIT fileChanged();
    return true;
}

bool ProbeFileProject::save(QString* error)
{
    if (m_path.isEmpty()) {
        *error = tr("%1 has no file yet: use Save As").arg(untitledName());
        return false;
    }
    if (!writeDocument(m_path, error))
        return false;
    m_undo.setClean();
    return true;
}

bool ProbeFileProject::saveAs(const QString& path, QString* error)
{
    StoreLock lock;
    if (!holdStore(path, &lock, error) || !writeDocument(path, error))
        return false;
    lock.moveTo(&m_lock);
    m_path = QFileInfo(path).absoluteFilePath();
    m_undo.setClean();
    Q_EMIT fileChanged();
    return true;
}

bool ProbeFileProject::openExampleCopy(const QStringList& files, const QString& folderName,
                                       QString* error, const QString& parentFolder)
{
    QList<QByteArray> bytes;
    for (const QString& name : files) {
        bytes << embedded(name);
        // An empty file is shipped too (a grading's empty submission).
        if (!QFile::exists(QStringLiteral(":/examples/") + name)) {
            *error = tr("%1 is missing from this build").arg(name);
            return false;
        }
    }
    const QDir parent(parentFolder.isEmpty()
                          ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                          : parentFolder);
    QString folder;
    for (int n = 1; n < 1000 && folder.isEmpty(); ++n) {
        const QString candidate =
            parent.filePath(n == 1 ? folderName : QStringLiteral("%1-%2").arg(folderName).arg(n));
        bool free = true;
        for (int i = 0; i < files.size() && free; ++i)
            free = freeFor(QDir(candidate).filePath(files.at(i)), bytes.at(i));
        if (free)
            folder = candidate;
    }
    if (folder.isEmpty() || !QDir().mkpath(folder)) {
        *error = tr("cannot make a folder for %1 in %2")
                     .arg(files.value(0), QDir::toNativeSeparators(parent.absolutePath()));
        return false;
    }
    // The first file last: the others (a rubric) are in place before the probe naming them.
    for (int i = int(files.size()) - 1; i >= 0; --i) {
        if (!writeBytes(QDir(folder).filePath(files.at(i)), bytes.at(i), error))
            return false;
    }
    return open(QDir(folder).filePath(files.value(0)), error);
}

QString ProbeFileProject::defaultResultsFolder(const QString& probePath, const QString& suffix)
{
    return ResultsPlace::folder(probePath, suffix);
}

QString ProbeFileProject::exportFolder() const
{
    const QString data =
        QDir::cleanPath(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
    const QString probe = QDir::cleanPath(QFileInfo(m_path).absolutePath());
    const bool inData = !data.isEmpty() && (probe == data || probe.startsWith(data + u'/'));
    if (!m_path.isEmpty() && !inData)
        return resultsFolder();
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString ProbeFileProject::defaultStorePath(const QString& probePath, const QString& suffix)
{
    return ResultsPlace::store(probePath, suffix);
}

void ProbeFileProject::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    if (!m_lock.isHeld() && !m_path.isEmpty()) {
        // A first run made the results folder (its worker holds the lock while it writes):
        // the project holds the store from now on.
        StoreLock lock;
        QString ignored; // a store another process holds now is refused at the next run
        if (holdStore(m_path, &lock, &ignored) && lock.isHeld())
            lock.moveTo(&m_lock);
    }
    Q_EMIT runningChanged(running);
}

void ProbeFileProject::setHasResults(bool hasResults)
{
    if (m_hasResults == hasResults)
        return;
    m_hasResults = hasResults;
    Q_EMIT hasResultsChanged(hasResults);
}

} // namespace pb
