#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace pb {

// One submission of a folder to grade: its file name (the row's key in grades.csv and in the
// score sheets) and its text.
struct Submission
{
    QString filename;
    QString text;

    bool isEmpty() const; // GradeRow::isEmptySubmission: no call is made for it
};

// The submissions of a folder: every .txt and .md file directly in it (not in subfolders),
// sorted by name, read as UTF-8. A file over kMaxFileBytes, one that is not UTF-8 text, or
// one that cannot be read is refused with a message naming it, and so is a folder with more
// than kMaxFiles of them: a grading run never starts on a guess about what a file held.
// Other files (a README.pdf, a .DS_Store) are passed over and listed in *skipped.
class SubmissionFolder
{
public:
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;
    static constexpr int kMaxFiles = 5000;

    static std::optional<QList<Submission>> read(const QString& folder, QString* error,
                                                 QStringList* skipped = nullptr);
    // A folder, or a .zip read by SubmissionArchive, as the path says.
    static std::optional<QList<Submission>> readFolderOrArchive(const QString& path, QString* error,
                                                                QStringList* skipped = nullptr);
    static bool isSubmissionName(const QString& filename);
    // A submission's text from its file's bytes: UTF-8 (a byte-order mark dropped), at most
    // kMaxFileBytes; otherwise refused, naming `where`, the file as the user knows it.
    static std::optional<Submission> fromBytes(const QString& filename, const QByteArray& bytes,
                                               const QString& where, QString* error);
};

} // namespace pb
