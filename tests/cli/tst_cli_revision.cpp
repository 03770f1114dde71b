#include "CliProcess.h"
#include "ExampleSheets.h"
#include "TestPaths.h"
#include "grading/BlindSheet.h"
#include "grading/GradingProject.h"
#include "grading/GradingRubric.h"
#include "grading/ScoreSheetCsv.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb::test;

namespace {

QDir examples()
{
    return QDir(sourceDir() + QStringLiteral("/resources/examples"));
}

bool writeBlindSheet(const QString& csv, const QString& rater, const QString& path)
{
    return writeExampleBlindSheet(csv, rater, path, true);
}

} // namespace

// A rubric revision kept in the grading project: graded on the calibration files into the
// project's own store, and compared before and after by `probebench agree FILE.grading.json`,
// with the numbers `probebench agree` gives for the same sheets and grades named one by one.
class TestCliRevision : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_project;
    QString m_results;

    QString inProject(const QString& name) const { return QDir(m_dir.path()).filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(copyExampleGrading(m_dir.path(),
                                   {QStringLiteral("library-hours.rubric.json"),
                                    QStringLiteral("library-hours-revised.rubric.json")}));
        QVERIFY(writeBlindSheet(QStringLiteral("sheet_a.csv"), QStringLiteral("Ana"),
                                inProject(QStringLiteral("ana.blind.json"))));
        QVERIFY(writeBlindSheet(QStringLiteral("sheet_b.csv"), QStringLiteral("Ben"),
                                inProject(QStringLiteral("ben.blind.json"))));

        QString error;
        std::optional<pb::GradingProject> project = pb::GradingProject::readFile(
            examples().filePath(QStringLiteral("library-hours.grading.json")), &error, nullptr);
        QVERIFY2(project, qPrintable(error));
        project->blindSheets = {QStringLiteral("ana.blind.json"), QStringLiteral("ben.blind.json")};
        project->revisions = {{QStringLiteral("library-hours-revised.rubric.json"),
                               QStringLiteral("directness disagreed most: levels made "
                                              "observable")}};
        m_project = inProject(QStringLiteral("library-hours.grading.json"));
        QVERIFY2(project->writeFile(m_project, &error), qPrintable(error));
        m_results = inProject(QStringLiteral("library-hours-results"));
    }

    void beforeARevisionIsGradedAgreeComparesTheFirstRubricOnly()
    {
        const CliOutcome graded = probebench({QStringLiteral("grade"), m_project});
        QVERIFY2(graded.exitCode == 0, qPrintable(graded.err));
        const CliOutcome agreed = probebench({QStringLiteral("agree"), m_project});
        QVERIFY2(agreed.exitCode == 0, qPrintable(agreed.err));
        QVERIFY(QFile::exists(QDir(m_results).filePath(QStringLiteral("agreement.md"))));
        QVERIFY(!QFile::exists(QDir(m_results).filePath(QStringLiteral("revision.md"))));
        QVERIFY(!jsonFile(QDir(m_results).filePath(QStringLiteral("agreement.json")))
                     .contains(QStringLiteral("revision")));
    }

    void aRevisionIsGradedOnTheCalibrationFilesInTheProjectsStore()
    {
        const CliOutcome r = probebench({QStringLiteral("grade"), m_project,
                                         QStringLiteral("--revision"), QStringLiteral("1")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QDir revision(QDir(m_results).filePath(QStringLiteral("revision-1")));
        const QList<QByteArray> lines =
            fileBytes(revision.filePath(QStringLiteral("grades.csv"))).trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 8); // the header and the eight calibration files
        QVERIFY(!lines.at(1).contains("06_empty.txt")); // not a calibration file
        QVERIFY2(r.err.contains(QStringLiteral("library-hours-results/library-hours.pbrun")),
                 qPrintable(r.err));
        QVERIFY(revision.entryList({QStringLiteral("*.pbrun")}).isEmpty()); // one store

        // Again: the revision's own run resumes, the first rubric's stays as it was.
        const CliOutcome again = probebench({QStringLiteral("grade"), m_project,
                                             QStringLiteral("--revision"), QStringLiteral("1")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.err.contains(QStringLiteral("resuming grading 8 submissions")),
                 qPrintable(again.err));
    }

    void agreeSetsTheRevisionBesideTheFirstRubricAsTheFileFormDoes()
    {
        const CliOutcome project = probebench({QStringLiteral("agree"), m_project});
        QVERIFY2(project.exitCode == 0, qPrintable(project.err));
        const QString revisionMd = QDir(m_results).filePath(QStringLiteral("revision.md"));
        QVERIFY(QFile::exists(revisionMd));
        const QJsonObject revision =
            jsonFile(QDir(m_results).filePath(QStringLiteral("agreement.json")))
                .value(QStringLiteral("revision"))
                .toObject();
        QCOMPARE(revision.value(QStringLiteral("revision_number")).toInt(), 1);

        const QString out = inProject(QStringLiteral("by-files"));
        const CliOutcome files = probebench(
            {QStringLiteral("agree"), inProject(QStringLiteral("ana.blind.json")),
             inProject(QStringLiteral("ben.blind.json")),
             QDir(m_results).filePath(QStringLiteral("grades.csv")), QStringLiteral("--rubric"),
             inProject(QStringLiteral("library-hours.rubric.json")), QStringLiteral("--revised"),
             QDir(m_results).filePath(QStringLiteral("revision-1/grades.csv")),
             QStringLiteral("--revised-rubric"),
             inProject(QStringLiteral("library-hours-revised.rubric.json")),
             QStringLiteral("--out"), out});
        QVERIFY2(files.exitCode == 0, qPrintable(files.err));
        QCOMPARE(fileBytes(revisionMd),
                 fileBytes(QDir(out).filePath(QStringLiteral("revision.md"))));
        QCOMPARE(fileBytes(QDir(m_results).filePath(QStringLiteral("agreement.md"))),
                 fileBytes(QDir(out).filePath(QStringLiteral("agreement.md"))));
        // The console says the same but for where it wrote.
        const auto withoutPlace = [](const QString& out) {
            return out.left(out.lastIndexOf(QStringLiteral(" written in ")));
        };
        QVERIFY(project.out.contains(QStringLiteral("revision")));
        QCOMPARE(withoutPlace(project.out), withoutPlace(files.out));
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::addRow("no such revision")
            << QStringList{QStringLiteral("grade"), QStringLiteral("PROJECT"),
                           QStringLiteral("--revision"), QStringLiteral("2")}
            << "--revision: give a number from 1 to 1";
        QTest::addRow("revision zero")
            << QStringList{QStringLiteral("grade"), QStringLiteral("PROJECT"),
                           QStringLiteral("--revision"), QStringLiteral("0")}
            << "--revision: give a number from 1 to 1";
        QTest::addRow("agree on a revision that is not a number")
            << QStringList{QStringLiteral("agree"), QStringLiteral("PROJECT"),
                           QStringLiteral("--revision"), QStringLiteral("x")}
            << "--revision: give a number from 1 to 1";
        QTest::addRow("agree on a project with a rubric given")
            << QStringList{QStringLiteral("agree"), QStringLiteral("PROJECT"),
                           QStringLiteral("--rubric"), QStringLiteral("r.json")}
            << "--rubric: a grading project names its own rubrics";
        QTest::addRow("--revision on sheets")
            << QStringList{QStringLiteral("agree"),  QStringLiteral("a.csv"),
                           QStringLiteral("b.csv"),  QStringLiteral("--rubric"),
                           QStringLiteral("r.json"), QStringLiteral("--revision"),
                           QStringLiteral("1")}
            << "--revision: give a grading project";
    }

    void refusals()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        args.replaceInStrings(QStringLiteral("PROJECT"), m_project);
        const CliOutcome r = probebench(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(says), qPrintable(r.err));
    }

    void agreeNeedsTwoFinishedSheets()
    {
        QString error;
        std::optional<pb::GradingProject> project =
            pb::GradingProject::readFile(m_project, &error, nullptr);
        QVERIFY2(project, qPrintable(error));
        project->blindSheets = {QStringLiteral("ana.blind.json")};
        const QString one = inProject(QStringLiteral("one-sheet.grading.json"));
        QVERIFY2(project->writeFile(one, &error), qPrintable(error));
        const CliOutcome r = probebench({QStringLiteral("agree"), one});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("agreement needs two blind sheets marked complete; "
                                               "1 of its 1 are")),
                 qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliRevision)
#include "tst_cli_revision.moc"
