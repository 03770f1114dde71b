#include "presenter/ProjectorScale.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace pb {

namespace {

// The steps browsers use, so Ctrl+plus behaves as people expect.
constexpr std::array<double, 10> kZoomLevels{0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0};

} // namespace

int ProjectorScale::bodyPixels(const QSize& window, double zoom)
{
    if (window.isEmpty()) {
        return kSmallestBody;
    }
    const double byHeight = window.height() / 1080.0;
    const double byWidth = window.width() / 1920.0;
    const double z = std::clamp(zoom, kSmallestZoom, kLargestZoom);
    return std::max(kSmallestBody, int(std::lround(kBodyAt1080 * std::min(byHeight, byWidth) * z)));
}

double ProjectorScale::zoomedIn(double zoom)
{
    for (double level : kZoomLevels) {
        if (level > zoom + 1e-6) {
            return level;
        }
    }
    return kLargestZoom;
}

double ProjectorScale::zoomedOut(double zoom)
{
    for (auto it = kZoomLevels.rbegin(); it != kZoomLevels.rend(); ++it) {
        if (*it < zoom - 1e-6) {
            return *it;
        }
    }
    return kSmallestZoom;
}

} // namespace pb
