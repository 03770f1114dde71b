#pragma once

#include <QString>

namespace pb::test {

// Damages a closed store file the way a bad disk or a stray write would: 8 bytes at the start
// of one leaf page of its calls table (the middle one) are overwritten, so SQLite can no
// longer read the rows on that page. False, with *why, when SQLite cannot list the file's
// pages (a build without its dbstat table) or the file cannot be written; callers QSKIP.
bool damageCallsPage(const QString& storePath, QString* why);

} // namespace pb::test
