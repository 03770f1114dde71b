#include "../cli/CliProcess.h"
#include "GradingWindowSteps.h"
#include "grading/GraderBiasFolder.h"
#include "grading/GraderBiasModel.h"
#include "grading/GraderBiasPanel.h"
#include "run/FileRunControls.h"
#include "widgets/NoticeBanner.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>
#include <cmath>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;
using namespace pb::test;
using Bias = GraderBiasProbe::Bias;

namespace {

QVariant value(const GraderBiasModel* model, int row, int column)
{
    return model->index(row, column).data(GraderBiasModel::ValueRole);
}

// bias.json's number, or an invalid QVariant for its null (not measured).
QVariant number(const QJsonValue& v)
{
    return v.isNull() || v.isUndefined() ? QVariant() : QVariant(v.toDouble());
}

// Every number of the table against the same number in bias.json, exactly.
void compareWithJson(const GraderBiasModel* model, const QJsonObject& json)
{
    const QJsonObject before = json.value(QLatin1String("as_graded")).toObject();
    const QJsonObject after = json.value(QLatin1String("after_countermeasure")).toObject();
    const QJsonArray criteria = before.value(QLatin1String("criteria")).toArray();
    const QJsonArray residual = after.value(QLatin1String("criteria")).toArray();
    QCOMPARE(model->rowCount(), int(criteria.size()) + 1);
    QCOMPARE(model->totalRow(), int(criteria.size()));
    for (int row = 0; row < criteria.size(); ++row) {
        const QJsonObject c = criteria.at(row).toObject();
        const QJsonObject r = residual.at(row).toObject();
        QCOMPARE(value(model, row, GraderBiasModel::CriterionColumn).toString(),
                 c.value(QLatin1String("criterion")).toString());
        QCOMPARE(value(model, row, GraderBiasModel::DeltaColumn),
                 number(c.value(QLatin1String("avg_delta"))));
        QCOMPARE(value(model, row, GraderBiasModel::FlipsColumn).toInt(),
                 c.value(QLatin1String("flips")).toInt());
        QCOMPARE(value(model, row, GraderBiasModel::ResidualColumn),
                 number(r.value(QLatin1String("avg_delta"))));
        QCOMPARE(value(model, row, GraderBiasModel::ResidualFlipsColumn).toInt(),
                 r.value(QLatin1String("flips")).toInt());
    }
    const int total = model->totalRow();
    QCOMPARE(value(model, total, GraderBiasModel::DeltaColumn),
             number(before.value(QLatin1String("avg_delta"))));
    QCOMPARE(value(model, total, GraderBiasModel::ResidualColumn),
             number(after.value(QLatin1String("avg_delta"))));
    QCOMPARE(value(model, total, GraderBiasModel::FlipsColumn).toInt(),
             before.value(QLatin1String("flips")).toInt());
}

bool measure(GraderBiasPanel* panel, Bias bias)
{
    panel->chooseBias(bias);
    QSignalSpy measured(panel, &GraderBiasPanel::measured);
    if (!panel->startRun() || !measured.wait(kGradingWait))
        return false;
    if (!measured.constFirst().at(0).toBool())
        qWarning() << measured.constFirst().at(1).toString();
    return measured.constFirst().at(0).toBool();
}

// A window on the project at path, its files and bias folders read.
bool openAndRead(GradingWorkspace& window, const QString& path)
{
    QSignalSpy stored(window.biasPanel(), &GraderBiasPanel::storedRead);
    return window.openPath(path) && waitForResults(window) &&
           (stored.size() > 0 || stored.wait(kGradingWait));
}

} // namespace

// The Grader bias tab: a bias measured in the window is `probebench grade FILE --bias KIND` over
// the same store (the same bias.md and bias.json, byte for byte), a position bias the stand-in
// cannot answer says how many pairs were unusable instead of a number, fewer than four pairs
// are refused in core's words, and a closed window shows the stored measurement on reopening.
class TestGraderBiasPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void paddingInTheWindowIsWhatTheCliWrites();
    void positionOnTheStandInSaysItCannotBeMeasured();
    void fewerThanFourPairsAreRefused();

private:
    QTemporaryDir m_dir;
};

