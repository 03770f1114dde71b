#pragma once

#include <QColor>
#include <QPalette>

namespace pb {

// Colours for marks the system palette has no role for (changed words, warnings,
// errors), chosen to read on the palette's own background in light and dark themes.
class Tint
{
public:
    static bool isDark(const QPalette& palette);
    // Behind a word one variant has and the other does not.
    static QColor changedWord(const QPalette& palette);
    static QColor warningBackground(const QPalette& palette);
    static QColor errorBackground(const QPalette& palette);
    static QColor infoBackground(const QPalette& palette);
    // A solid fill for what failed for good (the failed part of the run's progress bar),
    // strong enough to tell from the palette's highlight at a glance.
    static QColor failedFill(const QPalette& palette);
};

} // namespace pb
