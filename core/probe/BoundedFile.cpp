#include "probe/BoundedFile.h"

#include <QFile>

namespace pb {

std::optional<QByteArray> BoundedFile::read(const QString& path, qint64 maxBytes,
                                            const QString& noun, ProbeProblem* problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = ProbeProblem::error(
            QString(), QStringLiteral("cannot open the file: %1").arg(file.errorString()));
        return std::nullopt;
    }
    const qint64 mb = 1024 * 1024;
    if (file.size() > maxBytes) {
        // Whole megabytes would call a 4.5 MB file "4 MB" against a 4 MB cap.
        *problem = ProbeProblem::error(
            QString(), QStringLiteral("the file is %1 MB; a %2 may be at most %3 MB")
                           .arg(QString::number(double(file.size()) / mb, 'f', 1), noun)
                           .arg(maxBytes / mb));
        return std::nullopt;
    }
    // One byte past the cap, so a file that grows while it is read is caught too.
    QByteArray bytes = file.read(maxBytes + 1);
    if (file.error() != QFileDevice::NoError) {
        *problem = ProbeProblem::error(
            QString(), QStringLiteral("cannot read the file: %1").arg(file.errorString()));
        return std::nullopt;
    }
    if (bytes.size() > maxBytes) {
        *problem = ProbeProblem::error(
            QString(), QStringLiteral("the file grew past %1 MB while it was read; a %2 may be "
                                      "at most %1 MB")
                           .arg(maxBytes / mb)
                           .arg(noun));
        return std::nullopt;
    }
    return bytes;
}

} // namespace pb
