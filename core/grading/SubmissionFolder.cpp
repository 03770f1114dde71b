#include "grading/SubmissionFolder.h"

#include "grading/GradeRow.h"
#include "grading/SubmissionArchive.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>
#include <algorithm>

namespace pb {

bool Submission::isEmpty() const
{
    return GradeRow::isEmptySubmission(text);
}

bool SubmissionFolder::isSubmissionName(const QString& filename)
{
    return filename.endsWith(QLatin1String(".txt"), Qt::CaseInsensitive) ||
           filename.endsWith(QLatin1String(".md"), Qt::CaseInsensitive);
}

std::optional<QList<Submission>> SubmissionFolder::read(const QString& folder, QString* error,
                                                        QStringList* skipped)
{
    const QDir dir(folder);
    const QString shown = QDir::toNativeSeparators(folder);
    if (!QFileInfo(folder).isDir()) {
        *error = QStringLiteral("%1: not a folder").arg(shown);
        return std::nullopt;
    }
    if (!QFileInfo(folder).isReadable()) {
        *error = QStringLiteral("%1: the folder cannot be read").arg(shown);
        return std::nullopt;
    }
    // Byte order, not the locale's collation: the same folder sorts the same everywhere.
    QStringList names = dir.entryList(QDir::Files | QDir::Hidden, QDir::NoSort);
    std::sort(names.begin(), names.end());
    QList<Submission> out;
    for (const QString& name : names) {
        if (!isSubmissionName(name)) {
            if (skipped)
                *skipped << name;
            continue;
        }
        if (out.size() == kMaxFiles) {
            *error = QStringLiteral("%1: more than %2 submissions; grade it in parts")
                         .arg(shown)
                         .arg(kMaxFiles);
            return std::nullopt;
        }
        const QString path = dir.filePath(name);
        const QString where = QDir::toNativeSeparators(path);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("%1: %2").arg(where, file.errorString());
            return std::nullopt;
        }
        if (file.size() > kMaxFileBytes) {
            *error = QStringLiteral("%1: %2 bytes, more than the %3 a submission may have")
                         .arg(where)
                         .arg(file.size())
                         .arg(QStringLiteral("1 MiB"));
            return std::nullopt;
        }
        std::optional<Submission> one = fromBytes(name, file.read(kMaxFileBytes + 1), where, error);
        if (!one)
            return std::nullopt; // grew past the limit while being read, or not UTF-8
        out << *one;
    }
    return out;
}

std::optional<Submission> SubmissionFolder::fromBytes(const QString& filename,
                                                      const QByteArray& bytes, const QString& where,
                                                      QString* error)
{
    if (bytes.size() > kMaxFileBytes) {
        *error = QStringLiteral("%1: more than the 1 MiB a submission may have").arg(where);
        return std::nullopt;
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8(bytes);
    if (utf8.hasError()) {
        *error = QStringLiteral("%1: not UTF-8 text; save it as UTF-8 and grade again").arg(where);
        return std::nullopt;
    }
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    return Submission{filename, text};
}

std::optional<QList<Submission>>
SubmissionFolder::readFolderOrArchive(const QString& path, QString* error, QStringList* skipped)
{
    const QFileInfo info(path);
    if (!info.isDir() && info.suffix().compare(QLatin1String("zip"), Qt::CaseInsensitive) == 0)
        return SubmissionArchive::read(path, error, skipped);
    return read(path, error, skipped);
}

} // namespace pb
