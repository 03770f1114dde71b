#include "pages/ByHandPage.h"

#include "byhand/ByHandCsv.h"
#include "byhand/ByHandSheetJson.h"
#include "byhand/ByHandSheetModel.h"
#include "log/CsvLogReader.h"
#include "log/CsvLogWriter.h"
#include "metrics/Metric.h"
#include "project/ProbeProject.h"
#include "report/NumberText.h"
#include "report/ReportBuilder.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {
namespace {

constexpr double kNoValue = -1e9;

const ProbeDocument& emptyDocument()
{
    static const ProbeDocument doc;
    return doc;
}

QAction* pageAction(QWidget* page, const QString& text, const QKeySequence& key)
{
    auto* a = new QAction(text, page);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    page->addAction(a);
    return a;
}

} // namespace

ByHandPage::ByHandPage(ProbeProject* project, QWidget* parent) : QWidget(parent), m_project(project)
{
    m_sheet = new ByHandSheetModel(this);

    m_runs = new QSpinBox(this);
    m_runs->setRange(1, 50);
    m_runs->setValue(2);
    m_runs->setAccessibleName(tr("Runs per value"));
    m_runs->setToolTip(tr("How many times each item is run per value. Hand runs are slow, so the "
                          "probe is smaller: say so in the report."));
    m_noise = new QCheckBox(tr("Add &same-versus-same rows"), this);
    m_noise->setToolTip(tr("Same versus same: value A asked again in a fresh chat. The gap between "
                           "the two is the noise a real gap must clearly exceed."));
    m_controlled = new QCheckBox(tr("This chat window lets me set seed and &temperature"), this);
    m_controlled->setToolTip(
        tr("Open WebUI's Advanced Params can set both; most hosted chat "
           "windows cannot, and the report then says they were not controlled."));

    m_table = new QTableView(this);
    m_table->setModel(m_sheet);
    m_table->setAccessibleName(tr("By-hand run sheet"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);

    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("byHandHeading"));
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_heading->setFont(big);
    auto* reminder =
        new QLabel(tr("Start a <b>new chat</b> for this run: earlier turns in the same "
                      "chat become part of the prompt. Turn memory or personalization off."),
                   this);
    reminder->setWordWrap(true);
    reminder->setObjectName(QStringLiteral("byHandReminder"));
    m_systemNote = new QLabel(this);
    m_systemNote->setWordWrap(true);
    m_systemNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_prompt = new QPlainTextEdit(this);
    m_prompt->setObjectName(QStringLiteral("byHandPrompt"));
    m_prompt->setReadOnly(true);
    m_prompt->setAccessibleName(tr("Prompt to paste into the chat"));
    m_prompt->setMaximumHeight(120);
    auto* copy = new QPushButton(tr("&Copy prompt"), this);
    copy->setObjectName(QStringLiteral("byHandCopy"));
    copy->setToolTip(tr("Copy the prompt to the clipboard (Ctrl+Shift+C)"));
    m_model = new QLineEdit(this);
    m_model->setObjectName(QStringLiteral("byHandModel"));
    m_model->setAccessibleName(tr("Model as the chat window names it"));
    m_model->setPlaceholderText(tr("e.g. llama3.2 in Open WebUI, with the date if it may change"));
    m_seed = new QLabel(this);
    m_temperature = new QLabel(this);
    m_reply = new QPlainTextEdit(this);
    m_reply->setObjectName(QStringLiteral("byHandReply"));
    m_reply->setAccessibleName(tr("Reply pasted from the chat"));
    m_reply->setPlaceholderText(tr("Paste the full reply here"));
    m_value = new QDoubleSpinBox(this);
    m_value->setObjectName(QStringLiteral("byHandValue"));
    m_value->setRange(kNoValue, 1e9);
    m_value->setSpecialValueText(tr("not scored"));
    m_value->setAccessibleName(tr("Metric value"));
    m_value->setToolTip(tr("Counted from the reply by the probe's metric; correct it by hand if it "
                           "miscounts (the sheet marks it as edited)."));
    m_valueNote = new QLabel(this);
    m_save = new QPushButton(tr("Save and &next"), this);
    m_save->setObjectName(QStringLiteral("byHandSave"));
    m_save->setToolTip(tr("Save this run and show the next prompt (Ctrl+Return)"));
    m_save->setDefault(true);

    auto* promptRow = new QHBoxLayout;
    promptRow->addWidget(m_prompt, 1);
    promptRow->addWidget(copy, 0, Qt::AlignTop);
    auto* form = new QFormLayout;
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Temperature:"), m_temperature);
    auto* valueRow = new QHBoxLayout;
    valueRow->addWidget(m_value);
    valueRow->addWidget(m_valueNote, 1);
    auto* valueLabel = new QLabel(tr("&Metric:"), this);
    valueLabel->setBuddy(m_value);
    form->addRow(valueLabel, valueRow);

    auto* runBox = new QGroupBox(tr("Next run"), this);
    auto* runLayout = new QVBoxLayout(runBox);
    runLayout->addWidget(m_heading);
    runLayout->addWidget(reminder);
    runLayout->addWidget(m_systemNote);
    runLayout->addLayout(promptRow);
    runLayout->addLayout(form);
    runLayout->addWidget(new QLabel(tr("Reply:"), this));
    runLayout->addWidget(m_reply, 1);
    runLayout->addWidget(m_save, 0, Qt::AlignRight);

    auto* exportButton = new QPushButton(tr("E&xport sheet..."), this);
    exportButton->setToolTip(
        tr("Write the sheet in the tutorial's spreadsheet columns (Ctrl+Shift+X)"));
    auto* importButton = new QPushButton(tr("&Import sheet..."), this);
    importButton->setToolTip(tr("Read a sheet filled in a spreadsheet back in (Ctrl+Shift+I)"));
    auto* showButton = new QPushButton(tr("Show in &Results"), this);
    showButton->setObjectName(QStringLiteral("byHandShowResults"));
    showButton->setToolTip(
        tr("Analyse the filled rows and show them on the Results page (Ctrl+Shift+R)"));

    auto* settings = new QHBoxLayout;
    auto* runsLabel = new QLabel(tr("R&uns per value:"), this);
    runsLabel->setBuddy(m_runs);
    settings->addWidget(runsLabel);
    settings->addWidget(m_runs);
    settings->addWidget(m_noise);
    settings->addWidget(m_controlled);
    settings->addStretch(1);
    settings->addWidget(importButton);
    settings->addWidget(exportButton);
    settings->addWidget(showButton);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("byHandSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setToolTip(tr("Sign test: counts how many item gaps lean each way, the spreadsheet "
                             "path's test. Sign-flip p: the share of sign patterns of the gaps "
                             "whose average is at least as far from zero."));

    auto* split = new QSplitter(this);
    split->addWidget(m_table);
    split->addWidget(runBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(settings);
    layout->addWidget(split, 1);
    layout->addWidget(m_summary);

    connect(copy, &QPushButton::clicked, this, &ByHandPage::copyPrompt);
    connect(m_save, &QPushButton::clicked, this, &ByHandPage::saveRow);
    connect(m_reply, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_loadingRow) {
            recount();
        }
    });
    connect(m_value, &QDoubleSpinBox::valueChanged, this, [this] {
        if (!m_loadingRow) {
            m_valueEdited = true;
            m_valueNote->setText(tr("edited by hand"));
        }
    });
    connect(m_runs, &QSpinBox::valueChanged, this, &ByHandPage::rebuildPlan);
    connect(m_noise, &QCheckBox::toggled, this, &ByHandPage::rebuildPlan);
    connect(m_controlled, &QCheckBox::toggled, this, &ByHandPage::updateControlled);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid() && current.row() != m_row) {
                    showRow(current.row());
                }
            });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export by-hand sheet"),
            QDir::home().filePath(QStringLiteral("probe_log.csv")), tr("CSV (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportCsv(path, &error)) {
            m_summary->setText(error);
        }
    });
    connect(importButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import by-hand sheet"),
                                                          QDir::homePath(), tr("CSV (*.csv)"));
        QString error;
        if (!path.isEmpty() && !importCsv(path, &error)) {
            m_summary->setText(error);
        }
    });
    auto showInResults = [this] {
        QString error;
        const std::optional<ProbeAnalysis> a = analyse(&error);
        if (a) {
            Q_EMIT analysisReady(*a, m_lastSource.isEmpty() ? tr("By-hand sheet") : m_lastSource);
        } else {
            m_summary->setText(error);
        }
    };
    connect(showButton, &QPushButton::clicked, this, showInResults);
    connect(pageAction(this, tr("Copy prompt"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)),
            &QAction::triggered, this, &ByHandPage::copyPrompt);
    connect(pageAction(this, tr("Save and next"), QKeySequence(Qt::CTRL | Qt::Key_Return)),
            &QAction::triggered, this, &ByHandPage::saveRow);
    connect(pageAction(this, tr("Export sheet"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X)),
            &QAction::triggered, exportButton, &QPushButton::click);
    connect(pageAction(this, tr("Import sheet"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I)),
            &QAction::triggered, importButton, &QPushButton::click);
    // Not Ctrl+Shift+R: that is the dry run, from every page.
    connect(pageAction(this, tr("Show in Results"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A)),
            &QAction::triggered, this, showInResults);
    connect(pageAction(this, tr("Previous run"), QKeySequence(Qt::ALT | Qt::Key_Up)),
            &QAction::triggered, this, [this] { selectRow(std::max(0, m_row - 1)); });
    connect(pageAction(this, tr("Next run"), QKeySequence(Qt::ALT | Qt::Key_Down)),
            &QAction::triggered, this,
            [this] { selectRow(std::min(m_sheet->rowCount() - 1, m_row + 1)); });

    if (m_project) {
        connect(m_project, &ProbeProject::documentChanged, this, &ByHandPage::rebuildPlan);
        connect(m_project, &ProbeProject::fileChanged, this, &ByHandPage::restoreFromProject);
    }
    rebuildPlan();
    restoreFromProject();
    updateControlled();
}

