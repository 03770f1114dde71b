#include "TestPaths.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProject.h"
#include "judge/RubricReader.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

QString examplePath()
{
    return test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json");
}

JudgeProbeDocument exampleDoc()
{
    return JudgeProbeReader::readFile(examplePath()).document.value_or(JudgeProbeDocument{});
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestJudgeProject : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensAndNamesTheStoreAsTheCliDoes();
    void storePaths_data();
    void storePaths();
    void openErrorsNamedByPath();
    void undoRedoAndMerging();
    void editsRefusedWhileRunning();
    void saveAndReload();
    void saveAsMovesTheResults();
    void demoCopiedToAWritableFolder();
    void checkNamesProblemsOfTheEditedRubric();

private:
    QTemporaryDir m_dir;
};

void TestJudgeProject::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestJudgeProject::opensAndNamesTheStoreAsTheCliDoes()
{
    JudgeProject project;
    QSignalSpy changed(&project, &JudgeProject::documentChanged);
    QSignalSpy file(&project, &JudgeProject::fileChanged);
    QString error;
    QVERIFY2(project.open(examplePath(), &error), qPrintable(error));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(file.size(), 1);
    QVERIFY(project.document() == exampleDoc());
    QCOMPARE(project.displayName(), QStringLiteral("library-padding.judge.json"));
    QVERIFY(!project.isDirty());
    QVERIFY(project.loadWarnings().isEmpty());
    const QString dir = test::sourceDir() + QStringLiteral("/resources/examples");
    QCOMPARE(project.resultsFolder(), dir + QStringLiteral("/library-padding-results"));
    QCOMPARE(project.storePath(),
             dir + QStringLiteral("/library-padding-results/library-padding.pbrun"));
}

void TestJudgeProject::storePaths_data()
{
    // app/RunOptions: the folder is "<name>-results" beside the probe, the store
    // "<name>.pbrun" in it, with ".judge.json" (else ".json") dropped from the name.
    QTest::addColumn<QString>("probe");
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("store");
    QTest::addRow("judge.json") << QStringLiteral("/p/padding.judge.json")
                                << QStringLiteral("/p/padding-results")
                                << QStringLiteral("/p/padding-results/padding.pbrun");
    QTest::addRow("json") << QStringLiteral("/p/padding.json")
                          << QStringLiteral("/p/padding-results")
                          << QStringLiteral("/p/padding-results/padding.pbrun");
    QTest::addRow("other") << QStringLiteral("/p/padding.txt")
                           << QStringLiteral("/p/padding.txt-results")
                           << QStringLiteral("/p/padding.txt-results/padding.txt.pbrun");
    QTest::addRow("dots") << QStringLiteral("/p/a.b.judge.json") << QStringLiteral("/p/a.b-results")
                          << QStringLiteral("/p/a.b-results/a.b.pbrun");
    QTest::addRow("none") << QString() << QString() << QString();
}

void TestJudgeProject::storePaths()
{
    QFETCH(QString, probe);
    QFETCH(QString, folder);
    QFETCH(QString, store);
    QCOMPARE(JudgeProject::defaultResultsFolder(probe), folder);
    QCOMPARE(JudgeProject::defaultStorePath(probe), store);
}

void TestJudgeProject::openErrorsNamedByPath()
{
    JudgeProject project;
    QString error;
    QVERIFY(project.open(examplePath(), &error));
    const QString bad = m_dir.filePath(QStringLiteral("bad.judge.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "probebench/judge-probe@1", "rubric": {"scale": "pass_fail",
        "criteria": [{"id": "c", "description": "d"}]},
        "items": [{"id": "q1", "answer": "x", "deserved": {"c": 3}}],
        "judges": [{"name": "j", "backend": "nobody"}]})");
    f.close();
    QSignalSpy changed(&project, &JudgeProject::documentChanged);
    QVERIFY(!project.open(bad, &error));
    QVERIFY2(error.contains(QStringLiteral("bad.judge.json: items[0].deserved.c: must be "
                                           "\"pass\" or \"fail\"")),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("judges[0].backend")), qPrintable(error));
    // The open document is untouched.
    QCOMPARE(changed.size(), 0);
    QVERIFY(project.document() == exampleDoc());
    QVERIFY(project.filePath().endsWith(QStringLiteral("library-padding.judge.json")));
    QVERIFY(!project.open(m_dir.filePath(QStringLiteral("missing.judge.json")), &error));
    QVERIFY(error.contains(QStringLiteral("cannot open")));
}

