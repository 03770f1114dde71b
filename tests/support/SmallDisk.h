#pragma once

#include <QString>
#include <QTemporaryDir>

namespace pb::test {

// A tmpfs of a few hundred KB mounted for one test, to fill a disk for real. Needs root (and a
// system that lets it mount); ok() is false otherwise and the caller QSKIPs with why().
// Unmounted when it goes.
class SmallDisk
{
public:
    explicit SmallDisk(int kilobytes);
    ~SmallDisk();
    SmallDisk(const SmallDisk&) = delete;
    SmallDisk& operator=(const SmallDisk&) = delete;

    bool ok() const { return m_mounted; }
    QString why() const { return m_why; }
    QString path() const { return m_dir.path(); }
    QString filePath(const QString& name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
    QString m_why;
};

// Lowers this process's file size limit (RLIMIT_FSIZE) for its lifetime, so a write past
// `bytes` fails as on a full disk ("File too large") without root. SIGXFSZ is ignored
// meanwhile, so the write fails instead of killing the process.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(qint64 bytes);
    ~FileSizeLimit();
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

    // For QProcess::setChildProcessModifier: the same limit in a child, set before it runs.
    static void applyInChild(qint64 bytes);

private:
    qint64 m_previousSoft = -1;
    void (*m_previousHandler)(int) = nullptr;
};

} // namespace pb::test
