#pragma once

#include "probe/JsonFieldReader.h"

#include <QString>
#include <optional>

namespace pb {

// The envelope every Probe Workbench file starts with: "format": "probebench/<kind>@<N>".
// One reading of it for every kind, so every reader refuses a file of another kind or of a
// newer version in the same words, and the CLI and the window choose the reader for a file
// from the kind it declares rather than from its name.
class FileFormat
{
public:
    // The largest file any kind reads whole.
    static constexpr qint64 kMaxFileBytes = 50 * 1024 * 1024;

    struct Tag
    {
        QString kind; // "probe", "judge-probe", "rubric", ...
        int version = 0;
    };

    // "probebench/judge-probe@1" -> {judge-probe, 1}; nothing for any other text.
    static std::optional<Tag> parse(const QString& text);
    static QString text(const QString& kind, int version);

    // Checks the "format" of the object top reads against kind@version; noun names such a
    // file in messages ("probe file", "judge probe"). Returns false when the file is of
    // another kind or version, so nothing else in it is worth checking; a missing or
    // malformed format is an error but reading goes on, to show every other problem too.
    static bool check(JsonFieldReader& top, const QString& kind, int version, const QString& noun);

    // The kind a file on disk declares, or empty when it cannot be read, is too large, is not
    // JSON or declares none.
    static QString kindOfFile(const QString& path);
};

} // namespace pb
