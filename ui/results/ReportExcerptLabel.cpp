#include "results/ReportExcerptLabel.h"

#include "results/ReportExcerpt.h"

#include <QEvent>

namespace pb {

ReportExcerptLabel::ReportExcerptLabel(const QString& accessibleName, QWidget* parent)
    : QLabel(parent)
{
    setAccessibleName(accessibleName);
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void ReportExcerptLabel::setBlocks(const ReportDocument& blocks)
{
    m_blocks = blocks;
    render();
}

void ReportExcerptLabel::render()
{
    setText(ReportExcerpt::labelHtml(m_blocks, palette()));
}

void ReportExcerptLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

} // namespace pb
