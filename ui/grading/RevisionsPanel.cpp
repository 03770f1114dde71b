#include "grading/RevisionsPanel.h"

#include "grading/GradingFileProject.h"
#include "grading/RevisionListModel.h"
#include "widgets/NoticeBanner.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace pb {

RevisionsPanel::RevisionsPanel(GradingFileProject* project, QWidget* parent)
    : QWidget(parent), m_project(project), m_model(new RevisionListModel(this)),
      m_table(new QTableView(this)), m_add(new QPushButton(tr("A&dd revision\u2026"), this)),
      m_remove(new QPushButton(tr("Re&move"), this)),
      m_grade(new QPushButton(tr("&Grade this revision"), this)), m_banner(new NoticeBanner(this))
{
    setAccessibleName(tr("Rubric revisions"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Revise the criterion the raters and the judge disagree on most, add the revised "
           "rubric here with the reason, and grade the calibration files on it: the Agreement "
           "tab then shows each criterion before and after."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(m_banner);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("Revisions"));
    m_table->setToolTip(tr("Each revision of the rubric: its file, why it was made, and how "
                           "many calibration files the store holds grades of."));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(RevisionListModel::WhyColumn,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(RevisionListModel::GradedColumn,
                                                      QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    layout->addWidget(m_table, 1);
    auto* buttons = new QHBoxLayout;
    m_add->setToolTip(tr("Choose the revised rubric file and say why it was revised."));
    m_remove->setToolTip(tr("Take the chosen revision out of the project (Undo puts it back; "
                            "its grades stay in the store)."));
    m_grade->setToolTip(tr("Grade the calibration files on the chosen revision (Run tab)."));
    m_add->setAccessibleName(tr("Add revision"));
    m_remove->setAccessibleName(tr("Remove revision"));
    m_grade->setAccessibleName(tr("Grade this revision"));
    for (QPushButton* b : {m_add, m_remove, m_grade})
        buttons->addWidget(b);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(m_add, &QPushButton::clicked, this, &RevisionsPanel::chooseAndAdd);
    connect(m_remove, &QPushButton::clicked, this, [this] { removeRevision(selectedNumber()); });
    connect(m_grade, &QPushButton::clicked, this, [this] {
        if (const int n = selectedNumber())
            Q_EMIT gradeRequested(n);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RevisionsPanel::refreshEnabled);
    connect(m_project, &GradingFileProject::documentChanged, this,
            [this] { setVersions(m_versions); });
    connect(m_project, &GradingFileProject::runningChanged, this, &RevisionsPanel::refreshEnabled);
    refreshEnabled();
}

void RevisionsPanel::setVersions(const GradingVersions& versions)
{
    const int chosen = selectedNumber();
    m_versions = versions;
    m_model->setRevisions(m_project->document().revisions, versions);
    if (chosen > 0 && chosen <= m_model->rowCount())
        m_table->selectRow(chosen - 1);
    else if (m_model->rowCount() > 0)
        m_table->selectRow(m_model->rowCount() - 1);
    m_table->resizeColumnToContents(RevisionListModel::NumberColumn);
    m_table->resizeColumnToContents(RevisionListModel::RubricColumn);
    refreshEnabled();
}

int RevisionsPanel::selectedNumber() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? 0 : rows.constFirst().row() + 1;
}

void RevisionsPanel::refreshEnabled()
{
    const bool idle = !m_project->isRunning();
    const int n = selectedNumber();
    m_add->setEnabled(idle && !m_project->filePath().isEmpty());
    m_remove->setEnabled(idle && n > 0);
    const std::shared_ptr<const GradingStoredResults> read = m_versions.version(n);
    m_grade->setEnabled(idle && n > 0 && read && read->inputsRead());
}

bool RevisionsPanel::addRevision(const QString& rubricPath, const QString& why)
{
    const auto refuse = [this](const QString& message) {
        m_banner->showMessage(NoticeBanner::Tone::Error, message);
        return false;
    };
    if (m_project->filePath().isEmpty())
        return refuse(tr("Save the grading first: a revision's rubric is kept beside it."));
    GradingProject doc = m_project->document();
    if (doc.calibration.isEmpty())
        return refuse(tr("A revision is graded on the calibration files, and the project lists "
                         "none (its \"calibration\")."));
    if (why.trimmed().isEmpty())
        return refuse(tr("Say why the rubric was revised: the reason is kept with it."));
    // Beside or below the project: kept relative, so the folder can move as a whole.
    const QDir folder = QFileInfo(m_project->filePath()).absoluteDir();
    QString written = folder.relativeFilePath(QFileInfo(rubricPath).absoluteFilePath());
    if (written.startsWith(QLatin1String("..")))
        written = QDir::cleanPath(QFileInfo(rubricPath).absoluteFilePath());
    if (written == doc.rubric)
        return refuse(tr("%1 is the first rubric; a revision is another file.").arg(written));
    for (const GradingProject::Revision& r : doc.revisions) {
        if (r.rubric == written)
            return refuse(tr("%1 is a revision already.").arg(written));
    }
    doc.revisions.append({written, why.trimmed()});
    m_project->applyEdit(doc, tr("Add revision %1").arg(doc.revisions.size()));
    m_banner->hide();
    return true;
}

bool RevisionsPanel::removeRevision(int number)
{
    GradingProject doc = m_project->document();
    if (number < 1 || number > doc.revisions.size() || m_project->isRunning())
        return false;
    doc.revisions.removeAt(number - 1);
    m_project->applyEdit(doc, tr("Remove revision %1").arg(number));
    return true;
}

void RevisionsPanel::chooseAndAdd()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("The revised rubric"), QFileInfo(m_project->filePath()).absolutePath(),
        tr("Rubrics (*.rubric.json);;JSON files (*.json)"));
    if (path.isEmpty())
        return;
    bool ok = false;
    const QString why = QInputDialog::getText(
        this, tr("Why was it revised?"),
        tr("What changed in %1, and why (kept in the project):").arg(QFileInfo(path).fileName()),
        QLineEdit::Normal, QString(), &ok);
    if (ok)
        addRevision(path, why);
}

} // namespace pb
