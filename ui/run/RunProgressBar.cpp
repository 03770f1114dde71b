#include "run/RunProgressBar.h"

#include "widgets/ThemeColours.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace pb {

RunProgressBar::RunProgressBar(QWidget* parent) : QWidget(parent)
{
    setAccessibleName(tr("Run progress"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    showPlanned(0);
}

void RunProgressBar::showPlanned(int planned)
{
    m_planned = std::max(0, planned);
    m_answered = 0;
    m_failed = 0;
    const QLocale locale;
    setText(m_planned == 0   ? tr("No calls planned")
            : m_planned == 1 ? tr("1 call planned")
                             : tr("%1 calls planned").arg(locale.toString(m_planned)));
}

void RunProgressBar::showProgress(int planned, int answered, int failed)
{
    m_planned = std::max(0, planned);
    m_answered = std::clamp(answered, 0, m_planned);
    m_failed = std::clamp(failed, 0, m_planned - m_answered);
    const QLocale locale;
    QString text =
        tr("%1 of %2 calls answered").arg(locale.toString(m_answered), locale.toString(m_planned));
    if (m_failed > 0) {
        text += QStringLiteral(" \u00B7 ") + tr("%1 failed").arg(locale.toString(m_failed));
    }
    setText(text);
}

void RunProgressBar::showBusy(const QString& text)
{
    m_answered = 0;
    m_failed = 0;
    setText(text);
}

void RunProgressBar::setText(const QString& text)
{
    m_text = text;
    setAccessibleDescription(text);
    setToolTip(m_failed > 0 ? tr("Red: calls that failed after every allowed try. They have no "
                                 "value and are left out of the statistics; Start tries them "
                                 "again.")
                            : QString());
    update();
}

QSize RunProgressBar::sizeHint() const
{
    const QFontMetrics m(font());
    return {m.horizontalAdvance(m_text) + 4 * m.averageCharWidth(), m.height() + 8};
}

QSize RunProgressBar::minimumSizeHint() const
{
    const QFontMetrics m(font());
    return {10 * m.averageCharWidth(), m.height() + 8};
}

void RunProgressBar::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF frame = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    QPainterPath outline;
    outline.addRoundedRect(frame, 3, 3);
    painter.fillPath(outline, palette().color(QPalette::Base));

    const double total = std::max(1, m_planned);
    const double answeredWidth = frame.width() * m_answered / total;
    const double failedWidth = frame.width() * m_failed / total;
    const QRectF answered(frame.left(), frame.top(), answeredWidth, frame.height());
    const QRectF failed(answered.right(), frame.top(), failedWidth, frame.height());
    painter.save();
    painter.setClipPath(outline);
    painter.fillRect(answered, palette().color(QPalette::Highlight));
    painter.fillRect(failed, ThemeColours::failedFill(palette()));
    painter.restore();
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawPath(outline);

    // The text is drawn twice, each clipped to its background, so it reads over both.
    const QRectF filled(frame.left(), frame.top(), answeredWidth + failedWidth, frame.height());
    painter.save();
    painter.setClipRect(filled);
    painter.setPen(palette().color(QPalette::HighlightedText));
    painter.drawText(frame, Qt::AlignCenter, m_text);
    painter.restore();
    painter.save();
    painter.setClipRect(
        QRectF(filled.right(), frame.top(), frame.right() - filled.right(), frame.height()));
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(frame, Qt::AlignCenter, m_text);
    painter.restore();
}

} // namespace pb
