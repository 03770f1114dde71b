#pragma once

#include <QWidget>

class QAction;

namespace pb {

class PresenterPage;

// Presenter mode in a window of its own, so it can go full screen on a projector while the
// workbench stays on the laptop. It opens at three quarters of its screen; F11 or the Full
// screen button toggles full screen, Esc leaves it, Ctrl+W closes. Ctrl+plus, Ctrl+minus
// and Ctrl+0 zoom the type (kept for next time); the type also follows the window's size.
class PresenterWindow : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterWindow(QWidget* parent = nullptr);

    PresenterPage* page() const { return m_page; }
    QAction* fullScreenAction() const { return m_fullScreen; }
    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* zoomResetAction() const { return m_zoomReset; }
    void toggleFullScreen();

protected:
    void changeEvent(QEvent* event) override;

private:
    QAction* addShortcut(const QString& text, const QList<QKeySequence>& keys, const QString& tip);
    void updateLabels();

    PresenterPage* m_page;
    QAction* m_fullScreen = nullptr;
    QAction* m_zoomIn = nullptr;
    QAction* m_zoomOut = nullptr;
    QAction* m_zoomReset = nullptr;
};

} // namespace pb
