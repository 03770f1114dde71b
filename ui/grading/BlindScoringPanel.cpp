#include "grading/BlindScoringPanel.h"

#include "grading/BlindSheetModel.h"
#include "grading/GradingFileProject.h"
#include "grading/ScoreSheetCsv.h"
#include "probe/WholeFile.h"
#include "run/WorkerThread.h"
#include "widgets/NoticeBanner.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

namespace {

// "Ana M." -> "ana-m.blind.json": a file name any system takes.
QString sheetFileName(const QString& rater)
{
    QString base = rater.trimmed().toLower();
    base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    base.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    return (base.isEmpty() ? QStringLiteral("rater") : base) + QStringLiteral(".blind.json");
}

QString levelText(const std::optional<int>& level)
{
    return level ? QString::number(*level) : QStringLiteral("blank");
}

QPushButton* button(const QString& text, const QString& tip, QWidget* parent)
{
    auto* b = new QPushButton(text, parent);
    b->setToolTip(tip);
    b->setAccessibleName(QString(text).remove(QLatin1Char('&')).remove(QChar(0x2026)));
    return b;
}

} // namespace

BlindScoringPanel::BlindScoringPanel(GradingFileProject* project, QWidget* parent)
    : QWidget(parent), m_project(project),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("blind-sheets"))),
      m_model(new BlindSheetModel(this)), m_banner(new NoticeBanner(this))
{
    setAccessibleName(tr("Blind scoring"));
    m_askReason = [this](const QString& cell) -> std::optional<QString> {
        bool ok = false;
        const QString reason = QInputDialog::getText(
            this, tr("Why change a finished sheet?"),
            tr("The sheet is marked complete. Give the reason for changing %1; it is recorded "
               "with the old and new values.")
                .arg(cell),
            QLineEdit::Normal, QString(), &ok);
        return ok ? std::optional<QString>(reason) : std::nullopt;
    };
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Rater:"), this));
    m_raters = new QComboBox(this);
    m_raters->setAccessibleName(tr("Rater's sheet"));
    m_raters->setToolTip(tr("The rater whose blind sheet is shown; the judge's levels on the "
                            "calibration files stay hidden until this sheet is complete."));
    m_raters->setMinimumContentsLength(16);
    top->addWidget(m_raters);
    QPushButton* create =
        button(tr("Ne&w sheet\u2026"),
               tr("Start a blind sheet for a rater over the calibration files."), this);
    top->addWidget(create);
    m_complete = button(tr("&Mark complete"),
                        tr("Every cell needs a level and a why. After this the judge's levels "
                           "show, and a change needs a reason."),
                        this);
    top->addWidget(m_complete);
    m_import = button(tr("&Import CSV\u2026"),
                      tr("Take the levels and whys of a spreadsheet's CSV (refused "
                         "once the sheet is complete)."),
                      this);
    QPushButton* exportButton =
        button(tr("E&xport CSV\u2026"), tr("Write the sheet as a score-sheet CSV."), this);
    top->addWidget(m_import);
    top->addWidget(exportButton);
    top->addStretch(1);
    layout->addLayout(top);
    m_state = new QLabel(this);
    m_state->setWordWrap(true);
    m_state->setAccessibleName(tr("Sheet state"));
    layout->addWidget(m_state);
    m_banner->setAccessibleName(tr("Scoring message"));
    layout->addWidget(m_banner);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_view = new QTableView(split);
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Blind sheet"));
    m_view->setToolTip(tr("A level and a one-sentence justification per criterion for each "
                          "calibration file. After the sheet is complete a change asks for "
                          "its reason."));
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    split->addWidget(m_view);
    m_amendments = new QPlainTextEdit(split);
    m_amendments->setReadOnly(true);
    m_amendments->setAccessibleName(tr("Amendments"));
    m_amendments->setToolTip(tr("Every change made after the sheet was marked complete, with "
                                "its time, the values before and after, and the reason."));
    m_amendments->setPlaceholderText(tr("Changes made after the sheet was marked complete, "
                                        "with their reasons, are listed here."));
    split->addWidget(m_amendments);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(create, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString rater =
            QInputDialog::getText(this, tr("New blind sheet"), tr("The rater's name:"),
                                  QLineEdit::Normal, QString(), &ok);
        if (ok)
            createSheet(rater);
    });
    connect(m_complete, &QPushButton::clicked, this, &BlindScoringPanel::markComplete);
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import a score sheet"),
                                                          QString(), tr("CSV files (*.csv)"));
        if (!path.isEmpty())
            importCsv(path);
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the score sheet"),
                                                          QString(), tr("CSV files (*.csv)"));
        if (!path.isEmpty())
            exportCsv(path);
    });
    connect(m_raters, &QComboBox::activated, this,
            [this](int index) { chooseRater(m_raters->itemText(index)); });
    connect(m_model, &BlindSheetModel::reasonNeeded, this, &BlindScoringPanel::askReason);
    connect(m_model, &BlindSheetModel::editRefused, this, [this](const QString& message) {
        m_banner->showMessage(NoticeBanner::Tone::Error, message);
    });
    connect(m_model, &BlindSheetModel::sheetEdited, this, &BlindScoringPanel::saveChosen);
    clear();
}

