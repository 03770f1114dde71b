#include "widgets/PresenterWindow.h"

#include "pages/PresenterPage.h"

#include <QAction>
#include <QVBoxLayout>

namespace pb {

PresenterWindow::PresenterWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), m_page(new PresenterPage(this))
{
    setWindowTitle(tr("Presenter \u2014 Probe Workbench"));
    setAccessibleName(tr("Presenter mode"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_page);

    auto* fullScreen = new QAction(tr("Full screen"), this);
    fullScreen->setShortcut(QKeySequence(Qt::Key_F11));
    connect(fullScreen, &QAction::triggered, this, &PresenterWindow::toggleFullScreen);
    addAction(fullScreen);
    auto* leave = new QAction(tr("Leave full screen"), this);
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(leave, &QAction::triggered, this, [this] {
        if (isFullScreen()) {
            showNormal();
        }
    });
    addAction(leave);
    auto* close = new QAction(tr("Close presenter mode"), this);
    close->setShortcut(QKeySequence::Close);
    connect(close, &QAction::triggered, this, &QWidget::close);
    addAction(close);
    resize(1100, 750);
}

void PresenterWindow::toggleFullScreen()
{
    if (isFullScreen()) {
        showNormal();
    } else {
        showFullScreen();
    }
}

} // namespace pb
