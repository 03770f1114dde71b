#pragma once

#include <QSize>

namespace pb {

// Type sized for the back of a room: presenter mode's body text is kBodyAt1080 pixels high on
// a 1920x1080 window and scales with the window (by its height, or by its width when the
// window is narrower than 16:9, so a 4:3 projector gets no wider text than fits), times a
// zoom the presenter sets. A 1920x1080 window at zoom 1 reads like 32 px type on a 1080p
// projector, from about ten metres.
class ProjectorScale
{
public:
    static constexpr int kBodyAt1080 = 32;
    static constexpr int kSmallestBody = 11;
    static constexpr double kSmallestZoom = 0.5;
    static constexpr double kLargestZoom = 2.0;

    // Body text height in pixels for a window of this size at this zoom.
    static int bodyPixels(const QSize& window, double zoom);
    // The next zoom level up or down (50%, 67%, 80%, 90%, 100%, 110%, 125%, 150%, 175%,
    // 200%), staying at the ends.
    static double zoomedIn(double zoom);
    static double zoomedOut(double zoom);
};

} // namespace pb