void TestGraderBiasPanel::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-graderbiaspanel"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestGraderBiasPanel::paddingInTheWindowIsWhatTheCliWrites()
{
    QString project;
    QByteArray json;
    QByteArray markdown;
    QString folder;
    {
        GradingWorkspace window;
        window.resize(1200, 760);
        window.show();
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("padding"))));
        project = window.project()->filePath();
        QVERIFY(waitForResults(window));
        GraderBiasPanel* panel = window.biasPanel();
        QAbstractItemModelTester tester(panel->model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        window.showTab(GradingWorkspace::GraderBiasTab);
        QCOMPARE(panel->countermeasure(), GraderBiasProbe::defaultCountermeasure(Bias::Padding));
        QCOMPARE(panel->measuredText(), QStringLiteral("Not measured yet."));
        QCOMPARE(panel->model()->rowCount(), 0);

        QVERIFY(measure(panel, Bias::Padding));
        folder = GraderBiasFolder::of(project, Bias::Padding).folder;
        json = readAll(QDir(folder).filePath(QStringLiteral("bias.json")));
        markdown = readAll(QDir(folder).filePath(QStringLiteral("bias.md")));
        QVERIFY(!json.isEmpty());
        const QJsonObject written = QJsonDocument::fromJson(json).object();
        compareWithJson(panel->model(), written);
        // The tutorial's rubric on the stand-in: three of the eleven gain a directness level
        // (7.5 points) when padded, and the stand-in reads no instruction.
        const QVariant delta =
            value(panel->model(), panel->model()->totalRow(), GraderBiasModel::DeltaColumn);
        QVERIFY(std::abs(delta.toDouble() - 3 * 7.5 / 11) < 1e-9);
        QCOMPARE(value(panel->model(), panel->model()->totalRow(), GraderBiasModel::ResidualColumn),
                 delta);
        QCOMPARE(panel->measuredText(), QStringLiteral("All 11 pairs measured."));
        QVERIFY(panel->reportText().contains(QStringLiteral("did not reduce the bias")));
        QCOMPARE(panel->reportText(), [&] {
            QTextDocument d;
            d.setMarkdown(QString::fromUtf8(markdown));
            return d.toPlainText();
        }());
        // The judge pipeline's own files are beside it, as the CLI leaves them.
        for (const char* file : {"report.md", "summary.json", "judge-log.csv"})
            QVERIFY2(QFile::exists(QDir(folder).filePath(QLatin1String(file))), file);
        QTest::qWait(200); // let the layouts settle before the grab
        QVERIFY(window.grab().save(QDir::temp().filePath(QStringLiteral("grading-bias.png"))));
    }
    // Closed; the CLI resumes the same store and writes the same bytes.
    const CliOutcome cli = probebench(
        {QStringLiteral("grade"), project, QStringLiteral("--bias"), QStringLiteral("padding")});
    QVERIFY2(cli.exitCode == 0, qPrintable(QString(cli.out + cli.err)));
    QVERIFY2(QString(cli.out + cli.err).contains(QStringLiteral("resuming judge \"as graded\"")),
             qPrintable(QString(cli.out + cli.err)));
    QCOMPARE(readAll(QDir(folder).filePath(QStringLiteral("bias.json"))), json);
    QCOMPARE(readAll(QDir(folder).filePath(QStringLiteral("bias.md"))), markdown);

    // Reopened: the stored measurement is shown, with its countermeasure.
    GradingWorkspace again;
    again.show();
    QVERIFY(openAndRead(again, project));
    GraderBiasPanel* panel = again.biasPanel();
    QAbstractItemModelTester tester(panel->model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(panel->chosenBias(), Bias::Padding);
    compareWithJson(panel->model(), QJsonDocument::fromJson(json).object());
    QCOMPARE(panel->countermeasure(), GraderBiasProbe::defaultCountermeasure(Bias::Padding));
    panel->chooseBias(Bias::Byline);
    QCOMPARE(panel->model()->rowCount(), 0); // never measured
    QCOMPARE(panel->measuredText(), QStringLiteral("Not measured yet."));
}

