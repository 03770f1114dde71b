#include "grading/SubmissionArchive.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <algorithm>
#include <memory>
#include <sys/stat.h>
#include <zip.h>

namespace pb {

namespace {

struct ArchiveCloser
{
    void operator()(zip_t* archive) const { zip_discard(archive); } // read only: nothing to write
};
struct EntryCloser
{
    void operator()(zip_file_t* file) const { zip_fclose(file); }
};
using Archive = std::unique_ptr<zip_t, ArchiveCloser>;
using Entry = std::unique_ptr<zip_file_t, EntryCloser>;

QString openError(int code)
{
    zip_error_t e;
    zip_error_init_with_code(&e, code);
    const QString text = QString::fromUtf8(zip_error_strerror(&e));
    zip_error_fini(&e);
    return text;
}

// Why a name cannot stand for a file inside the archive, or empty when it can. We never write
// entries to disk, but a name that climbs out is a crafted archive, not a class's submissions.
QString badName(const QString& name)
{
    for (const QChar c : name) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return QStringLiteral("has a control character in its name");
    }
    if (name.startsWith(QLatin1Char('/')) ||
        (name.size() >= 2 && name.at(1) == QLatin1Char(':') && name.at(0).isLetter()))
        return QStringLiteral("is an absolute path, outside the archive");
    if (name.split(QLatin1Char('/')).contains(QLatin1String("..")))
        return QStringLiteral("climbs out of the archive with \"..\"");
    return {};
}

bool isLink(zip_t* archive, zip_uint64_t index)
{
    zip_uint8_t system = 0;
    zip_uint32_t attributes = 0;
    if (zip_file_get_external_attributes(archive, index, 0, &system, &attributes) != 0)
        return false;
    return system == ZIP_OPSYS_UNIX && ((attributes >> 16) & S_IFMT) == S_IFLNK;
}

struct Listed
{
    QString name; // as stored, with '/' separators
    zip_uint64_t index = 0;
    zip_uint64_t declaredSize = 0;
};

// The folder the submissions sit in: "" for the top level, or "top/" when every file is in
// one top folder.
QString submissionRoot(const QList<Listed>& files)
{
    QString root;
    for (const Listed& f : files) {
        const qsizetype slash = f.name.indexOf(QLatin1Char('/'));
        if (slash < 0)
            return {};
        const QString top = f.name.left(slash + 1);
        if (!root.isEmpty() && top != root)
            return {};
        root = top;
    }
    return root;
}

bool passedOver(const QString& name)
{
    const QString last = name.section(QLatin1Char('/'), -1);
    return name.startsWith(QLatin1String("__MACOSX/")) || last.startsWith(QLatin1Char('.'));
}

} // namespace

