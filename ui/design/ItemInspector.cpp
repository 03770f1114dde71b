#include "design/ItemInspector.h"

#include "design/PairTableModel.h"
#include "widgets/ThemeColours.h"

#include <QEvent>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace pb {

namespace {

QString markedHtml(const QString& text, const QList<DiffSpan>& spans, const QPalette& pal)
{
    QString html;
    qsizetype at = 0;
    const QString changed = ThemeColours::changedWord(pal).name();
    for (const DiffSpan& s : spans) {
        if (s.start + s.length > text.size()) {
            break;
        }
        html += text.mid(at, s.start - at).toHtmlEscaped();
        const QString word = text.mid(s.start, s.length).toHtmlEscaped();
        switch (s.kind) {
        case DiffSpan::Kind::Same:
            html += word;
            break;
        case DiffSpan::Kind::Restyled:
            html += QStringLiteral("<span style=\"text-decoration: underline dotted\">%1</span>")
                        .arg(word);
            break;
        case DiffSpan::Kind::Changed:
            html += QStringLiteral("<span style=\"background-color: %1; color: %2\">%3</span>")
                        .arg(changed, pal.color(QPalette::Text).name(), word);
            break;
        }
        at = s.start + s.length;
    }
    html += text.mid(at).toHtmlEscaped();
    return html.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

} // namespace

ItemInspector::ItemInspector(PairTableModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_heading(new QLabel(this)), m_view(new QTextBrowser(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_view->setAccessibleName(tr("Selected item: differences and fact check"));
    m_view->setToolTip(
        tr("Highlighted words are the attribute's change; dotted words differ only in "
           "capitals or punctuation. A matched pair keeps every fact: numbers, code names, "
           "quoted text and names."));
    m_view->setOpenLinks(false);
    layout->addWidget(m_heading);
    layout->addWidget(m_view, 1);
    connect(model, &QAbstractItemModel::dataChanged, this, &ItemInspector::refresh);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_row = -1;
        refresh();
    });
    refresh();
}

void ItemInspector::showRow(int row)
{
    m_row = row;
    refresh();
}

void ItemInspector::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refresh(); // the marks take the palette's colours
}

void ItemInspector::refresh()
{
    m_messages.clear();
    if (m_row < 0 || m_row >= m_model->rowCount()) {
        m_heading->setText(tr("No item selected"));
        m_view->setHtml(QStringLiteral("<p>%1</p>")
                            .arg(tr("Select an item to see the words that differ between its "
                                    "variants and any fact that "
                                    "does not survive from one variant to the other.")
                                     .toHtmlEscaped()));
        return;
    }
    const QPalette pal = palette();
    const QString id = m_model->index(m_row, PairTableModel::IdColumn).data().toString();
    m_heading->setText(tr("Item %1").arg(id));
    const ItemCheck check = m_model->check(m_row);

    QString html;
    for (int v = 0; v < m_model->valueCount(); ++v) {
        const QString value = m_model->valueOfColumn(m_model->valueColumn(v));
        const QString text = m_model->index(m_row, m_model->valueColumn(v)).data().toString();
        html += QStringLiteral("<p><b>%1</b><br>%2</p>")
                    .arg(value.toHtmlEscaped(), markedHtml(text, m_model->spans(m_row, v), pal));
    }
    if (check.matched()) {
        html +=
            QStringLiteral("<p>&#10003; %1</p>")
                .arg(
                    tr("Matched: every number, code name, quoted text, name and marked fact of one "
                       "variant is in the others.")
                        .toHtmlEscaped());
    } else {
        html +=
            QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Not a matched pair").toHtmlEscaped());
        for (const FactFinding& f : check.findings) {
            m_messages << f.message();
            html += QStringLiteral("<li>&#9888; %1<br><small>%2</small></li>")
                        .arg(f.message().toHtmlEscaped(), f.detail().toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }
    for (const LengthDifference& l : check.lengths) {
        m_messages << l.message();
        const QString line =
            l.message() + (l.words != 0 || l.characters != 0
                               ? tr(": length is a second difference between the variants.")
                               : QStringLiteral("."));
        html += QStringLiteral("<p>%1</p>").arg(line.toHtmlEscaped());
    }
    m_view->setHtml(html);
}

} // namespace pb
