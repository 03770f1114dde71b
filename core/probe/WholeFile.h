#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <functional>

namespace pb {

// Writes a file whole or not at all: every output the workbench writes (results, logs,
// probes, rubrics) goes through here. The bytes go to a temporary file beside the target
// (QSaveFile) that replaces it only once every byte is written; when any write fails (a full
// disk, a file size limit, a vanished folder) the previous file stays as it was and *error
// names the file and gives the system's reason: "<path>: cannot write: No space left on
// device; the file that was there is unchanged".
class WholeFile
{
public:
    // Takes the next piece of a file's bytes; false when the write failed.
    using Sink = std::function<bool(const QByteArray&)>;

    // One file of a group: its path and what makes its bytes (called when its turn comes, so
    // only one file's bytes are held at a time).
    struct Part
    {
        QString path;
        std::function<QByteArray()> bytes;
        // Instead of bytes, for a file too large to hold whole (a million-call log): hands
        // its bytes to the sink piece by piece. False when the sink refused a piece, or when
        // the bytes could not all be made, then with *error saying why.
        std::function<bool(const Sink& sink, QString* error)> pieces = {};
    };

    // error may be null, for a caller that only needs to know whether it worked.
    static bool write(const QString& path, const QByteArray& bytes, QString* error);
    // Several files that belong together (a results folder): every one is written out before
    // any replaces its previous version, so a failed write leaves all of them as they were.
    static bool write(const QList<Part>& files, QString* error);
};

} // namespace pb
