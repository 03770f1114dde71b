#pragma once

#include "design/DiffSpan.h"

#include <QList>
#include <QPalette>
#include <QString>

namespace pb {

// Renders one side of a VariantDiff as HTML: words the other side lacks are wrapped in
// <span class="changed">, words it has with other capitals or punctuation in
// <span class="restyled">; the text between words is kept, newlines as <br>.
class DiffHtml
{
public:
    static QString render(const QString& text, const QList<DiffSpan>& spans);
    // The style sheet for those classes: ThemeColours' word marks under palette's Text.
    static QString styleSheet(const QPalette& palette);
};

} // namespace pb
