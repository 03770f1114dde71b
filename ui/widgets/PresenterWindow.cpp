#include "widgets/PresenterWindow.h"

#include "pages/PresenterPage.h"
#include "presenter/ProjectorScale.h"
#include "widgets/ShortcutAction.h"

#include <QAction>
#include <QEvent>
#include <QScreen>
#include <QSettings>
#include <QVBoxLayout>
#include <cmath>

namespace pb {

namespace {

const QString kZoomKey = QStringLiteral("presenter/zoom");

} // namespace

PresenterWindow::PresenterWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), m_page(new PresenterPage(this))
{
    setWindowTitle(tr("Presenter \u2014 Probe Workbench"));
    setAccessibleName(tr("Presenter mode"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_page);

    m_zoomOut = addShortcut(tr("Smaller"), {QKeySequence::ZoomOut}, tr("Smaller type"));
    connect(m_zoomOut, &QAction::triggered, this,
            [this] { m_page->setZoom(ProjectorScale::zoomedOut(m_page->zoom())); });
    m_zoomIn =
        addShortcut(tr("Larger"), {QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)},
                    tr("Larger type"));
    connect(m_zoomIn, &QAction::triggered, this,
            [this] { m_page->setZoom(ProjectorScale::zoomedIn(m_page->zoom())); });
    m_zoomReset = addShortcut(tr("100%"), {QKeySequence(Qt::CTRL | Qt::Key_0)},
                              tr("Type sized for the window, without zoom"));
    connect(m_zoomReset, &QAction::triggered, this, [this] { m_page->setZoom(1.0); });
    m_fullScreen = addShortcut(tr("Full screen"), {QKeySequence(Qt::Key_F11)},
                               tr("Full screen on this window's screen"));
    connect(m_fullScreen, &QAction::triggered, this, &PresenterWindow::toggleFullScreen);
    for (QAction* a : {m_zoomOut, m_zoomIn, m_zoomReset, m_fullScreen}) {
        m_page->addHeaderAction(a);
    }

    QAction* leave = addShortcut(tr("Leave full screen"), {QKeySequence(Qt::Key_Escape)}, {});
    connect(leave, &QAction::triggered, this, [this] {
        if (isFullScreen()) {
            showNormal();
        }
    });
    QAction* close =
        addShortcut(tr("Close presenter mode"), {QKeySequence::Close}, tr("Close presenter mode"));
    connect(close, &QAction::triggered, this, &QWidget::close);

    m_page->setZoom(QSettings().value(kZoomKey, 1.0).toDouble());
    connect(m_page, &PresenterPage::zoomChanged, this, [this](double zoom) {
        QSettings().setValue(kZoomKey, zoom);
        updateLabels();
    });
    // Big enough to rehearse in, small enough to leave the workbench in view.
    const QRect screenArea = screen()->availableGeometry();
    resize(screenArea.size() * 3 / 4);
    updateLabels();
}

QAction* PresenterWindow::addShortcut(const QString& text, const QList<QKeySequence>& keys,
                                      const QString& tip)
{
    auto* a = new QAction(text, this);
    a->setShortcuts(keys);
    a->setShortcutContext(Qt::WindowShortcut);
    if (!tip.isEmpty()) {
        a->setToolTip(ShortcutAction::tipWithKey(tip, keys.first()));
    }
    addAction(a);
    return a;
}

void PresenterWindow::updateLabels()
{
    m_zoomReset->setText(tr("%1%").arg(int(std::lround(m_page->zoom() * 100))));
    m_fullScreen->setText(isFullScreen() ? tr("Leave full screen") : tr("Full screen"));
}

void PresenterWindow::toggleFullScreen()
{
    if (isFullScreen()) {
        showNormal();
    } else {
        showFullScreen();
    }
}

void PresenterWindow::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::WindowStateChange) {
        updateLabels();
    }
}

} // namespace pb
