#include "judge/JudgeReportPanel.h"

#include "judge/JudgeProbeRun.h"
#include "judge/JudgeProject.h"
#include "judge/JudgeReportBuilder.h"
#include "judge/JudgeResultsFolder.h"
#include "run/RunCostView.h"
#include "widgets/PreviewHtml.h"

#include <QDateTime>
#include <QEvent>
#include <QFileInfo>
#include <QTimer>

namespace pb {

namespace {

ReportFolderWording judgeWording()
{
    ReportFolderWording wording{
        JudgeReportPanel::tr("Judge report"),
        JudgeReportPanel::tr("Write report.md, report.html, judge-log.csv (one row per judge "
                             "call) and summary.json from the results store, as probebench run "
                             "writes them"),
        JudgeReportPanel::tr("The judge section of the report as report.md and report.html "
                             "will have it, rebuilt as results come in."),
        JudgeReportPanel::tr("No results yet: run the judges on the Run tab (Ctrl+R)."),
        JudgeReportPanel::tr("Wrote report.md, report.html, judge-log.csv and summary.json to "
                             "%1.")};
    wording.action = JudgeReportPanel::tr("&Export report and log\u2026");
    wording.key = QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E);
    return wording;
}

} // namespace

JudgeReportPanel::JudgeReportPanel(JudgeProject* project, QWidget* parent)
    : ReportFolderPanel(
          judgeWording(), QStringLiteral("judge-export"),
          [project] { return project->exportFolder(); }, parent),
      m_cost(new RunCostView(this)), m_rebuild(new QTimer(this))
{
    insertAboveReport(m_cost);
    m_rebuild->setSingleShot(true);
    m_rebuild->setInterval(250);
    connect(m_rebuild, &QTimer::timeout, this, &JudgeReportPanel::rebuild);
}

void JudgeReportPanel::setResults(const JudgeProbeDocument& doc, const JudgeAnalysis& analysis,
                                  const QString& source, const QString& storePath)
{
    m_doc = doc;
    m_analysis = analysis;
    m_source = source;
    m_storePath = storePath;
    m_hasResults = true;
    m_stale = true;
    m_cost->setCost(analysis.cost());
    setExportable(true);
    if (isVisible() && !m_rebuild->isActive())
        m_rebuild->start();
}

void JudgeReportPanel::clear()
{
    ReportFolderPanel::clear();
    m_hasResults = false;
    m_stale = false;
    m_cost->clear();
    m_report = ReportDocument();
}

const ReportDocument& JudgeReportPanel::report()
{
    if (m_stale)
        rebuild();
    return m_report;
}

void JudgeReportPanel::rebuild()
{
    if (!m_hasResults)
        return;
    m_stale = false;
    JudgeReportBuilder::Context context;
    context.source = m_source;
    context.store = QFileInfo(m_storePath).fileName();
    context.generated = QDateTime::currentDateTimeUtc();
    m_report = JudgeReportBuilder::build(m_doc, m_analysis, context);
    showHtml(m_report.toMarkdown(), PreviewHtml::forPalette(m_report.toHtml(), palette()));
}

ReportFolderPanel::FolderWrite JudgeReportPanel::folderWrite() const
{
    // The CLI's writer over what the store holds now, with its own connection: the same four
    // files, written together and whole, with the runs they came from in summary.json.
    return [doc = m_doc, source = m_source, store = m_storePath](const QString& folder,
                                                                 QString* error) {
        return JudgeResultsFolder::writeStored(folder, doc, JudgeProbeRun::readStored(doc, store),
                                               source, error);
    };
}

void JudgeReportPanel::showEvent(QShowEvent* event)
{
    ReportFolderPanel::showEvent(event);
    if (m_stale)
        rebuild();
}

void JudgeReportPanel::changeEvent(QEvent* event)
{
    ReportFolderPanel::changeEvent(event);
    if (event->type() != QEvent::PaletteChange || !m_hasResults)
        return;
    m_stale = true;
    if (isVisible())
        rebuild();
}

} // namespace pb
