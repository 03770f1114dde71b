#include "../cli/CliProcess.h"
#include "GradingWindowSteps.h"
#include "grading/AgreementPanel.h"
#include "grading/GradingRunPanel.h"
#include "grading/RevisionListModel.h"
#include "grading/RevisionsPanel.h"
#include "widgets/NoticeBanner.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;
using namespace pb::test;

namespace {

QString cell(const QAbstractItemModel* model, int row, int column)
{
    return model->index(row, column).data().toString();
}

} // namespace

// A rubric revision in the window: listed with its reason, graded on the calibration files from
// the Run tab, set beside the first rubric on the Agreement tab; what the window shows and
// exports is what `probebench agree` and `probebench grade --revision` write for the same
// project, after it is saved and closed.
class TestGradingRevision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aRevisionGradedInTheWindowAgreesAsTheCliSays();
    void aRevisionThatRenamesACriterionIsRefusedAndUndoTakesItOut();

private:
    QTemporaryDir m_dir;
};

void TestGradingRevision::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-gradingrevision"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestGradingRevision::aRevisionGradedInTheWindowAgreesAsTheCliSays()
{
    QString project;
    QString markdown;
    const QString exported = m_dir.filePath(QStringLiteral("exported-revision"));
    {
        GradingWorkspace window;
        window.resize(1200, 720);
        window.show();
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("journey"))));
        project = window.project()->filePath();
        QVERIFY(waitForResults(window));
        RevisionListModel* model = window.revisionsPanel()->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model->rowCount(), 1); // the example ships one revision
        QCOMPARE(cell(model, 0, RevisionListModel::RubricColumn),
                 QStringLiteral("library-hours-revised.rubric.json"));
        QVERIFY(
            cell(model, 0, RevisionListModel::WhyColumn).contains(QStringLiteral("directness")));
        QCOMPARE(cell(model, 0, RevisionListModel::GradedColumn),
                 QStringLiteral("not graded (8 calibration files)"));

        QVERIFY(runToTheEnd(window)); // the first rubric, every submission
        QSignalSpy grade(window.revisionsPanel(), &RevisionsPanel::gradeRequested);
        window.showTab(GradingWorkspace::RevisionsTab);
        const QList<QPushButton*> buttons = window.revisionsPanel()->findChildren<QPushButton*>();
        for (QPushButton* b : buttons) {
            if (b->accessibleName() == QLatin1String("Grade this revision"))
                QTest::mouseClick(b, Qt::LeftButton);
        }
        QCOMPARE(grade.size(), 1);
        QCOMPARE(window.currentTab(), GradingWorkspace::RunTab);
        QCOMPARE(window.runPanel()->chosenVersion(), 1);
        QVERIFY(runToTheEnd(window)); // the revision, the calibration files
        QCOMPARE(cell(model, 0, RevisionListModel::GradedColumn),
                 QStringLiteral("8 of 8 calibration files graded"));
        QCOMPARE(window.versions().revisions.constFirst()->outcome.rows.size(), 8);
        QCOMPARE(window.runPanel()->chosenVersion(), 1); // stays chosen after the reread

        QSignalSpy done(window.runPanel(), &GradingRunPanel::exported);
        window.runPanel()->exportTo(exported);
        QVERIFY(done.wait(kGradingWait));
        QVERIFY2(done.constFirst().at(0).toBool(), qPrintable(done.constFirst().at(1).toString()));

        QVERIFY(finishSheet(window, QStringLiteral("Ana"), QStringLiteral("sheet_a.csv")));
        QVERIFY(finishSheet(window, QStringLiteral("Bo"), QStringLiteral("sheet_b.csv")));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.agreementPanel()->markdown().contains(QStringLiteral("revision")), kGradingWait);
        markdown = window.agreementPanel()->markdown();
        QVERIFY(window.save());
        QTRY_VERIFY_WITH_TIMEOUT(!window.blindPanel()->isWriting(), kGradingWait);
        window.showTab(GradingWorkspace::AgreementTab);
        QVERIFY(window.grab().save(
            QDir::temp().filePath(QStringLiteral("grading-agreement-revision.png"))));
        window.showTab(GradingWorkspace::RevisionsTab);
        QVERIFY(window.grab().save(QDir::temp().filePath(QStringLiteral("grading-revisions.png"))));
        window.showTab(GradingWorkspace::RunTab);
        QTest::qWait(200); // let the nested layouts settle before the grab
        QVERIFY(window.grab().save(QDir::temp().filePath(QStringLiteral("grading-run.png"))));
    }
    // Closed; the CLI reads the project and its store as the window left them.
    const CliOutcome agreed = probebench({QStringLiteral("agree"), project});
    QVERIFY2(agreed.exitCode == 0, qPrintable(QString(agreed.out + agreed.err)));
    const QDir results(
        GradingFileProject::defaultResultsFolder(project, QLatin1String(GradingProject::kSuffix)));
    const QByteArray cli = readAll(results.filePath(QStringLiteral("agreement.md"))) + '\n' +
                           readAll(results.filePath(QStringLiteral("revision.md")));
    QCOMPARE(markdown, QString::fromUtf8(cli));

    const CliOutcome regraded = probebench(
        {QStringLiteral("grade"), project, QStringLiteral("--revision"), QStringLiteral("1")});
    QVERIFY2(regraded.exitCode == 0, qPrintable(QString(regraded.out + regraded.err)));
    QVERIFY2(QString(regraded.out + regraded.err)
                 .contains(QStringLiteral("resuming grading 8 submissions")),
             qPrintable(QString(regraded.out + regraded.err)));
    for (const QString& file : {QStringLiteral("grades.csv"), QStringLiteral("grading.md")})
        QCOMPARE(readAll(QDir(exported).filePath(file)),
                 readAll(results.filePath(QStringLiteral("revision-1/") + file)));
}