void TestJudgeProject::undoRedoAndMerging()
{
    JudgeProject project;
    QString error;
    QVERIFY(project.open(examplePath(), &error));
    const JudgeProbeDocument original = project.document();
    QSignalSpy changed(&project, &JudgeProject::documentChanged);

    JudgeProbeDocument typed = original;
    for (const QString& title :
         {QStringLiteral("P"), QStringLiteral("Pa"), QStringLiteral("Pad")}) {
        typed.title = title;
        project.applyEdit(typed, QStringLiteral("Edit title"));
    }
    QCOMPARE(project.undoStack()->count(), 1); // typing merged into one step
    QCOMPARE(project.document().title, QStringLiteral("Pad"));
    QVERIFY(project.isDirty());
    JudgeProbeDocument other = project.document();
    other.items[0].note = QStringLiteral("changed note");
    project.applyEdit(other, QStringLiteral("Edit note"));
    QCOMPARE(project.undoStack()->count(), 2);
    project.applyEdit(other, QStringLiteral("Edit note again")); // no change: no step
    QCOMPARE(project.undoStack()->count(), 2);

    project.undoStack()->undo();
    QCOMPARE(project.document().items.at(0).note, original.items.at(0).note);
    QCOMPARE(project.document().title, QStringLiteral("Pad"));
    project.undoStack()->undo();
    QVERIFY(project.document() == original);
    QVERIFY(!project.isDirty());
    project.undoStack()->redo();
    project.undoStack()->redo();
    QVERIFY(project.document() == other);
    QVERIFY(changed.size() >= 6);
}

void TestJudgeProject::editsRefusedWhileRunning()
{
    JudgeProject project;
    QString error;
    QVERIFY(project.open(examplePath(), &error));
    QSignalSpy running(&project, &JudgeProject::runningChanged);
    project.setRunning(true);
    QVERIFY(project.isRunning());
    JudgeProbeDocument doc = project.document();
    doc.title = QStringLiteral("changed under a run");
    project.applyEdit(doc, QStringLiteral("Edit title"));
    QCOMPARE(project.undoStack()->count(), 0);
    QVERIFY(project.document() == exampleDoc());
    project.setRunning(false);
    QCOMPARE(running.size(), 2);
    project.applyEdit(doc, QStringLiteral("Edit title"));
    QCOMPARE(project.document().title, QStringLiteral("changed under a run"));
}

void TestJudgeProject::saveAndReload()
{
    JudgeProject project;
    QString error;
    QVERIFY2(project.newFromDemo(&error, m_dir.filePath(QStringLiteral("save"))),
             qPrintable(error));
    JudgeProbeDocument doc = project.document();
    doc.title = QStringLiteral("Padding, saved");
    doc.rubric.criteria[1].name = QStringLiteral("Says it first");
    doc.items[2].base.deserved[QStringLiteral("counterargument")] = 2;
    doc.items[2].variants[0].deserved[QStringLiteral("counterargument")] = 2;
    project.applyEdit(doc, QStringLiteral("Edit"));
    QVERIFY(project.isDirty());
    QVERIFY2(project.save(&error), qPrintable(error));
    QVERIFY(!project.isDirty());

    JudgeProject reopened;
    QVERIFY2(reopened.open(project.filePath(), &error), qPrintable(error));
    QVERIFY(reopened.document() == doc);
    // The rubric lives in its own file beside the probe, and the edit reached it.
    const RubricLoadResult rubric = RubricReader::readFile(
        QFileInfo(project.filePath()).dir().filePath(QStringLiteral("library-hours.rubric.json")));
    QVERIFY(rubric.ok());
    QCOMPARE(rubric.rubric->criteria.at(1).name, QStringLiteral("Says it first"));

    // Undo after a save makes the project dirty again.
    project.undoStack()->undo();
    QVERIFY(project.isDirty());
}