std::optional<QList<Submission>> SubmissionArchive::read(const QString& zipPath, QString* error,
                                                         QStringList* skipped)
{
    const QString shown = QDir::toNativeSeparators(zipPath);
    int code = 0;
    const Archive archive(
        zip_open(QFile::encodeName(zipPath).constData(), ZIP_RDONLY | ZIP_CHECKCONS, &code));
    if (!archive) {
        *error = QStringLiteral("%1: not a ZIP archive that can be read (%2)")
                     .arg(shown, openError(code));
        return std::nullopt;
    }
    const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
    if (count > kMaxEntries) {
        *error = QStringLiteral("%1: %2 entries, more than the %3 an archive of submissions may "
                                "have")
                     .arg(shown)
                     .arg(count)
                     .arg(kMaxEntries);
        return std::nullopt;
    }
    QList<Listed> files;
    QHash<QString, int> seen;
    for (zip_int64_t i = 0; i < count; ++i) {
        const auto index = zip_uint64_t(i);
        zip_stat_t stat;
        const char* raw = zip_get_name(archive.get(), index, 0);
        if (!raw || zip_stat_index(archive.get(), index, 0, &stat) != 0) {
            *error = QStringLiteral("%1: entry %2 cannot be read (%3)")
                         .arg(shown)
                         .arg(i + 1)
                         .arg(QString::fromUtf8(zip_strerror(archive.get())));
            return std::nullopt;
        }
        QString name = QString::fromUtf8(raw);
        name.replace(QLatin1Char('\\'), QLatin1Char('/')); // archives made on Windows
        const QString where = QStringLiteral("%1: \"%2\"").arg(shown, name);
        if (const QString bad = badName(name); !bad.isEmpty()) {
            *error = QStringLiteral("%1 %2").arg(where, bad);
            return std::nullopt;
        }
        if (name.endsWith(QLatin1Char('/')))
            continue; // a folder
        if (seen.contains(name)) {
            *error = QStringLiteral("%1 appears twice in the archive").arg(where);
            return std::nullopt;
        }
        seen.insert(name, 1);
        if (passedOver(name)) {
            if (skipped)
                *skipped << name;
            continue;
        }
        if (isLink(archive.get(), index)) {
            *error = QStringLiteral("%1 is a link, not a file").arg(where);
            return std::nullopt;
        }
        if ((stat.valid & ZIP_STAT_ENCRYPTION_METHOD) && stat.encryption_method != ZIP_EM_NONE) {
            *error = QStringLiteral("%1 is encrypted; zip the submissions without a password")
                         .arg(where);
            return std::nullopt;
        }
        files << Listed{name, index, (stat.valid & ZIP_STAT_SIZE) ? stat.size : 0};
    }

    const QString root = submissionRoot(files);
    std::sort(files.begin(), files.end(),
              [](const Listed& a, const Listed& b) { return a.name < b.name; });
    QList<Submission> out;
    qint64 total = 0;
    for (const Listed& f : files) {
        const QString inRoot = f.name.mid(root.size());
        if (!f.name.startsWith(root) || inRoot.contains(QLatin1Char('/')) ||
            !SubmissionFolder::isSubmissionName(inRoot)) {
            if (skipped)
                *skipped << f.name;
            continue;
        }
        const QString where = QStringLiteral("%1: \"%2\"").arg(shown, f.name);
        if (out.size() == SubmissionFolder::kMaxFiles) {
            *error = QStringLiteral("%1: more than %2 submissions; grade it in parts")
                         .arg(shown)
                         .arg(SubmissionFolder::kMaxFiles);
            return std::nullopt;
        }
        if (f.declaredSize > zip_uint64_t(SubmissionFolder::kMaxFileBytes)) {
            *error = QStringLiteral("%1: %2 bytes, more than the 1 MiB a submission may have")
                         .arg(where)
                         .arg(f.declaredSize);
            return std::nullopt;
        }
        const Entry entry(zip_fopen_index(archive.get(), f.index, 0));
        if (!entry) {
            *error = QStringLiteral("%1 cannot be opened (%2)")
                         .arg(where, QString::fromUtf8(zip_strerror(archive.get())));
            return std::nullopt;
        }
        // Read to the end (so libzip checks the entry's checksum), but never past the limit
        // whatever the archive declared.
        QByteArray bytes;
        char chunk[64 * 1024];
        while (bytes.size() <= SubmissionFolder::kMaxFileBytes) {
            const zip_int64_t n = zip_fread(entry.get(), chunk, sizeof chunk);
            if (n < 0) {
                *error = QStringLiteral("%1 is damaged (%2)")
                             .arg(where, QString::fromUtf8(zip_file_strerror(entry.get())));
                return std::nullopt;
            }
            if (n == 0)
                break;
            bytes.append(chunk, qsizetype(n));
        }
        total += bytes.size();
        if (total > kMaxTotalBytes) {
            *error = QStringLiteral("%1: more than %2 MiB of submissions in all; grade it in "
                                    "parts")
                         .arg(shown)
                         .arg(kMaxTotalBytes / (1024 * 1024));
            return std::nullopt;
        }
        std::optional<Submission> one = SubmissionFolder::fromBytes(inRoot, bytes, where, error);
        if (!one)
            return std::nullopt;
        out << *one;
    }
    return out;
}

} // namespace pb
