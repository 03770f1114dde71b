#include "store/StoreBackup.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>
#include <filesystem>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace pb {
namespace {

QAtomicInt s_counter;

// VACUUM INTO leaves syncing its output to the caller; the copy must survive a power cut
// once Save As has said it is done.
void syncToDisk(const QString& path)
{
#ifdef Q_OS_UNIX
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
#else
    Q_UNUSED(path);
#endif
}

bool hasLog(const QString& path)
{
    const QFileInfo wal(path + QStringLiteral("-wal"));
    return wal.exists() && wal.size() > 0;
}

// Runs VACUUM INTO on a connection that is opened, used and removed here, so it never
// meets another thread's connection. Returns SQLite's complaint, empty on success.
QString vacuumInto(const QString& from, const QString& part)
{
    const QString name = QStringLiteral("pb-storebackup-%1").arg(s_counter.fetchAndAddRelaxed(1));
    QString failure;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(from);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            failure = db.lastError().text();
        } else {
            QSqlQuery q(db);
            bool ok = q.prepare(QStringLiteral("VACUUM INTO ?"));
            if (ok) {
                q.addBindValue(part);
                ok = q.exec();
            }
            if (!ok) {
                failure = q.lastError().text();
            }
            q.finish();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return failure;
}

} // namespace

bool StoreBackup::copy(const QString& from, const QString& to, Existing existing, QString* error)
{
    const QFileInfo source(from);
    const QFileInfo target(to);
    if (!source.isFile()) {
        *error = QStringLiteral("%1: no such file").arg(from);
        return false;
    }
    if (source.absoluteFilePath() == target.absoluteFilePath() ||
        (target.exists() && source.canonicalFilePath() == target.canonicalFilePath())) {
        *error = QStringLiteral("%1: is the project being copied; choose another name").arg(to);
        return false;
    }
    if (target.exists()) {
        if (existing == Existing::Refuse) {
            *error = QStringLiteral("%1: already exists; choose another name or confirm "
                                    "replacing it")
                         .arg(to);
            return false;
        }
        if (!target.isFile()) {
            *error = QStringLiteral("%1: is not a file, so it cannot be replaced").arg(to);
            return false;
        }
        if (hasLog(to)) {
            *error = QStringLiteral("%1: is open in another window or program, or was not closed "
                                    "cleanly; close it there, or choose another name")
                         .arg(to);
            return false;
        }
    }
    if (!target.absoluteDir().exists()) {
        *error = QStringLiteral("%1: the folder %2 does not exist")
                     .arg(to, QDir::toNativeSeparators(target.absolutePath()));
        return false;
    }

    QString part;
    do {
        part = QStringLiteral("%1.part-%2-%3")
                   .arg(target.absoluteFilePath())
                   .arg(QCoreApplication::applicationPid())
                   .arg(s_counter.fetchAndAddRelaxed(1));
    } while (QFileInfo::exists(part));
    const auto discard = [&part] {
        for (const QString& suffix : {QString(), QStringLiteral("-journal"), QStringLiteral("-wal"),
                                      QStringLiteral("-shm")}) {
            QFile::remove(part + suffix);
        }
    };
    const QString failure = vacuumInto(from, part);
    if (!failure.isEmpty()) {
        *error = QStringLiteral("%1: cannot write the copy of %2: %3").arg(to, from, failure);
        discard();
        return false;
    }
    syncToDisk(part);
    // An empty log or index left by the replaced file would be read as the new copy's.
    QFile::remove(target.absoluteFilePath() + QStringLiteral("-wal"));
    QFile::remove(target.absoluteFilePath() + QStringLiteral("-shm"));
    std::error_code failed;
    // Replaces an existing target in one step (rename(2)); QFile::rename would not.
    std::filesystem::rename(std::filesystem::path(part.toStdU16String()),
                            std::filesystem::path(target.absoluteFilePath().toStdU16String()),
                            failed);
    if (failed) {
        *error = QStringLiteral("%1: cannot put the copy in place: %2")
                     .arg(to, QString::fromStdString(failed.message()));
        discard();
        return false;
    }
    syncToDisk(target.absolutePath());
    return true;
}

} // namespace pb
