#pragma once

#include <QColor>
#include <QPalette>

namespace pb {

// Every colour the workbench draws that is not a palette role, in one place, each chosen to
// read on the palette it is drawn over in light and dark themes (the theme test checks the
// WCAG contrast of each against its background). Colours blended from the palette take it;
// colours fixed per theme (chart marks, criterion hues) take whether the theme is dark.
class ThemeColours
{
public:
    // Whether palette draws light text on a dark window.
    static bool isDark(const QPalette& palette);
    // The WCAG 2 contrast ratio of two opaque colours: 1 (same) to 21 (black on white).
    static double contrast(const QColor& a, const QColor& b);
    // Near-black or near-white, whichever reads better on background.
    static QColor inkOn(const QColor& background);

    // The palette of the Dark choice (drawn with Fusion) and of the Light one.
    static QPalette darkPalette();
    static QPalette lightPalette();

    // Backgrounds behind the palette's Text (word marks, table cells) or WindowText (banners).
    // Behind a word one variant has and the other does not.
    static QColor changedWord(const QPalette& palette);
    // Behind a word both variants have, with other capitals or punctuation.
    static QColor restyledWord(const QPalette& palette);
    static QColor warningBackground(const QPalette& palette);
    static QColor errorBackground(const QPalette& palette);
    static QColor infoBackground(const QPalette& palette);
    // Table cells: a finding the table is about (a flipped or differing verdict), a result
    // that is only noted (a wobble), and a detected result in the power table.
    static QColor findingCell(const QPalette& palette);
    static QColor notedCell(const QPalette& palette);
    static QColor detectedCell(const QPalette& palette);

    // Text on the palette's Base or Window: something failed or is invented, or something
    // was detected.
    static QColor alertText(bool dark);
    static QColor detectedText(bool dark);
    // A solid fill for what failed for good (the failed part of the run's progress bar),
    // strong enough to tell from the palette's highlight at a glance.
    static QColor failedFill(const QPalette& palette);

    // Chart marks, drawn over the palette's Base.
    static QColor gap(bool dark);
    static QColor interval(bool dark);
    static QColor average(bool dark);
    static QColor noise(bool dark);
    static QColor nullMass(bool dark);
    static QColor tail(bool dark);

    // The judge heat map's cell for a shift of intensity (-1 down to +1 up; 0 none).
    static QColor heat(double intensity, const QPalette& palette);
    // The background marking one rubric criterion's evidence (a distinct hue per index,
    // pale under dark text, deep under light text).
    static QColor criterion(int index, bool dark);
};

} // namespace pb