void TestGradingRevision::aRevisionThatRenamesACriterionIsRefusedAndUndoTakesItOut()
{
    GradingWorkspace window;
    window.show();
    QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("renamed"))));
    QVERIFY(waitForResults(window));
    const QString folder = QFileInfo(window.project()->filePath()).absolutePath();
    QByteArray rubric = readAll(QDir(folder).filePath(QStringLiteral("library-hours.rubric.json")));
    rubric.replace("\"directness\"", "\"thesis\"");
    QFile renamed(QDir(folder).filePath(QStringLiteral("renamed.rubric.json")));
    QVERIFY(renamed.open(QIODevice::WriteOnly));
    renamed.write(rubric);
    renamed.close();

    RevisionsPanel* panel = window.revisionsPanel();
    QVERIFY(!panel->addRevision(renamed.fileName(), QStringLiteral("  ")));
    QVERIFY(panel->banner()->text().contains(QStringLiteral("Say why")));
    QVERIFY(!panel->addRevision(QDir(folder).filePath(QStringLiteral("library-hours.rubric.json")),
                                QStringLiteral("same file")));
    QSignalSpy shown(&window, &GradingWorkspace::resultsShown);
    QVERIFY(panel->addRevision(renamed.fileName(), QStringLiteral("directness renamed")));
    QCOMPARE(window.project()->document().revisions.constLast().rubric,
             QStringLiteral("renamed.rubric.json")); // kept relative, beside the project
    QVERIFY(shown.wait(kGradingWait));
    const QString graded = cell(panel->model(), 1, RevisionListModel::GradedColumn);
    QVERIFY2(graded.contains(QStringLiteral("a revision rewrites levels and keeps the criteria")),
             qPrintable(graded));
    QCOMPARE(window.runPanel()->findChild<QComboBox*>()->count(), 3);

    window.project()->undoStack()->undo();
    QVERIFY(shown.wait(kGradingWait));
    QCOMPARE(panel->model()->rowCount(), 1);
    QCOMPARE(window.runPanel()->findChild<QComboBox*>()->count(), 2);
    QVERIFY(panel->removeRevision(1));
    QVERIFY(shown.wait(kGradingWait));
    QCOMPARE(panel->model()->rowCount(), 0);
    QCOMPARE(window.runPanel()->findChild<QComboBox*>()->count(), 1);
    QVERIFY(!window.runPanel()->findChild<QComboBox*>()->isEnabled());
}

QTEST_MAIN(TestGradingRevision)
#include "tst_gradingrevision.moc"
