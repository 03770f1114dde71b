#pragma once

#include "judge/JudgeProbeDocument.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// Builds content-free variants of a base artifact: padding (one variant per pad) and bylines
// (one variant per name). Both are the "same" pair shape: the rubric content is untouched,
// so each variant deserves exactly its base's verdicts.
class VariantGenerator
{
public:
    struct Padding
    {
        QStringList pads;
        QString separator = QStringLiteral(" "); // the tutorial appends " " + PAD
        bool atStart = false;
    };
    struct Byline
    {
        QStringList names;
        QString pattern = QStringLiteral("Written by: {name}"); // the lab's byline
        QString separator = QStringLiteral("\n\n");
        bool atStart = true;
    };

    // Variant ids: "padded" for a single pad, else "padded-1", "padded-2", ...
    static QList<JudgeVariant> padding(const JudgeVariant& base, const Padding& spec);
    // Variant ids: "byline-" + the name in lower case with runs of other characters as "-".
    static QList<JudgeVariant> byline(const JudgeVariant& base, const Byline& spec);

    static QString slug(const QString& text);
};

} // namespace pb
