#include "ZipWriter.h"

#include <QFile>
#include <QtEndian>
#include <cstring>
#include <sys/stat.h>
#include <zip.h>

namespace pb::test {

bool writeZip(const QString& path, const QList<ZipEntry>& entries, QString* error)
{
    int code = 0;
    zip_t* archive =
        zip_open(QFile::encodeName(path).constData(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!archive) {
        *error = QStringLiteral("zip_open failed: %1").arg(code);
        return false;
    }
    for (const ZipEntry& e : entries) {
        // libzip copies the buffer when the archive is closed; freep 0 keeps ours ours.
        zip_source_t* source =
            zip_source_buffer(archive, e.data.constData(), zip_uint64_t(e.data.size()), 0);
        const zip_int64_t index =
            source ? zip_file_add(archive, e.name.constData(), source, ZIP_FL_ENC_GUESS) : -1;
        if (index < 0) {
            if (source)
                zip_source_free(source);
            *error = QString::fromUtf8(zip_strerror(archive));
            zip_discard(archive);
            return false;
        }
        if (e.store)
            zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0);
        if (e.link)
            zip_file_set_external_attributes(archive, zip_uint64_t(index), 0, ZIP_OPSYS_UNIX,
                                             zip_uint32_t(S_IFLNK | 0777) << 16);
    }
    if (zip_close(archive) != 0) {
        *error = QString::fromUtf8(zip_strerror(archive));
        zip_discard(archive);
        return false;
    }
    return true;
}

bool declareSize(const QString& path, const QByteArray& name, quint32 size)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return false;
    QByteArray bytes = file.readAll();
    int patched = 0;
    // Local file header: signature, size at 22, name length at 26, name at 30.
    // Central directory header: signature, size at 24, name length at 28, name at 46.
    const struct
    {
        const char* signature;
        int sizeAt;
        int nameLengthAt;
        int nameAt;
    } headers[] = {{"PK\x03\x04", 22, 26, 30}, {"PK\x01\x02", 24, 28, 46}};
    for (const auto& h : headers) {
        for (qsizetype at = bytes.indexOf(h.signature); at >= 0;
             at = bytes.indexOf(h.signature, at + 4)) {
            if (at + h.nameAt + name.size() > bytes.size())
                break;
            const quint16 length =
                qFromLittleEndian<quint16>(bytes.constData() + at + h.nameLengthAt);
            if (length != name.size() || bytes.mid(at + h.nameAt, length) != name)
                continue;
            qToLittleEndian<quint32>(size, bytes.data() + at + h.sizeAt);
            ++patched;
        }
    }
    file.seek(0);
    return patched == 2 && file.write(bytes) == bytes.size();
}

} // namespace pb::test
