#pragma once

#include <QCoreApplication>

class QMenu;
class QWidget;

namespace pb {

// The user's choice of look, View > Theme: System follows the platform's style and palette
// (light or dark, as the desktop sets it); Light and Dark override it with Fusion and
// ThemeColours' palettes. The choice is remembered in QSettings and applied to the whole
// application, so every window follows it.
class ThemeChoice
{
    Q_DECLARE_TR_FUNCTIONS(ThemeChoice)

public:
    enum class Theme
    {
        System,
        Light,
        Dark
    };

    // The remembered choice (System when none was made).
    static Theme saved();
    // Applies theme to the application and remembers it.
    static void choose(Theme theme);
    // Applies the remembered choice; called once the QApplication exists.
    static void applySaved();
    // Applies theme without remembering it (what choose and applySaved do).
    static void apply(Theme theme);
    // The theme applied last (System before any).
    static Theme applied();

    // Adds the Theme submenu (System, Light, Dark; the applied one checked) to menu.
    static QMenu* addMenuTo(QMenu* menu);
};

} // namespace pb
