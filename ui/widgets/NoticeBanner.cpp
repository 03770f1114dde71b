#include "widgets/NoticeBanner.h"

#include "widgets/ThemeColours.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace pb {

NoticeBanner::NoticeBanner(QWidget* parent)
    : QFrame(parent), m_icon(new QLabel(this)), m_text(new QLabel(this)), m_buttons(new QHBoxLayout)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setAccessibleName(tr("Notice"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addLayout(m_buttons);
    hide();
}

void NoticeBanner::showMessage(Tone tone, const QString& text, const QList<QAction*>& actions)
{
    m_tone = tone;
    m_text->setText(text);
    setAccessibleDescription(text);
    while (QLayoutItem* item = m_buttons->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (QAction* action : actions) {
        auto* button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAccessibleName(action->text().remove(QLatin1Char('&')));
        m_buttons->addWidget(button);
    }
    applyTone();
    show();
}

QString NoticeBanner::text() const
{
    return m_text->text();
}

void NoticeBanner::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (!m_applying &&
        (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)) {
        applyTone();
    }
}

void NoticeBanner::applyTone()
{
    // Only the Window role is set, so every other colour keeps following the theme, and a
    // theme switch (a PaletteChange) computes the tone again from the new window colour.
    const QPalette inherited = parentWidget() ? parentWidget()->palette() : QPalette();
    QPalette pal;
    QStyle::StandardPixmap pixmap = QStyle::SP_MessageBoxInformation;
    switch (m_tone) {
    case Tone::Info:
        pal.setColor(QPalette::Window, ThemeColours::infoBackground(inherited));
        break;
    case Tone::Warning:
        pal.setColor(QPalette::Window, ThemeColours::warningBackground(inherited));
        pixmap = QStyle::SP_MessageBoxWarning;
        break;
    case Tone::Error:
        pal.setColor(QPalette::Window, ThemeColours::errorBackground(inherited));
        pixmap = QStyle::SP_MessageBoxCritical;
        break;
    }
    m_applying = true; // setPalette sends a PaletteChange of its own
    setPalette(pal);
    m_applying = false;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    // At the screen's pixel ratio, so the icon stays sharp on a high-DPI screen.
    m_icon->setPixmap(style()
                          ->standardIcon(pixmap, nullptr, this)
                          .pixmap(QSize(size, size), devicePixelRatioF()));
}

} // namespace pb