void TestGraderBiasPanel::positionOnTheStandInSaysItCannotBeMeasured()
{
    const QString own = QStringLiteral("Do not prefer either position.");
    QString project;
    QString measuredText;
    QJsonObject json;
    {
        GradingWorkspace window;
        window.resize(1200, 760);
        window.show();
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("position"))));
        project = window.project()->filePath();
        QVERIFY(waitForResults(window));
        GraderBiasPanel* panel = window.biasPanel();
        QAbstractItemModelTester tester(panel->model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        panel->chooseBias(Bias::Position);
        panel->setCountermeasure(own);
        QVERIFY(measure(panel, Bias::Position));
        // Eleven submissions with text make five A/B pairs; the stand-in scores none of them.
        measuredText = panel->measuredText();
        QVERIFY2(
            measuredText.startsWith(QStringLiteral("Not measured: 5 of 5 pairs are unusable.")),
            qPrintable(measuredText));
        const GraderBiasModel* model = panel->model();
        for (const int column :
             {int(GraderBiasModel::DeltaColumn), int(GraderBiasModel::ResidualColumn)}) {
            for (int row = 0; row < model->rowCount(); ++row) {
                QVERIFY(!value(model, row, column).isValid());
                QCOMPARE(model->index(row, column).data().toString(),
                         QStringLiteral("not measured"));
            }
        }
        const QString folder = GraderBiasFolder::of(project, Bias::Position).folder;
        json = QJsonDocument::fromJson(readAll(QDir(folder).filePath(QStringLiteral("bias.json"))))
                   .object();
        QCOMPARE(json.value(QLatin1String("countermeasure")).toString(), own);
        compareWithJson(model, json);
        window.showTab(GradingWorkspace::GraderBiasTab);
        QTest::qWait(200);
        QVERIFY(
            window.grab().save(QDir::temp().filePath(QStringLiteral("grading-bias-position.png"))));
    }
    // Reopened, it is found again, with the countermeasure it was measured with.
    GradingWorkspace again;
    QVERIFY(openAndRead(again, project));
    again.biasPanel()->chooseBias(Bias::Position);
    QCOMPARE(again.biasPanel()->countermeasure(), own);
    QCOMPARE(again.biasPanel()->measuredText(), measuredText);
    compareWithJson(again.biasPanel()->model(), json);
}

void TestGraderBiasPanel::fewerThanFourPairsAreRefused()
{
    QString project;
    {
        GradingWorkspace window;
        QVERIFY(window.openExample(m_dir.filePath(QStringLiteral("few"))));
        project = window.project()->filePath();
    }
    // Three submissions left: three padding pairs, one position pair.
    QDir submissions(
        QFileInfo(project).dir().filePath(QStringLiteral("library-hours-submissions")));
    const QStringList files = submissions.entryList(QDir::Files, QDir::Name);
    QVERIFY(files.size() > 3);
    for (const QString& f : files.mid(3))
        QVERIFY(submissions.remove(f));

    GradingWorkspace window;
    window.show();
    QVERIFY(openAndRead(window, project));
    GraderBiasPanel* panel = window.biasPanel();
    panel->chooseBias(Bias::Padding);
    const QString refusal = QFileInfo(project).fileName() +
                            QStringLiteral(": a padding probe needs at least 4 matched pairs; 3 "
                                           "submissions with text make 3");
    QCOMPARE(panel->measuredText(), QStringLiteral("Cannot be measured: ") + refusal);
    panel->chooseBias(Bias::Position);
    QVERIFY2(panel->measuredText().contains(QStringLiteral("a position probe needs at least 4")),
             qPrintable(panel->measuredText()));
    panel->chooseBias(Bias::Padding);
    // Ctrl+B on the tab is its Start (Ctrl+R stays the Run tab's), refused here.
    window.showTab(GradingWorkspace::GraderBiasTab);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QSignalSpy wanted(panel->runControls(), &FileRunControls::startWanted);
    QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
    QCOMPARE(wanted.size(), 1);
    QVERIFY(panel->banner()->isVisible());
    QVERIFY(!panel->startRun());
    QCOMPARE(panel->banner()->text(), refusal);
    QVERIFY(!window.project()->isRunning());
    QVERIFY(!QFileInfo::exists(GraderBiasFolder::of(project, Bias::Padding).folder));
    // The CLI refuses in the same words.
    const CliOutcome cli = probebench(
        {QStringLiteral("grade"), project, QStringLiteral("--bias"), QStringLiteral("padding")});
    QCOMPARE(cli.exitCode, 2);
    QVERIFY2(QString(cli.out + cli.err).contains(panel->banner()->text()),
             qPrintable(QString(cli.out + cli.err)));
}

QTEST_MAIN(TestGraderBiasPanel)
#include "tst_graderbiaspanel.moc"
