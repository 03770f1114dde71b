#pragma once

#include "nameset/NameSetDocument.h"
#include "probe/FileFormat.h"
#include "probe/FileProblems.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace pb {

// What loading a name-set probe produced: every problem, and the document only when none is
// an error.
struct NameSetLoadResult : FileProblems
{
    std::optional<NameSetDocument> document;

    bool ok() const { return document.has_value(); }
};

// Reads probebench/name-set@1 (docs/name-set-format.md). Every problem is named by its path
// ("names[3].fields.pronoun: missing: the document uses {pronoun}"); the held-fixed settings
// and the noise check are read as a model probe's are.
class NameSetReader
{
public:
    static constexpr const char* kKind = "name-set";
    static constexpr qint64 kMaxFileBytes = FileFormat::kMaxFileBytes;

    static NameSetLoadResult readFile(const QString& path);
    static NameSetLoadResult parse(const QByteArray& bytes, const QString& sourceName);
};

} // namespace pb