void ByHandPage::restoreFromProject()
{
    const ProbeDocument& doc = m_project ? m_project->document() : emptyDocument();
    const QList<ByHandEntry> plan =
        ByHandSheetModel::plan(doc, m_runs->value(), m_noise->isChecked());
    QList<ByHandEntry> stored;
    QString error;
    const QString text = m_project ? m_project->byHandSheet() : QString();
    m_storedUnreadable = !text.isEmpty() && !ByHandSheetJson::fromJson(text, &stored, &error);
    m_sheet->restart(plan, m_storedUnreadable ? QList<ByHandEntry>{} : stored);
    const int next = m_sheet->nextOpenRow();
    selectRow(next >= 0 ? next : 0);
    updateSummary();
    if (m_storedUnreadable)
        m_summary->setText(tr("The by-hand sheet kept in this project cannot be read back (%1). "
                              "It is left untouched in the file; entries made here are not "
                              "kept until it is fixed.")
                               .arg(error.toHtmlEscaped()));
}

void ByHandPage::keep()
{
    if (!m_project || m_storedUnreadable)
        return;
    QString error;
    if (!m_project->saveByHandSheet(ByHandSheetJson::toJson(m_sheet->entries()), &error))
        m_summary->setText(tr("Not kept in the project file: %1").arg(error.toHtmlEscaped()));
}

