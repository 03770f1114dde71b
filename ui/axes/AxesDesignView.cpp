#include "axes/AxesDesignView.h"

#include "axes/AxesListModel.h"
#include "axes/AxesRun.h"
#include "axes/AxesTextModel.h"
#include "report/NumberText.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
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
    table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

AxesDesignView::AxesDesignView(QWidget* parent)
    : QWidget(parent), m_axes(new AxesListModel(this)), m_texts(new AxesTextModel(this)),
      m_title(new QLabel(this)), m_settings(new QLabel(this)),
      m_add(new QPushButton(tr("Add axis"), this)),
      m_remove(new QPushButton(tr("Remove axis"), this))
{
    setAccessibleName(tr("The axes of the probe"));
    auto* layout = new QVBoxLayout(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setAccessibleName(tr("Probe and base"));
    layout->addWidget(m_title);
    auto* editRow = new QHBoxLayout;
    auto* editLine = new QLabel(
        tr("Edit an axis's attribute, value and stand-in knobs in the table, and each item's "
           "texts below it (Ctrl+Z undoes). The settings held fixed are edited in the .axes.json "
           "file (docs/axes-format.md)."),
        this);
    editLine->setWordWrap(true);
    editLine->setAccessibleName(tr("How to edit"));
    editRow->addWidget(editLine, 1);
    m_add->setToolTip(tr("A new axis after the others; its texts start as the base's, so "
                         "edit each one to differ in its attribute only."));
    m_remove->setToolTip(tr("Remove the axis selected in the table, with its texts."));
    m_add->setAccessibleName(m_add->text());
    m_remove->setAccessibleName(m_remove->text());
    editRow->addWidget(m_add);
    editRow->addWidget(m_remove);
    layout->addLayout(editRow);
    connect(m_add, &QPushButton::clicked, this, &AxesDesignView::addAxis);
    connect(m_remove, &QPushButton::clicked, this, &AxesDesignView::removeSelectedAxis);
    connect(m_axes, &AxesListModel::edited, this, &AxesDesignView::edited);
    connect(m_texts, &AxesTextModel::edited, this, &AxesDesignView::edited);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    m_axesView = makeTable(split, tr("Axes"),
                           tr("Each axis changes one attribute of the base text; each is run as "
                              "a model probe of its own against the base."));
    m_axesView->setModel(m_axes);
    split->addWidget(m_axesView);
    connect(m_axesView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AxesDesignView::refreshButtons);
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
    m_doc = doc;
    const int selected = m_axesView->currentIndex().row();
    m_axes->setDocument(doc);
    if (selected >= 0 && selected < m_axes->rowCount())
        m_axesView->selectRow(selected);
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
    refreshButtons();
}

void AxesDesignView::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    m_axes->setReadOnly(readOnly);
    m_texts->setReadOnly(readOnly);
    refreshButtons();
}

void AxesDesignView::refreshButtons()
{
    m_add->setEnabled(!m_readOnly);
    const int row = m_axesView->selectionModel()->hasSelection()
                        ? m_axesView->selectionModel()->selectedRows().value(0).row()
                        : -1;
    m_remove->setEnabled(!m_readOnly && row >= 0 && m_doc.axes.size() > 1);
}

void AxesDesignView::addAxis()
{
    if (m_readOnly)
        return;
    AxesDocument doc = m_doc;
    AxisSpec axis;
    axis.attribute = tr("new attribute");
    QStringList taken{doc.base};
    for (const AxisSpec& a : doc.axes)
        taken << a.value;
    for (int n = int(doc.axes.size()) + 1; axis.value.isEmpty() || taken.contains(axis.value); ++n)
        axis.value = tr("value %1").arg(n);
    doc.axes << axis;
    for (ProbeItem& item : doc.items)
        item.variants.insert(axis.value, item.variants.value(doc.base));
    Q_EMIT edited(doc, tr("Add axis %1").arg(doc.axes.size()));
}

void AxesDesignView::removeSelectedAxis()
{
    const QModelIndexList rows = m_axesView->selectionModel()->selectedRows();
    if (m_readOnly || rows.isEmpty() || m_doc.axes.size() < 2)
        return;
    const int row = rows.first().row();
    AxesDocument doc = m_doc;
    const QString value = doc.axes.takeAt(row).value;
    for (ProbeItem& item : doc.items)
        item.variants.remove(value);
    Q_EMIT edited(doc, tr("Remove axis %1").arg(row + 1));
}

QString AxesDesignView::settingsText() const
{
    return m_settings->text();
}

} // namespace pb
