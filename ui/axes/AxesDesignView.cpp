#include "axes/AxesDesignView.h"

#include "axes/AxesListModel.h"
#include "axes/AxesRun.h"
#include "axes/AxesTextModel.h"
#include "report/NumberText.h"

#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

namespace {

QTableView* makeTable(QWidget* parent, const QString& name, const QString& tip)
{
    auto* table = new QTableView(parent);
    table->setAccessibleName(name);
    table->setToolTip(tip);
    table->setWordWrap(false);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

AxesDesignView::AxesDesignView(QWidget* parent)
    : QWidget(parent), m_axes(new AxesListModel(this)), m_texts(new AxesTextModel(this)),
      m_title(new QLabel(this)), m_settings(new QLabel(this))
{
    setAccessibleName(tr("The axes of the probe"));
    auto* layout = new QVBoxLayout(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setAccessibleName(tr("Probe and base"));
    layout->addWidget(m_title);
    auto* editLine = new QLabel(
        tr("The window shows an axes probe as its file says and runs it; it does not edit it. "
           "To change an axis, a text or a setting, edit the .axes.json file "
           "(docs/axes-format.md) and open it again."),
        this);
    editLine->setWordWrap(true);
    editLine->setAccessibleName(tr("How to edit"));
    layout->addWidget(editLine);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    m_axesView = makeTable(split, tr("Axes"),
                           tr("Each axis changes one attribute of the base text; each is run as "
                              "a model probe of its own against the base."));
    m_axesView->setModel(m_axes);
    split->addWidget(m_axesView);
    m_textView = makeTable(split, tr("Texts"),
                           tr("Each item's base text and, per axis, the text that differs from "
                              "it in that attribute only."));
    m_textView->setModel(m_texts);
    split->addWidget(m_textView);
    auto* settings = new QGroupBox(tr("Held fixed on every axis"), split);
    auto* settingsLayout = new QVBoxLayout(settings);
    m_settings->setWordWrap(true);
    m_settings->setTextFormat(Qt::PlainText);
    m_settings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_settings->setAccessibleName(tr("Settings held fixed"));
    settingsLayout->addWidget(m_settings);
    split->addWidget(settings);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);
    layout->addWidget(split, 1);
}

void AxesDesignView::setDocument(const AxesDocument& doc)
{
    m_axes->setDocument(doc);
    m_texts->setDocument(doc);
    m_axesView->resizeColumnsToContents();
    m_textView->resizeColumnToContents(0);
    for (int c = 1; c < m_texts->columnCount(); ++c)
        m_textView->setColumnWidth(c, 300);
    QString title = doc.title;
    if (!doc.description.isEmpty())
        title += QStringLiteral("\n") + doc.description;
    title += QStringLiteral("\n") + tr("Base value \u201c%1\u201d against %n axes, over %2 items.",
                                       nullptr, int(doc.axes.size()))
                                        .arg(doc.base)
                                        .arg(doc.items.size());
    m_title->setText(title.trimmed());
    const ProbeSettings& s = doc.settings;
    QStringList lines;
    lines << tr("Backend %1, model %2, temperature %3")
                 .arg(s.backend, s.effectiveModel(), NumberText::fixed(s.temperature, 2));
    lines << tr("Seeds %1 (%n seeds)", nullptr, int(s.seeds.size())).arg(s.seedsText);
    if (!s.system.isEmpty())
        lines << tr("System prompt: %1").arg(s.system);
    lines << tr("Metric %1 (%2)").arg(doc.metric.name, doc.metric.kind);
    lines << (doc.noise.enabled ? tr("Same-versus-same noise check on seeds shifted by %1")
                                      .arg(doc.noise.seedOffset)
                                : tr("No same-versus-same noise check"));
    lines << tr("%n calls over every axis", nullptr, AxesRun::callCount(doc));
    m_settings->setText(lines.join(QLatin1Char('\n')));
}

QString AxesDesignView::settingsText() const
{
    return m_settings->text();
}

} // namespace pb
