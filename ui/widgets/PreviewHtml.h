#pragma once

#include <QPalette>
#include <QString>

namespace pb {

// A report's exported HTML made fit for an in-window preview. Qt's rich text ignores the
// report's prefers-color-scheme rule, so the light colours written for a browser are swapped
// for the palette's own roles (text, code background, table rules): the preview reads in
// light and dark themes, while the exported file keeps its own style sheet.
class PreviewHtml
{
public:
    static QString forPalette(QString html, const QPalette& palette);
};

} // namespace pb