void TestJudgeProject::saveAsMovesTheResults()
{
    JudgeProject project;
    QString error;
    QVERIFY(project.open(examplePath(), &error));
    QSignalSpy file(&project, &JudgeProject::fileChanged);
    const QString folder = m_dir.filePath(QStringLiteral("elsewhere"));
    QVERIFY(QDir().mkpath(folder));
    const QString path = folder + QStringLiteral("/mine.judge.json");
    QVERIFY2(project.saveAs(path, &error), qPrintable(error));
    QCOMPARE(file.size(), 1);
    QCOMPARE(project.filePath(), path);
    QCOMPARE(project.storePath(), folder + QStringLiteral("/mine-results/mine.pbrun"));
    QVERIFY(QFileInfo::exists(folder + QStringLiteral("/library-hours.rubric.json")));
    const JudgeProbeLoadResult back = JudgeProbeReader::readFile(path);
    QVERIFY2(back.ok(), qPrintable(back.text()));
    QVERIFY(*back.document == exampleDoc());
    QVERIFY(!project.saveAs(m_dir.filePath(QStringLiteral("no/such/dir/x.judge.json")), &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(project.filePath(), path);
}

void TestJudgeProject::demoCopiedToAWritableFolder()
{
    const QString parent = m_dir.filePath(QStringLiteral("demo"));
    JudgeProject first;
    QString error;
    QVERIFY2(first.newFromDemo(&error, parent), qPrintable(error));
    QCOMPARE(first.filePath(), parent + QStringLiteral("/judge-demo/library-padding.judge.json"));
    QVERIFY(first.document() == exampleDoc());
    QVERIFY(QFileInfo(first.filePath()).isWritable());
    QCOMPARE(first.storePath(), parent + QStringLiteral("/judge-demo/library-padding-results/"
                                                        "library-padding.pbrun"));
    QCOMPARE(readAll(first.filePath()), readAll(examplePath()));

    // Unchanged, the same folder is used again (its results resume).
    JudgeProject second;
    QVERIFY(second.newFromDemo(&error, parent));
    QCOMPARE(second.filePath(), first.filePath());

    // Changed by the user, it is left alone and the demo goes beside it.
    JudgeProbeDocument doc = first.document();
    doc.title = QStringLiteral("my own now");
    first.applyEdit(doc, QStringLiteral("Edit title"));
    QVERIFY(first.save(&error));
    JudgeProject third;
    QVERIFY(third.newFromDemo(&error, parent));
    QCOMPARE(third.filePath(), parent + QStringLiteral("/judge-demo-2/library-padding.judge.json"));
    QVERIFY(third.document() == exampleDoc());
    JudgeProject mine;
    QVERIFY(mine.open(first.filePath(), &error));
    QCOMPARE(mine.document().title, QStringLiteral("my own now"));

    // Without a folder, the app's data folder.
    JudgeProject data;
    QVERIFY2(data.newFromDemo(&error), qPrintable(error));
    QVERIFY(data.filePath().startsWith(
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
}

void TestJudgeProject::checkNamesProblemsOfTheEditedRubric()
{
    JudgeProject project;
    QString error;
    QVERIFY(project.open(examplePath(), &error));
    QVERIFY2(project.check().ok(), qPrintable(project.check().text()));
    JudgeProbeDocument doc = project.document();
    doc.items[0].base.deserved[QStringLiteral("directness")] = 7;
    project.applyEdit(doc, QStringLiteral("Break a verdict"));
    QVERIFY(!project.check().ok());
    QVERIFY2(project.check().errorText().contains(
                 QStringLiteral("items[0].deserved.directness: must be a level from 1 to 4")),
             qPrintable(project.check().errorText()));
    project.undoStack()->undo();
    doc = project.document();
    doc.rubric.criteria[0].weight = 30; // 30 + 30 + 30
    project.applyEdit(doc, QStringLiteral("Break the weights"));
    const JudgeProbeLoadResult checked = project.check();
    QVERIFY(!checked.ok());
    QVERIFY2(checked.errorText().contains(QStringLiteral("rubric.criteria: the weights sum to "
                                                         "90, not 100")),
             qPrintable(checked.errorText()));
    // The file on disk is not what was checked.
    QVERIFY(RubricReader::readFile(test::sourceDir() +
                                   QStringLiteral("/resources/examples/library-hours.rubric.json"))
                .ok());
}

QTEST_MAIN(TestJudgeProject)
#include "tst_judgeproject.moc"
