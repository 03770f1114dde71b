#include "grading/GradingProject.h"

#include <QTemporaryDir>
#include <QTest>

using namespace pb;

// The grading project file: what it names, read back as written, and every refusal by path.
class TestGradingProject : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheExample();
    void roundTrips();
    void refusals_data();
    void refusals();
};

void TestGradingProject::readsTheExample()
{
    const QString path = QStringLiteral(PB_SOURCE_DIR "/resources/examples/"
                                                      "library-hours.grading.json");
    QString error;
    QString warnings;
    const auto p = GradingProject::readFile(path, &error, &warnings);
    QVERIFY2(p, qPrintable(error));
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings));
    QCOMPARE(p->judge.backend, QStringLiteral("stand-in-judge"));
    QCOMPARE(p->calibration.size(), 8);
    QCOMPARE(p->rubricPath(path), QStringLiteral(PB_SOURCE_DIR "/resources/examples/"
                                                               "library-hours.rubric.json"));
    QCOMPARE(p->submissionsPath(path), QStringLiteral(PB_SOURCE_DIR "/resources/examples/"
                                                                    "library-hours-submissions"));
}

void TestGradingProject::roundTrips()
{
    GradingProject p;
    p.title = QStringLiteral("Essays, week 3");
    p.rubric = QStringLiteral("../rubrics/essay.rubric.json");
    p.submissions = QStringLiteral("week3.zip");
    p.judge.name = QStringLiteral("grader");
    p.judge.backend = QStringLiteral("stand-in-judge");
    p.judge.model = QStringLiteral("stand-in-judge");
    p.judge.seed = 7;
    p.judge.temperature = 0.5;
    p.evidence.fuzzyThreshold = 85;
    p.calibration = {QStringLiteral("a.txt"), QStringLiteral("b.md")};
    p.blindSheets = {QStringLiteral("ana.blind.json"), QStringLiteral("sheets/bo.blind.json")};
    p.revisions = {{QStringLiteral("essay-v2.rubric.json"), QStringLiteral("evidence levels")},
                   {QStringLiteral("essay-v3.rubric.json"), QStringLiteral("thesis wording")}};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.grading.json"));
    QString error;
    QVERIFY2(p.writeFile(path, &error), qPrintable(error));
    const auto back = GradingProject::readFile(path, &error, nullptr);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->toJson(), p.toJson());
    QVERIFY(*back == p);
    QCOMPARE(back->rubricPath(path, 0), back->rubricPath(path));
    QCOMPARE(back->rubricPath(path, 2), dir.filePath(QStringLiteral("essay-v3.rubric.json")));
    QVERIFY(back->rubricPath(path, 3).isEmpty());
    QVERIFY(back->rubricPath(path, -1).isEmpty());
}

void TestGradingProject::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("says");
    const QByteArray judge = R"("judges": [{"name": "g", "backend": "stand-in-judge"}])";
    QTest::addRow("another kind") << QByteArray(R"({"format": "probebench/grading-settings@1"})")
                                  << "p.json: format";
    QTest::addRow("no rubric") << QByteArray(R"({"format": "probebench/grading@1",
        "submissions": "s", )" + judge + "}")
                               << "p.json: rubric: missing";
    QTest::addRow("no submissions") << QByteArray(R"({"format": "probebench/grading@1",
        "rubric": "r.json", )" + judge + "}")
                                    << "p.json: submissions: missing";
    QTest::addRow("two judges") << QByteArray(
                                       R"({"format": "probebench/grading@1", "rubric": "r",
        "submissions": "s", "judges": [{"name": "a", "backend": "stand-in-judge"},
        {"name": "b", "backend": "stand-in-judge"}]})")
                                << "p.json: judges: grading takes one judge, not 2";
    QTest::addRow("sheet listed twice")
        << QByteArray(R"({"format": "probebench/grading@1", "rubric": "r", "submissions": "s", )" +
                      judge + R"(, "blind_sheets": ["a.blind.json", "a.blind.json"]})")
        << "p.json: blind_sheets[1]: \"a.blind.json\" is listed twice";
    QTest::addRow("calibration not text")
        << QByteArray(R"({"format": "probebench/grading@1", "rubric": "r", "submissions": "s", )" +
                      judge + R"(, "calibration": ["a.txt", 3]})")
        << "p.json: calibration[1]";
    const QByteArray withCalibration =
        R"({"format": "probebench/grading@1", "rubric": "r", "submissions": "s", )" + judge +
        R"(, "calibration": ["a.txt"], )";
    QTest::addRow("revision without why")
        << withCalibration + R"("revisions": [{"rubric": "r2.json"}]})"
        << "p.json: revisions[0].why: missing";
    QTest::addRow("revision with an empty why")
        << withCalibration + R"("revisions": [{"rubric": "r2.json", "why": " "}]})"
        << "p.json: revisions[0].why";
    QTest::addRow("revision not an object") << withCalibration + R"("revisions": ["r2.json"]})"
                                            << "p.json: revisions[0]: give an object";
    QTest::addRow("revisions without calibration files")
        << QByteArray(R"({"format": "probebench/grading@1", "rubric": "r", "submissions": "s", )" +
                      judge + R"(, "revisions": [{"rubric": "r2.json", "why": "w"}]})")
        << "p.json: revisions: a revision is graded on the calibration files";
}

void TestGradingProject::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, says);
    QString error;
    QVERIFY(!GradingProject::parse(json, QStringLiteral("p.json"), &error, nullptr));
    QVERIFY2(error.contains(says), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestGradingProject)
#include "tst_gradingproject.moc"
