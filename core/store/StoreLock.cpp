#include "store/StoreLock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QMutex>
#include <QSysInfo>
#include <map>
#include <memory>
#include <utility>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <signal.h>
#endif

namespace pb {
namespace {

struct HeldLock
{
    std::unique_ptr<QLockFile> file;
    int holders = 0;
};

QMutex s_mutex;
std::map<QString, HeldLock>& registry()
{
    static std::map<QString, HeldLock> held;
    return held;
}

bool onThisMachine(const QString& host)
{
    return host.isEmpty() || host == QSysInfo::machineHostName();
}

// As QLockFile judges it: the process runs, and is the program that wrote the lock (a pid
// reused by another program after a crash does not hold anything).
bool processRuns(qint64 pid, const QString& app)
{
#ifdef Q_OS_UNIX
    if (::kill(pid_t(pid), 0) != 0 && errno != EPERM) {
        return false;
    }
    const QString exe =
        QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget(); // empty if unknown
    return exe.isEmpty() || app.isEmpty() || QFileInfo(exe).fileName() == app;
#else
    Q_UNUSED(pid);
    Q_UNUSED(app);
    return true;
#endif
}

std::optional<StoreHolder> holderOf(const QString& lockPath)
{
    QLockFile file(lockPath);
    StoreHolder h;
    if (!file.getLockInfo(&h.pid, &h.host, &h.app)) {
        return std::nullopt;
    }
    h.since = QFileInfo(lockPath).lastModified();
    return h;
}

} // namespace

QString StoreHolder::describe() const
{
    const QDateTime local = since.toLocalTime();
    const QString when = local.date() == QDate::currentDate()
                             ? local.toString(QStringLiteral("HH:mm"))
                             : local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    QString text = QStringLiteral("in use by %1, process %2")
                       .arg(app.isEmpty() ? QStringLiteral("another program") : app)
                       .arg(pid);
    if (!onThisMachine(host)) {
        text += QStringLiteral(" on host %1").arg(host);
    }
    if (since.isValid()) {
        text += QStringLiteral(", since %1").arg(when);
    }
    return text;
}

QString StoreHolder::refusal(const QString& storePath) const
{
    QString text = QStringLiteral("%1 is %2: only one program may write to a store at a time; "
                                  "wait until it is done or close it there, then try again")
                       .arg(QDir::toNativeSeparators(storePath), describe());
    if (!onThisMachine(host)) {
        text += QStringLiteral(" (if it no longer runs there, delete %1)")
                    .arg(QDir::toNativeSeparators(StoreLock::lockPath(storePath)));
    }
    return text;
}

QString StoreLock::canonicalPath(const QString& storePath)
{
    const QFileInfo info(storePath);
    const QString dir = QFileInfo(info.absolutePath()).canonicalFilePath();
    return QDir(dir.isEmpty() ? info.absolutePath() : dir).filePath(info.fileName());
}

QString StoreLock::lockPath(const QString& storePath)
{
    return storePath + QStringLiteral(".lock");
}

StoreLock::~StoreLock()
{
    release();
}

bool StoreLock::acquire(const QString& storePath, QString* error)
{
    const QString key = canonicalPath(storePath);
    if (key == m_key) {
        return true;
    }
    release();
    QMutexLocker locker(&s_mutex);
    auto it = registry().find(key);
    if (it == registry().end()) {
        auto file = std::make_unique<QLockFile>(lockPath(key));
        // A run holds its store for hours: only a dead holder makes a lock stale, never age.
        file->setStaleLockTime(0);
        if (!file->tryLock(0)) {
            const QString name = QDir::toNativeSeparators(storePath);
            if (file->error() == QLockFile::LockFailedError) {
                const std::optional<StoreHolder> holder = holderOf(lockPath(key));
                *error = holder ? holder->refusal(storePath)
                                : QStringLiteral("%1 is in use by another program: only one "
                                                 "program may write to a store at a time")
                                      .arg(name);
            } else {
                *error = QStringLiteral("%1: cannot make the lock file %2 that keeps a second "
                                        "program from writing to the store (%3)")
                             .arg(name, QDir::toNativeSeparators(lockPath(storePath)),
                                  file->error() == QLockFile::PermissionError
                                      ? QStringLiteral("permission denied")
                                      : QStringLiteral("the folder is missing or read-only, or "
                                                       "the disk is full"));
            }
            return false;
        }
        it = registry().emplace(key, HeldLock{std::move(file), 0}).first;
    }
    ++it->second.holders;
    m_key = key;
    m_storePath = storePath;
    return true;
}

void StoreLock::release()
{
    if (m_key.isEmpty()) {
        return;
    }
    QMutexLocker locker(&s_mutex);
    const auto it = registry().find(m_key);
    if (it != registry().end() && --it->second.holders <= 0) {
        registry().erase(it); // QLockFile's destructor removes the file
    }
    m_key.clear();
    m_storePath.clear();
}

void StoreLock::moveTo(StoreLock* other)
{
    if (other == this) {
        return;
    }
    other->release();
    other->m_key = std::exchange(m_key, QString());
    other->m_storePath = std::exchange(m_storePath, QString());
}

std::optional<StoreHolder> StoreLock::otherHolder(const QString& storePath)
{
    const QString key = canonicalPath(storePath);
    {
        QMutexLocker locker(&s_mutex);
        if (registry().count(key) > 0) {
            return std::nullopt;
        }
    }
    std::optional<StoreHolder> holder = holderOf(lockPath(key));
    if (!holder) {
        return std::nullopt;
    }
    if (onThisMachine(holder->host) && (holder->pid == QCoreApplication::applicationPid() ||
                                        !processRuns(holder->pid, holder->app))) {
        return std::nullopt;
    }
    return holder;
}

} // namespace pb
