#include "SmallDisk.h"

#include <QProcess>
#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

namespace pb::test {

SmallDisk::SmallDisk(int kilobytes)
{
    if (::geteuid() != 0) {
        m_why = QStringLiteral("mounting a small tmpfs needs root");
        return;
    }
    QProcess mount;
    mount.start(QStringLiteral("mount"),
                {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                 QStringLiteral("size=%1k").arg(kilobytes), QStringLiteral("tmpfs"), m_dir.path()});
    m_mounted = mount.waitForFinished(10000) && mount.exitStatus() == QProcess::NormalExit &&
                mount.exitCode() == 0;
    if (!m_mounted) {
        m_why = QStringLiteral("cannot mount a tmpfs here: %1")
                    .arg(QString::fromLocal8Bit(mount.readAllStandardError()).trimmed());
    }
}

SmallDisk::~SmallDisk()
{
    if (m_mounted) {
        QProcess::execute(QStringLiteral("umount"), {m_dir.path()});
    }
}

FileSizeLimit::FileSizeLimit(qint64 bytes)
{
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    m_previousSoft = qint64(limit.rlim_cur);
    m_previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    limit.rlim_cur = rlim_t(bytes);
    ::setrlimit(RLIMIT_FSIZE, &limit);
}

FileSizeLimit::~FileSizeLimit()
{
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = rlim_t(m_previousSoft);
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::signal(SIGXFSZ, m_previousHandler);
}

void FileSizeLimit::applyInChild(qint64 bytes)
{
    std::signal(SIGXFSZ, SIG_IGN); // dispositions set to ignore survive exec
    rlimit limit{};
    ::getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = rlim_t(bytes);
    ::setrlimit(RLIMIT_FSIZE, &limit);
}

} // namespace pb::test
