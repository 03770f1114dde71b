#include "widgets/Tint.h"

namespace pb {

namespace {

// Mixes a hue into the palette's base so the mark keeps the theme's contrast.
QColor blend(const QColor& base, const QColor& hue, double amount)
{
    return QColor::fromRgbF(float(base.redF() * (1 - amount) + hue.redF() * amount),
                            float(base.greenF() * (1 - amount) + hue.greenF() * amount),
                            float(base.blueF() * (1 - amount) + hue.blueF() * amount));
}

} // namespace

bool Tint::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() <
           palette.color(QPalette::WindowText).lightness();
}

QColor Tint::changedWord(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), QColor(255, 190, 0), isDark(palette) ? 0.45 : 0.55);
}

QColor Tint::warningBackground(const QPalette& palette)
{
    return blend(palette.color(QPalette::Window), QColor(255, 170, 0),
                 isDark(palette) ? 0.30 : 0.25);
}

QColor Tint::errorBackground(const QPalette& palette)
{
    return blend(palette.color(QPalette::Window), QColor(220, 40, 40),
                 isDark(palette) ? 0.35 : 0.20);
}

QColor Tint::failedFill(const QPalette& palette)
{
    return isDark(palette) ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
}

QColor Tint::infoBackground(const QPalette& palette)
{
    return blend(palette.color(QPalette::Window), palette.color(QPalette::Highlight),
                 isDark(palette) ? 0.30 : 0.18);
}

} // namespace pb