BlindScoringPanel::~BlindScoringPanel() = default;

void BlindScoringPanel::clear()
{
    m_results.reset();
    m_projectPath.clear();
    m_sheets.clear();
    m_chosen = -1;
    m_raters->clear();
    showChosen();
}

void BlindScoringPanel::setResults(std::shared_ptr<const GradingStoredResults> results,
                                   const QString& projectPath)
{
    if (projectPath != m_projectPath)
        clear();
    m_projectPath = projectPath;
    m_results = std::move(results);
    for (qsizetype i = 0; i < m_results->sheets.size(); ++i) {
        const QString& path = m_results->sheetPaths.at(i);
        const bool held = std::any_of(m_sheets.cbegin(), m_sheets.cend(),
                                      [&](const Held& h) { return h.path == path; });
        if (!held) {
            m_sheets.append({m_results->sheetNames.at(i), path, m_results->sheets.at(i)});
            m_raters->addItem(m_results->sheets.at(i).rater());
        }
    }
    if (m_chosen < 0 && !m_sheets.isEmpty())
        m_chosen = 0;
    showChosen();
}

BlindScoringPanel::Held* BlindScoringPanel::chosen()
{
    return m_chosen >= 0 && m_chosen < m_sheets.size() ? &m_sheets[m_chosen] : nullptr;
}

bool BlindScoringPanel::createSheet(const QString& rater)
{
    if (!m_results || !m_results->inputsRead() || m_project->filePath().isEmpty()) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("Open a grading whose rubric and submissions can be read "
                                 "first."));
        return false;
    }
    QString error;
    const std::optional<BlindSheet> sheet = BlindSheet::create(
        rater.trimmed(), m_results->rubric.ids(), m_project->document().calibration, &error);
    if (!sheet) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("No sheet was started: %1 (the calibration files are listed "
                                 "in the project's \"calibration\")")
                                  .arg(error));
        return false;
    }
    const QString name = sheetFileName(rater);
    GradingProject doc = m_project->document();
    const QString path = m_project->resolve(name);
    if (doc.blindSheets.contains(name) ||
        std::any_of(m_sheets.cbegin(), m_sheets.cend(),
                    [&](const Held& h) { return h.path == path; })) {
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("%1 already has a sheet (%2)").arg(rater.trimmed(), name));
        return false;
    }
    doc.blindSheets << name;
    m_project->applyEdit(doc, tr("Add %1's blind sheet").arg(rater.trimmed()));
    m_sheets.append({name, path, *sheet});
    m_raters->addItem(sheet->rater());
    m_chosen = int(m_sheets.size()) - 1;
    m_banner->hide();
    showChosen();
    saveChosen();
    return true;
}

bool BlindScoringPanel::chooseRater(const QString& rater)
{
    for (int i = 0; i < m_sheets.size(); ++i) {
        if (m_sheets.at(i).sheet.rater() == rater) {
            m_chosen = i;
            showChosen();
            return true;
        }
    }
    return false;
}

void BlindScoringPanel::showChosen()
{
    const Held* held = chosen();
    if (held && m_results) {
        m_model->setSheet(m_results->rubric, held->sheet);
        m_raters->setCurrentIndex(m_chosen);
    } else {
        m_model->clear();
    }
    refreshState();
}

void BlindScoringPanel::refreshState()
{
    const Held* held = chosen();
    m_complete->setEnabled(held && !held->sheet.isComplete());
    m_import->setEnabled(held && !held->sheet.isComplete()); // importing would rescore it
    if (!held)
        m_state->setText(tr("No sheet chosen. Start one with New sheet; the judge's levels on "
                            "its calibration files stay hidden until it is complete."));
    else if (held->sheet.isComplete())
        m_state->setText(
            tr("%1's sheet was marked complete on %2. A change now needs a reason "
               "and is recorded.")
                .arg(held->sheet.rater(), held->sheet.completedAt().toString(Qt::ISODate)));
    else if (!held->sheet.missing().isEmpty())
        m_state->setText(tr("%1 is scoring blind: the judge's levels on these files are hidden "
                            "until the sheet is marked complete. Still to do: %2.")
                             .arg(held->sheet.rater(), held->sheet.missing()));
    else
        m_state->setText(tr("%1 has scored every cell: Mark complete to see the judge's levels "
                            "on these files (a change after that needs a reason).")
                             .arg(held->sheet.rater()));
    refreshAmendments();
    Q_EMIT visibilityChanged();
}

void BlindScoringPanel::saveChosen()
{
    Held* held = chosen();
    if (!held)
        return;
    held->sheet = m_model->sheet();
    write(*held);
    refreshState();
}

void BlindScoringPanel::relocate()
{
    m_projectPath = m_project->filePath();
    for (Held& held : m_sheets) {
        held.path = m_project->resolve(held.written);
        write(held);
    }
}

