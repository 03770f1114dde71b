#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace pb::test {

// Writes ZIP archives for the tests, through libzip (the library the workbench reads them
// with), including the shapes an honest archiver never makes: names that leave the archive,
// links, stored (uncompressed) entries whose bytes a test then damages.
struct ZipEntry
{
    QByteArray name; // as stored, raw
    QByteArray data;
    bool link = false;  // a Unix symbolic link whose target is data
    bool store = false; // stored, not deflated
};

// False with a message in *error when libzip refuses.
bool writeZip(const QString& path, const QList<ZipEntry>& entries, QString* error);
// Sets every declared uncompressed size of the entry named `name` (local header and central
// directory) to `size`, as a zip bomb that lies about its sizes would.
bool declareSize(const QString& path, const QByteArray& name, quint32 size);

} // namespace pb::test
