#include "widgets/ThemeColours.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace pb {

namespace {

// Mixes a hue into the palette's own background so the mark keeps the theme's contrast.
QColor blend(const QColor& base, const QColor& hue, double amount)
{
    return QColor::fromRgbF(float(base.redF() * (1 - amount) + hue.redF() * amount),
                            float(base.greenF() * (1 - amount) + hue.greenF() * amount),
                            float(base.blueF() * (1 - amount) + hue.blueF() * amount));
}

double relativeLuminance(const QColor& c)
{
    auto channel = [](float v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = c.toRgb();
    return 0.2126 * channel(rgb.redF()) + 0.7152 * channel(rgb.greenF()) +
           0.0722 * channel(rgb.blueF());
}

const QColor kAmber(255, 170, 0);
const QColor kRed(220, 40, 40);
const QColor kGreen(76, 175, 80);

} // namespace

bool ThemeColours::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() <
           palette.color(QPalette::WindowText).lightness();
}

double ThemeColours::contrast(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ThemeColours::inkOn(const QColor& background)
{
    // Pure black and white: on any background one of them reaches 4.58:1.
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    return contrast(black, background) >= contrast(white, background) ? black : white;
}

QPalette ThemeColours::darkPalette()
{
    // Every role is set, so nothing of a light system palette shows through.
    QPalette p;
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x8c, 0x8c, 0x8c);
    p.setColor(QPalette::Window, QColor(0x2d, 0x2d, 0x30));
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x28, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3c, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6e, 0x6e));
    p.setColor(QPalette::Light, QColor(0x55, 0x55, 0x5a));
    p.setColor(QPalette::Midlight, QColor(0x46, 0x46, 0x4a));
    p.setColor(QPalette::Mid, QColor(0x6a, 0x6a, 0x70));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1c));
    p.setColor(QPalette::Shadow, QColor(0x0a, 0x0a, 0x0a));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6d, 0xb5));
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x38, 0x38, 0x3c));
    return p;
}

QPalette ThemeColours::lightPalette()
{
    QPalette p;
    const QColor text(0x1d, 0x1d, 0x1f);
    p.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf5, 0xf5));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x6e, 0x6e, 0x6e));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Light, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Midlight, QColor(0xe3, 0xe3, 0xe3));
    p.setColor(QPalette::Mid, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Dark, QColor(0x9f, 0x9f, 0x9f));
    p.setColor(QPalette::Shadow, QColor(0x76, 0x76, 0x76));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6d, 0xb5));
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x00, 0x55, 0xbb));
    p.setColor(QPalette::LinkVisited, QColor(0x6a, 0x1b, 0x9a));
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x76, 0x76, 0x76));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0xc8, 0xc8, 0xc8));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, QColor(0x4a, 0x4a, 0x4a));
    return p;
}

QColor ThemeColours::changedWord(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), QColor(255, 190, 0), isDark(palette) ? 0.38 : 0.55);
}

QColor ThemeColours::restyledWord(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), QColor(0x4a, 0x80, 0xc8),
                 isDark(palette) ? 0.35 : 0.16);
}

QColor ThemeColours::warningBackground(const QPalette& palette)
{
    return blend(palette.color(QPalette::Window), kAmber, isDark(palette) ? 0.30 : 0.25);
}

QColor ThemeColours::errorBackground(const QPalette& palette)
{
    return blend(palette.color(QPalette::Window), kRed, isDark(palette) ? 0.35 : 0.20);
}

QColor ThemeColours::infoBackground(const QPalette& palette)
{
    return blend(palette.color(QPalette::Window), palette.color(QPalette::Highlight),
                 isDark(palette) ? 0.30 : 0.18);
}

QColor ThemeColours::findingCell(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), QColor(255, 140, 0), isDark(palette) ? 0.40 : 0.45);
}

QColor ThemeColours::notedCell(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), kAmber, isDark(palette) ? 0.22 : 0.25);
}

QColor ThemeColours::detectedCell(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), kGreen, isDark(palette) ? 0.35 : 0.40);
}

QColor ThemeColours::alertText(bool dark)
{
    return dark ? QColor(0xff, 0x6e, 0x6e) : QColor(0xc6, 0x28, 0x28);
}

QColor ThemeColours::detectedText(bool dark)
{
    return dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x27, 0x6b, 0x2b);
}

QColor ThemeColours::failedFill(const QPalette& palette)
{
    return isDark(palette) ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
}

QColor ThemeColours::gap(bool dark)
{
    return dark ? QColor(0x64, 0x9c, 0xe8) : QColor(0x2f, 0x6d, 0xb5);
}

QColor ThemeColours::interval(bool dark)
{
    return dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x1e, 0x1e, 0x1e);
}

QColor ThemeColours::average(bool dark)
{
    return dark ? QColor(0xff, 0xb3, 0x47) : QColor(0xd3, 0x6b, 0x00);
}

QColor ThemeColours::noise(bool dark)
{
    return dark ? QColor(0xa0, 0xa0, 0xa0) : QColor(0x80, 0x80, 0x80);
}

QColor ThemeColours::nullMass(bool dark)
{
    // Light enough to read the tail against, dark enough (3:1) to see on white.
    return dark ? QColor(0x7f, 0x93, 0xad) : QColor(0x6b, 0x8b, 0xb5);
}

QColor ThemeColours::tail(bool dark)
{
    return dark ? QColor(0xf0, 0x5a, 0x5a) : QColor(0xc6, 0x28, 0x28);
}

QColor ThemeColours::heat(double intensity, const QPalette& palette)
{
    const bool dark = isDark(palette);
    const QColor neutral = dark ? QColor(78, 78, 82) : QColor(226, 226, 228);
    const QColor up = dark ? QColor(200, 45, 45) : QColor(214, 39, 40);
    const QColor down = dark ? QColor(40, 100, 200) : QColor(31, 100, 190);
    const double amount = std::min(1.0, std::abs(intensity));
    if (amount == 0.0)
        return neutral;
    // Any nonzero delta shows some colour, so a small shift never reads as none.
    return blend(neutral, intensity > 0 ? up : down, 0.18 + 0.72 * amount);
}

QColor ThemeColours::criterion(int index, bool dark)
{
    static const std::array<QColor, 8> pale{QColor(0xff, 0xe0, 0x82), QColor(0xa5, 0xe3, 0xa0),
                                            QColor(0xa6, 0xd1, 0xf5), QColor(0xf5, 0xb5, 0xda),
                                            QColor(0xd3, 0xc2, 0xf5), QColor(0xff, 0xc9, 0x99),
                                            QColor(0xa8, 0xe8, 0xe4), QColor(0xdd, 0xdd, 0xa0)};
    static const std::array<QColor, 8> deep{QColor(0x7a, 0x62, 0x10), QColor(0x2c, 0x6b, 0x2a),
                                            QColor(0x1f, 0x55, 0x88), QColor(0x7d, 0x2d, 0x5e),
                                            QColor(0x55, 0x3e, 0x88), QColor(0x8a, 0x4d, 0x14),
                                            QColor(0x1d, 0x69, 0x66), QColor(0x5e, 0x5e, 0x1c)};
    const std::size_t k = std::size_t(std::max(0, index)) % pale.size();
    return dark ? deep.at(k) : pale.at(k);
}

} // namespace pb
