#pragma once

#include <QWidget>

namespace pb {

class PresenterPage;

// Presenter mode in a window of its own, so it can go full screen on a projector while the
// workbench stays on the laptop: F11 toggles full screen, Esc leaves it, Ctrl+W closes.
class PresenterWindow : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterWindow(QWidget* parent = nullptr);

    PresenterPage* page() const { return m_page; }
    void toggleFullScreen();

private:
    PresenterPage* m_page;
};

} // namespace pb
