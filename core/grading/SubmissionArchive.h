#pragma once

#include "grading/SubmissionFolder.h"

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// The submissions of a ZIP archive, read in memory and never extracted to disk: the .txt and
// .md files at the archive's top level or, when every file sits in one folder (a zipped
// folder), directly in that folder; sorted by name and read as SubmissionFolder reads a file.
// Files deeper down, other files, macOS resource forks (__MACOSX/) and hidden files are
// passed over and listed in *skipped.
//
// An archive is refused, with a message naming the archive and the entry, rather than read in
// part: an entry whose name leaves the archive (absolute, a drive letter, a ".." part, a
// control character), a link, an encrypted entry, a name that appears twice, a damaged entry
// (its checksum), more than kMaxEntries entries, more than SubmissionFolder::kMaxFiles
// submissions, a submission over SubmissionFolder::kMaxFileBytes, or more than kMaxTotalBytes
// of submissions in all. Sizes are checked against what the archive declares before anything
// is inflated, and again against what inflating actually gives, so an archive that lies about
// its sizes (a zip bomb) is stopped after at most one byte past the limit.
class SubmissionArchive
{
public:
    static constexpr int kMaxEntries = 20000;
    static constexpr qint64 kMaxTotalBytes = 64LL * 1024 * 1024;

    static std::optional<QList<Submission>> read(const QString& zipPath, QString* error,
                                                 QStringList* skipped = nullptr);
};

} // namespace pb