void ByHandPage::rebuildPlan()
{
    const ProbeDocument& doc = m_project ? m_project->document() : emptyDocument();
    m_sheet->setMetricName(doc.metric.name);
    m_sheet->setPlan(ByHandSheetModel::plan(doc, m_runs->value(), m_noise->isChecked()));
    const bool integer = metricIsIntegerValued(doc.metric);
    m_value->setDecimals(integer ? 0 : 3);
    if (doc.settings.placement == SystemPlacement::SystemMessage &&
        !doc.settings.system.isEmpty()) {
        m_systemNote->setText(tr("Set the chat's system prompt to: <i>%1</i>")
                                  .arg(doc.settings.system.toHtmlEscaped()));
        m_systemNote->show();
    } else {
        m_systemNote->hide();
    }
    const int next = m_sheet->nextOpenRow();
    selectRow(next >= 0 ? next : 0);
    updateSummary();
}

void ByHandPage::selectRow(int row)
{
    if (row < 0 || row >= m_sheet->rowCount()) {
        m_row = -1;
        m_heading->setText(tr("The sheet is empty: add items to the probe first."));
        return;
    }
    showRow(row);
    m_table->selectionModel()->setCurrentIndex(
        m_sheet->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void ByHandPage::showRow(int row)
{
    m_row = row;
    const ByHandEntry e = m_sheet->entry(row);
    m_loadingRow = true;
    m_heading->setText(tr("Run %1 of %2: item %3, %4")
                           .arg(e.runNumber)
                           .arg(m_sheet->rowCount())
                           .arg(e.itemId, e.variant));
    m_prompt->setPlainText(e.message);
    m_reply->setPlainText(e.reply);
    if (!e.model.isEmpty()) {
        m_model->setText(e.model);
    }
    m_value->setValue(e.value ? *e.value : kNoValue);
    m_valueEdited = e.valueEdited;
    m_valueNote->setText(e.valueEdited ? tr("edited by hand")
                         : e.value     ? tr("counted automatically")
                                       : QString());
    m_loadingRow = false;
    updateControlled();
}

void ByHandPage::updateControlled()
{
    const ProbeDocument& doc = m_project ? m_project->document() : emptyDocument();
    if (m_controlled->isChecked()) {
        const ByHandEntry e = m_sheet->entry(m_row);
        m_seed->setText(tr("set it to %1").arg(e.plannedSeed));
        m_temperature->setText(
            tr("set it to %1").arg(CsvLogWriter::formatNumber(doc.settings.temperature)));
    } else {
        m_seed->setText(tr("<b>not controlled</b> (the chat window chooses)"));
        m_temperature->setText(tr("<b>not controlled</b> (the chat window chooses)"));
    }
}

void ByHandPage::recount()
{
    if (m_valueEdited) {
        return; // a hand-entered value is never overwritten by the count
    }
    const ProbeDocument& doc = m_project ? m_project->document() : emptyDocument();
    const QString reply = m_reply->toPlainText();
    m_loadingRow = true;
    if (reply.trimmed().isEmpty()) {
        m_value->setValue(kNoValue);
        m_valueNote->clear();
    } else {
        const MetricResult r = evaluateMetric(doc.metric, reply);
        m_value->setValue(r.value ? *r.value : kNoValue);
        m_valueNote->setText(
            r.value ? tr("counted automatically")
                    : tr("the metric could not count this reply (%1): enter the value by hand")
                          .arg(r.flag));
    }
    m_loadingRow = false;
}

void ByHandPage::saveRow()
{
    if (m_row < 0) {
        return;
    }
    const ProbeDocument& doc = m_project ? m_project->document() : emptyDocument();
    ByHandEntry e = m_sheet->entry(m_row);
    const QString reply = m_reply->toPlainText();
    if (reply != e.reply || !e.time.isValid()) {
        e.time = QDateTime::currentDateTimeUtc();
    }
    e.reply = reply;
    e.value = m_value->value() <= kNoValue ? std::nullopt : std::optional<double>(m_value->value());
    e.valueEdited = m_valueEdited;
    e.model = m_model->text().trimmed();
    e.seed = m_controlled->isChecked() ? e.plannedSeed : QString();
    e.temperature = m_controlled->isChecked() ? CsvLogWriter::formatNumber(doc.settings.temperature)
                                              : QString();
    if (reply.isEmpty() && !e.value) {
        e.time = QDateTime();
    }
    m_sheet->setEntry(m_row, e);
    updateSummary();
    keep();
    const int next = m_sheet->nextOpenRow();
    if (next >= 0) {
        selectRow(next);
    }
}

void ByHandPage::enterReply(const QString& reply)
{
    m_reply->setPlainText(reply);
    saveRow();
}

void ByHandPage::copyPrompt()
{
    QApplication::clipboard()->setText(m_prompt->toPlainText());
    m_valueNote->setText(tr("prompt copied: paste it into a new chat"));
}

bool ByHandPage::exportCsv(const QString& path, QString* error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(ByHandCsv::toCsv(m_sheet->entries(), m_sheet->metricName())) < 0 || !f.commit()) {
        *error = tr("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool ByHandPage::importCsv(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read: %2").arg(path, f.errorString());
        return false;
    }
    QList<ByHandEntry> entries;
    QStringList warnings;
    if (!ByHandCsv::fromCsv(f.readAll(), QFileInfo(path).fileName(), m_sheet->metricName(),
                            &entries, &warnings, error)) {
        return false;
    }
    m_sheet->adopt(entries);
    keep();
    m_lastSource = QFileInfo(path).fileName();
    const int next = m_sheet->nextOpenRow();
    selectRow(next >= 0 ? next : 0);
    updateSummary();
    if (!warnings.isEmpty()) {
        m_summary->setText(m_summary->text() + QStringLiteral("<br>") +
                           warnings.join(QStringLiteral("; ")).toHtmlEscaped());
    }
    return true;
}

std::optional<ProbeAnalysis> ByHandPage::analyse(QString* error) const
{
    const ProbeDocument& doc = m_project ? m_project->document() : emptyDocument();
    const ImportedLog log =
        ByHandCsv::toImportedLog(m_sheet->entries(), m_sheet->metricName(),
                                 m_lastSource.isEmpty() ? tr("by-hand sheet") : m_lastSource);
    if (log.rows.isEmpty()) {
        *error = tr("No runs entered yet.");
        return std::nullopt;
    }
    QStringList values = {doc.valueA(), doc.valueB()};
    if (!log.variants.contains(values[0]) || !log.variants.contains(values[1])) {
        *error = tr("Enter replies for both %1 and %2 to compare them.").arg(values[0], values[1]);
        return std::nullopt;
    }
    return ProbeAnalysis::fromImportedLog(log, values, error);
}

QString ByHandPage::summaryText() const
{
    return m_summary->text();
}

void ByHandPage::updateSummary()
{
    QString error;
    const std::optional<ProbeAnalysis> a = analyse(&error);
    const QString progress =
        tr("%1 of %2 runs entered.").arg(m_sheet->filledCount()).arg(m_sheet->rowCount());
    if (!a) {
        m_summary->setText(progress + QLatin1Char(' ') + error.toHtmlEscaped());
        return;
    }
    const PerItemTable& t = a->probe.table;
    QString text = progress + QLatin1Char(' ');
    if (t.comparableCount() == 0) {
        text += tr("No item has both values entered yet.");
    } else {
        text +=
            tr("<b>%1 minus %2: %3 %4</b> averaged over %5 items. Sign test (the by-hand path): "
               "%6 of %7 nonzero gaps lean the same way, %8. Sign-flip permutation test: %9.")
                .arg(a->valueA.toHtmlEscaped(), a->valueB.toHtmlEscaped(),
                     NumberText::signedFixed(t.averageGap(), 2), a->metricName.toHtmlEscaped())
                .arg(t.comparableCount())
                .arg(a->probe.signTest.k)
                .arg(a->probe.signTest.n)
                .arg(NumberText::pEquals(a->probe.signTest.p).toHtmlEscaped(),
                     NumberText::pEquals(a->probe.signFlip.p).toHtmlEscaped());
        if (a->noise) {
            text += tr(" Same versus same: %1.")
                        .arg(NumberText::signedFixed(a->noise->table.averageGap(), 2));
        }
    }
    if (!m_controlled->isChecked()) {
        text += tr(" Seed and temperature not controlled: repeats differ by more than the seed.");
    }
    m_summary->setText(text);
}

} // namespace pb
