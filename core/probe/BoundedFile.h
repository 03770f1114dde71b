#pragma once

#include "probe/ProbeProblem.h"

#include <QByteArray>
#include <QFileInfo>
#include <QString>
#include <optional>

namespace pb {

// Reads a whole input file (a probe, a judge probe, a rubric) no larger than a cap, so a
// mistaken pick in a file dialog cannot make a reader swallow gigabytes. On failure it says
// why in one sentence the readers show as they are: the file cannot be opened, is larger
// than a <noun> may be, or could not be read to the end.
class BoundedFile
{
public:
    static std::optional<QByteArray> read(const QString& path, qint64 maxBytes, const QString& noun,
                                          ProbeProblem* problem);

    // A reader's readFile, the one way for every kind: a LoadResult named for the file that
    // holds read()'s problem when the file cannot be used, else parse(bytes, sourceName).
    template <class LoadResult, class Parse>
    static LoadResult readAndParse(const QString& path, qint64 maxBytes, const QString& noun,
                                   Parse parse)
    {
        const QString sourceName = QFileInfo(path).fileName();
        ProbeProblem problem;
        const std::optional<QByteArray> bytes = read(path, maxBytes, noun, &problem);
        if (bytes)
            return parse(*bytes, sourceName);
        LoadResult result;
        result.sourceName = sourceName;
        result.problems << problem;
        return result;
    }
};

} // namespace pb
