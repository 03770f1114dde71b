#include "probe/WholeFile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <memory>
#include <vector>

namespace pb {
namespace {

QString failure(const QString& path, const QString& reason, bool others)
{
    QString kept;
    if (QFileInfo::exists(path)) {
        kept = others ? QStringLiteral("; it and the files written with it are unchanged")
                      : QStringLiteral("; the file that was there is unchanged");
    }
    return QStringLiteral("%1: cannot write: %2%3")
        .arg(QDir::toNativeSeparators(path),
             reason.isEmpty() ? QStringLiteral("the system gave no reason") : reason, kept);
}

// Writes every byte to the open file, false when the system took fewer.
bool writeAll(QSaveFile& file, const QByteArray& bytes)
{
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0) {
            return false;
        }
        done += n;
    }
    return true;
}

} // namespace

bool WholeFile::write(const QString& path, const QByteArray& bytes, QString* error)
{
    return write(QList<Part>{{path, [&bytes] { return bytes; }}}, error);
}

bool WholeFile::write(const QList<Part>& files, QString* error)
{
    QString ignored;
    if (!error)
        error = &ignored;
    std::vector<std::unique_ptr<QSaveFile>> open;
    for (const Part& part : files) {
        auto file = std::make_unique<QSaveFile>(part.path);
        // Unbuffered, so a short write is seen here rather than lost in a flush whose failure
        // commit() would not report; writing the rest again gives the system's reason.
        if (!file->open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
            *error = failure(part.path, file->errorString(), files.size() > 1);
            return false; // every QSaveFile not committed throws its temporary file away
        }
        bool written = false;
        QString sourceError;
        if (part.pieces) {
            written = part.pieces([&](const QByteArray& piece) { return writeAll(*file, piece); },
                                  &sourceError);
        } else {
            written = writeAll(*file, part.bytes());
        }
        if (!written) {
            *error = sourceError.isEmpty()
                         ? failure(part.path, file->errorString(), files.size() > 1)
                         : sourceError;
            return false;
        }
        open.push_back(std::move(file));
    }
    for (const std::unique_ptr<QSaveFile>& file : open) {
        if (!file->commit()) {
            *error = failure(file->fileName(), file->errorString(), false);
            return false;
        }
    }
    return true;
}

} // namespace pb