void BlindScoringPanel::write(const Held& held)
{
    ++m_writes;
    m_worker->post(
        [sheet = held.sheet, path = held.path] {
            QString error;
            return std::make_pair(sheet.writeFile(path, &error), error);
        },
        [this](const std::pair<bool, QString>& done) {
            --m_writes;
            if (!done.first)
                m_banner->showMessage(NoticeBanner::Tone::Error,
                                      tr("The sheet was not saved: %1").arg(done.second));
            Q_EMIT sheetWritten(done.first);
        });
}

bool BlindScoringPanel::markComplete()
{
    QString error;
    if (!m_model->markComplete(&error)) {
        m_banner->showMessage(
            NoticeBanner::Tone::Error,
            tr("Not complete yet: %1").arg(error.isEmpty() ? tr("no sheet") : error));
        return false;
    }
    m_banner->hide();
    return true;
}

void BlindScoringPanel::askReason(const QModelIndex& index, const QVariant& value)
{
    const QString cell =
        QStringLiteral("%1, %2").arg(m_model->filenameAt(index), m_model->criterionAt(index));
    const std::optional<QString> reason = m_askReason(cell);
    if (!reason)
        return;
    QString error;
    if (!m_model->amend(index, value, *reason, &error))
        m_banner->showMessage(NoticeBanner::Tone::Error,
                              tr("The change was not made: %1").arg(error));
    else
        m_banner->hide();
}

void BlindScoringPanel::refreshAmendments()
{
    const Held* held = chosen();
    QStringList lines;
    if (held) {
        for (const SheetAmendment& a : held->sheet.amendments()) {
            QString line = QStringLiteral("%1  %2, %3: ")
                               .arg(a.time.toString(Qt::ISODate), a.filename, a.criterionId);
            if (a.levelBefore != a.levelAfter)
                line +=
                    tr("level %1 \u2192 %2").arg(levelText(a.levelBefore), levelText(a.levelAfter));
            if (a.whyBefore != a.whyAfter)
                line += (a.levelBefore != a.levelAfter ? QStringLiteral("; ") : QString()) +
                        tr("why \u201c%1\u201d \u2192 \u201c%2\u201d").arg(a.whyBefore, a.whyAfter);
            lines << line + tr(" \u2014 reason: %1").arg(a.reason);
        }
    }
    m_amendments->setPlainText(lines.join(QLatin1Char('\n')));
}

QString BlindScoringPanel::amendmentsText() const
{
    return m_amendments->toPlainText();
}

QList<RaterSheet> BlindScoringPanel::finishedSheets() const
{
    QList<RaterSheet> out;
    for (const Held& held : m_sheets) {
        if (!held.sheet.isComplete())
            continue;
        RaterSheet rater{held.sheet.rater(), false, held.sheet.sheet()};
        rater.sheet.sourceName = QFileInfo(held.path).fileName();
        out << rater;
    }
    return out;
}

QSet<QString> BlindScoringPanel::hiddenFiles() const
{
    const Held* held = const_cast<BlindScoringPanel*>(this)->chosen();
    if (!held || held->sheet.isComplete())
        return {};
    const QStringList files = held->sheet.calibrationFiles();
    return QSet<QString>(files.cbegin(), files.cend());
}

QString BlindScoringPanel::hiddenText() const
{
    const Held* held = const_cast<BlindScoringPanel*>(this)->chosen();
    return held ? tr("hidden until %1 marks the sheet complete").arg(held->sheet.rater())
                : QString();
}

void BlindScoringPanel::importCsv(const QString& path)
{
    if (!chosen() || !m_results) {
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("Choose or start a sheet first."));
        return;
    }
    m_worker->post(
        [path, rubric = m_results->rubric] {
            QString error;
            std::optional<ScoreSheet> sheet = ScoreSheetCsv::readFile(path, rubric, &error);
            return std::make_pair(sheet, error);
        },
        [this, path](const std::pair<std::optional<ScoreSheet>, QString>& read) {
            QString error = read.second;
            const bool ok = read.first && m_model->importSheet(*read.first, &error);
            const QString message = ok ? tr("Imported %1.").arg(QFileInfo(path).fileName())
                                       : tr("Nothing was imported: %1").arg(error);
            m_banner->showMessage(ok ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT csvDone(ok, message);
        });
}

void BlindScoringPanel::exportCsv(const QString& path)
{
    if (!chosen() || !m_results) {
        m_banner->showMessage(NoticeBanner::Tone::Error, tr("Choose or start a sheet first."));
        return;
    }
    m_worker->post(
        [path, rubric = m_results->rubric, sheet = m_model->sheet().sheet()] {
            QString error;
            const bool ok = WholeFile::write(path, ScoreSheetCsv::toCsv(rubric, sheet), &error);
            return std::make_pair(ok, error);
        },
        [this, path](const std::pair<bool, QString>& done) {
            const QString message = done.first ? tr("Wrote %1.").arg(QDir::toNativeSeparators(path))
                                               : tr("The CSV was not written: %1").arg(done.second);
            m_banner->showMessage(done.first ? NoticeBanner::Tone::Info : NoticeBanner::Tone::Error,
                                  message);
            Q_EMIT csvDone(done.first, message);
        });
}

} // namespace pb
