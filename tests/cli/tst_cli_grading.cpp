#include "CliProcess.h"
#include "ExampleSheets.h"
#include "TestPaths.h"
#include "ZipWriter.h"
#include "grading/GradesCsv.h"
#include "grading/GradingRubric.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace pb::test;

namespace {

QString data(const QString& name)
{
    return QStringLiteral(PB_TEST_DATA_DIR "/grading/") + name;
}

QString libraryRubric()
{
    return sourceDir() + QStringLiteral("/resources/examples/library-hours.rubric.json");
}

QStringList lines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

// `probebench grade` and `probebench agree` through the binary, on the stand-in judge, with
// the exit codes a script reads.
class TestCliGrading : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void gradesTheFolder();
    void runningAgainResumes();
    void anyRubricGradesOnTheStandIn();
    void gradeRefusals_data();
    void gradeRefusals();
    void agree_data();
    void agree();
    void agreeOnWhatGradeWrote();
    void theShippedExample();
    void aZipGradesAsItsFolder();
    void settingsFileThenCommandLine_data();
    void settingsFileThenCommandLine();
    void aProjectGradesAsItsRubricAndFolder();

private:
    QTemporaryDir m_dir;
    QString m_graded;
};

void TestCliGrading::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_graded = m_dir.filePath(QStringLiteral("graded"));
    const CliOutcome r =
        probebench({QStringLiteral("grade"), libraryRubric(), data(QStringLiteral("submissions")),
                    QStringLiteral("--out"), m_graded});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("starting grading 4 submissions as run 1")));
}

void TestCliGrading::gradesTheFolder()
{
    const QStringList rows = lines(m_graded + QStringLiteral("/grades.csv"));
    QCOMPARE(rows.size(), 6);
    QCOMPARE(rows.at(0), QStringLiteral("filename,weighted_total,flags,claims_cited_level,"
                                        "claims_cited_evidence,directness_level,directness_"
                                        "evidence,counterargument_level,counterargument_"
                                        "evidence"));
    // The stand-in's levels (claims 1 + sources cited, directness from "should", a named and
    // answered counterargument) and totals worked out by hand: (40c + 30d + 30k) / 4.
    QVERIFY2(rows.at(1).startsWith(QStringLiteral("a_cited.txt,90.0,,3,")), qPrintable(rows.at(1)));
    QVERIFY(rows.at(2).startsWith(QStringLiteral("b_vague.md,40.0,,1,,2,")));
    QVERIFY(rows.at(3).startsWith(QStringLiteral("c_offtopic.txt,32.5,,1,,2,")));
    QCOMPARE(rows.at(4), QStringLiteral("d_empty.txt,,EMPTY_FILE,,,,,,"));
    QVERIFY(rows.at(5).startsWith(QStringLiteral("e_early.TXT,65.0,,2,\"(Registrar, 2025)\",4,")));

    const QJsonObject summary = jsonFile(m_graded + QStringLiteral("/summary.json"));
    QCOMPARE(summary.value(QLatin1String("format")).toString(),
             QStringLiteral("probebench/grading-summary@1"));
    QCOMPARE(summary.value(QLatin1String("submissions")).toInt(), 5);
    QCOMPARE(summary.value(QLatin1String("empty_files")).toInt(), 1);
    const QJsonObject evidence = summary.value(QLatin1String("evidence_check")).toObject();
    QCOMPARE(evidence.value(QLatin1String("rate_text")).toString(),
             QStringLiteral("0 of 9 quotes, 0.00%"));
    QCOMPARE(summary.value(QLatin1String("evidence_check"))
                 .toObject()
                 .value(QLatin1String("quotes"))
                 .toInt(),
             9);
    QVERIFY(QFile::exists(m_graded + QStringLiteral("/grading.md")));
    QVERIFY(QFile::exists(m_graded + QStringLiteral("/review-needed.txt")));
}

void TestCliGrading::runningAgainResumes()
{
    const QByteArray before = [&] {
        QFile f(m_graded + QStringLiteral("/grades.csv"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    const CliOutcome r =
        probebench({QStringLiteral("grade"), libraryRubric(), data(QStringLiteral("submissions")),
                    QStringLiteral("--out"), m_graded});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("resuming grading 4 submissions as run 1")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("4/4 submissions graded (4 from an earlier session)")),
             qPrintable(r.err));
    QFile f(m_graded + QStringLiteral("/grades.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    const QJsonArray runs = jsonFile(m_graded + QStringLiteral("/summary.json"))
                                .value(QLatin1String("evidence"))
                                .toObject()
                                .value(QLatin1String("runs"))
                                .toArray();
    QCOMPARE(runs.size(), 1);
}

void TestCliGrading::anyRubricGradesOnTheStandIn()
{
    // None of the tutorial's criteria: the stand-in grades the four from the words of the
    // prompt's rubric, and every submission with text is scored, none left for review.
    const QString out = m_dir.filePath(QStringLiteral("persuasive"));
    const CliOutcome r =
        probebench({QStringLiteral("grade"), data(QStringLiteral("persuasive.rubric.json")),
                    data(QStringLiteral("submissions")), QStringLiteral("--out"), out,
                    QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(!r.err.contains(QStringLiteral("warning")));
    const QStringList rows = lines(out + QStringLiteral("/grades.csv"));
    QCOMPARE(rows.size(), 6);
    QVERIFY(rows.at(0).startsWith(QStringLiteral("filename,weighted_total,flags,C1_level,")));
    QCOMPARE(rows.at(4), QStringLiteral("d_empty.txt,,EMPTY_FILE,,,,,,,,"));
    for (const int row : {1, 2, 3, 5})
        QVERIFY2(rows.at(row).section(QLatin1Char(','), 2, 2).isEmpty(), qPrintable(rows.at(row)));
    QFile review(out + QStringLiteral("/review-needed.txt"));
    QVERIFY(review.open(QIODevice::ReadOnly));
    QVERIFY(!review.readAll().contains("REVIEW_NEEDED after"));
}

void TestCliGrading::gradeRefusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    const QString rubric = libraryRubric();
    const QString folder = data(QStringLiteral("submissions"));
    QTest::addRow("no folder") << QStringList{rubric} << "give a rubric and a folder";
    QTest::addRow("missing folder")
        << QStringList{rubric, data(QStringLiteral("nowhere"))} << "nowhere: not a folder";
    QTest::addRow("missing archive")
        << QStringList{rubric, data(QStringLiteral("nowhere.zip"))}
        << "nowhere.zip: not a ZIP archive that can be read (No such file)";
    QTest::addRow("pass/fail rubric")
        << QStringList{data(QStringLiteral("bad/passfail.rubric.json")), folder}
        << "passfail.rubric.json: scale: grading needs the four-level scale";
    QTest::addRow("folder of nothing")
        << QStringList{rubric, data(QStringLiteral("bad"))} << "no .txt or .md file to grade";
    QTest::addRow("bad temperature")
        << QStringList{rubric, folder, QStringLiteral("--temperature"), QStringLiteral("hot")}
        << "--temperature: give a number from 0 to 2";
    QTest::addRow("limit seeds") << QStringList{rubric, folder, QStringLiteral("--limit-seeds"),
                                                QStringLiteral("1")}
                                 << "--limit-seeds does not apply to grading";
    QTest::addRow("settings of another kind")
        << QStringList{rubric, folder, QStringLiteral("--settings"), rubric}
        << "library-hours.rubric.json: format";
    QTest::addRow("unknown backend")
        << QStringList{rubric, folder, QStringLiteral("--backend"), QStringLiteral("gpt")}
        << "--backend: \"gpt\" is not one of";
}

void TestCliGrading::gradeRefusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const QString out = m_dir.filePath(QStringLiteral("refused-%1").arg(QTest::currentDataTag()));
    const CliOutcome r = probebench(QStringList{QStringLiteral("grade")} + args +
                                    QStringList{QStringLiteral("--out"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith(QStringLiteral("probebench grade: ")), qPrintable(r.err));
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out)); // refused before anything was made
}

void TestCliGrading::agree_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<bool>("withRubric");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("says");
    const QString a = data(QStringLiteral("agree/sheet_a.csv"));
    const QString b = data(QStringLiteral("agree/sheet_b.csv"));
    const QString grades = data(QStringLiteral("agree/grades.csv"));
    QTest::addRow("people and judge")
        << QStringList{a, b, grades} << true << 0
        << "Worst human-judge criterion: directness (sheet_b x judge): kappa 0.300 (fair); "
           "most frequent disagreement sheet_b 2, judge 4: 3 times";
    QTest::addRow("people only") << QStringList{a, b} << true << 0
                                 << "sheet_a x sheet_b (human-human)";
    QTest::addRow("level off the scale")
        << QStringList{a, data(QStringLiteral("bad/sheet_level5.csv"))} << true << 2
        << "sheet_level5.csv: line 4, column \"claims_cited\": \"5\" is not a level (1 to 4)";
    QTest::addRow("total that is not the levels'")
        << QStringList{a, b, data(QStringLiteral("bad/grades_wrong_total.csv"))} << true << 2
        << "grades_wrong_total.csv: line 3, column \"weighted_total\": 80.0 is not the total";
    QTest::addRow("one sheet") << QStringList{a} << true << 2 << "give two score sheets";
    QTest::addRow("no rubric") << QStringList{a, b} << false << 2 << "--rubric";
}

void TestCliGrading::agree()
{
    QFETCH(QStringList, files);
    QFETCH(bool, withRubric);
    QFETCH(int, exitCode);
    QFETCH(QString, says);
    const QString out = m_dir.filePath(QStringLiteral("agree-%1").arg(QTest::currentDataTag()));
    QStringList args = QStringList{QStringLiteral("agree")} + files;
    if (withRubric)
        args << QStringLiteral("--rubric") << libraryRubric();
    args << QStringLiteral("--out") << out;
    const CliOutcome r = probebench(args);
    QCOMPARE(r.exitCode, exitCode);
    const QString said = r.out + r.err;
    QVERIFY2(said.contains(says), qPrintable(said));
    if (exitCode != 0) {
        QVERIFY(!QFileInfo::exists(out));
        return;
    }
    const QJsonObject report = jsonFile(out + QStringLiteral("/agreement.json"));
    QCOMPARE(report.value(QLatin1String("format")).toString(),
             QStringLiteral("probebench/agreement@1"));
    QCOMPARE(report.value(QLatin1String("pairs")).toArray().size(), files.size() == 3 ? 3 : 1);
    QCOMPARE(report.contains(QLatin1String("krippendorff_alpha")), files.size() == 3);
    QFile md(out + QStringLiteral("/agreement.md"));
    QVERIFY(md.open(QIODevice::ReadOnly));
    QVERIFY(md.readAll().startsWith("# Agreement on 8 calibration files"));
}

void TestCliGrading::agreeOnWhatGradeWrote()
{
    // Two people score three of the graded submissions blind; the empty file is in their
    // sheets too, and the judge's blank levels there are left out, never counted as agreement.
    const QString x = m_dir.filePath(QStringLiteral("rater_x.csv"));
    const QString y = m_dir.filePath(QStringLiteral("rater_y.csv"));
    QVERIFY(writeFile(x, "filename,claims_cited,directness,counterargument\n"
                         "a_cited.txt,3,4,4\nb_vague.md,1,3,2\nc_offtopic.txt,1,1,1\n"
                         "d_empty.txt,1,1,1\n"));
    QVERIFY(writeFile(y, "filename,claims_cited,directness,counterargument\n"
                         "a_cited.txt,3,4,4\nb_vague.md,1,2,2\nc_offtopic.txt,1,2,1\n"
                         "d_empty.txt,1,1,1\n"));
    const QString out = m_dir.filePath(QStringLiteral("agree-graded"));
    const CliOutcome r =
        probebench({QStringLiteral("agree"), x, y, m_graded + QStringLiteral("/grades.csv"),
                    QStringLiteral("--rubric"), libraryRubric(), QStringLiteral("--out"), out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonArray pairs =
        jsonFile(out + QStringLiteral("/agreement.json")).value(QLatin1String("pairs")).toArray();
    QCOMPARE(pairs.size(), 3);
    // rater_x x judge on directness: the judge said 4, 2, 2 on the three texts; x said 4, 3,
    // 1: one agreement in three, d_empty excluded.
    const QJsonObject directness =
        pairs.at(1).toObject().value(QLatin1String("criteria")).toArray().at(1).toObject();
    const QJsonObject matrix = directness.value(QLatin1String("confusion_matrix")).toObject();
    QCOMPARE(matrix.value(QLatin1String("scored_by_both")).toInt(), 3);
    QCOMPARE(matrix.value(QLatin1String("excluded")).toInt(), 1);
    QVERIFY(std::abs(directness.value(QLatin1String("percent_agreement")).toDouble() -
                     100.0 / 3.0) < 1e-9);
}

void TestCliGrading::theShippedExample()
{
    // The twelve example submissions (excellent to empty, off-topic, verbose, borderline) on
    // the stand-in, then the two example raters' sheets against what it wrote.
    const QString examples = sourceDir() + QStringLiteral("/resources/examples/");
    const QString out = m_dir.filePath(QStringLiteral("example"));
    const CliOutcome r = probebench({QStringLiteral("grade"), libraryRubric(),
                                     examples + QStringLiteral("library-hours-submissions"),
                                     QStringLiteral("--out"), out, QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QString error;
    const auto rubric = pb::GradingRubric::readFile(libraryRubric(), &error);
    QVERIFY2(rubric, qPrintable(error));
    const auto rows = pb::GradesCsv::readFile(out + QStringLiteral("/grades.csv"), *rubric, &error);
    QVERIFY2(rows, qPrintable(error));
    QCOMPARE(rows->size(), 12);
    int empty = 0;
    for (const pb::GradeRow& row : *rows) {
        if (row.flags.contains(QStringLiteral("EMPTY_FILE"))) {
            ++empty;
            QCOMPARE(row.filename, QStringLiteral("06_empty.txt"));
            QVERIFY(!row.total);
            continue;
        }
        // weight x level / 4 summed, in tenths with halves away from zero, worked out here
        // from the levels in the file rather than taken from it.
        qint64 sum = 0;
        for (qsizetype i = 0; i < rubric->criteria.size(); ++i)
            sum += qint64(rubric->criteria.at(i).weight) * row.cells.at(i).level.value();
        QVERIFY(row.total);
        QCOMPARE(row.total->tenths, (5 * sum + 1) / 2);
    }
    QCOMPARE(empty, 1);
    // The empty file was never sent: the run holds eleven calls.
    const QJsonArray runs = jsonFile(out + QStringLiteral("/summary.json"))
                                .value(QLatin1String("evidence"))
                                .toObject()
                                .value(QLatin1String("runs"))
                                .toArray();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first().toObject().value(QLatin1String("calls")).toInt(), 11);

    const CliOutcome agreed = probebench(
        {QStringLiteral("agree"),
         examples + QStringLiteral("library-hours-calibration/sheet_a.csv"),
         examples + QStringLiteral("library-hours-calibration/sheet_b.csv"),
         out + QStringLiteral("/grades.csv"), QStringLiteral("--rubric"), libraryRubric()});
    QVERIFY2(agreed.exitCode == 0, qPrintable(agreed.err));
    // The stand-in's planted length bonus and its keyword reading of directness make
    // directness the criterion it agrees with people on least.
    QVERIFY2(agreed.out.contains(QStringLiteral("Worst human-judge criterion: directness")),
             qPrintable(agreed.out));
}

void TestCliGrading::aZipGradesAsItsFolder()
{
    // The example folder zipped as a folder, with the litter archivers add, grades to the
    // same grades.csv, byte for byte, as the folder itself.
    const QString folder =
        sourceDir() + QStringLiteral("/resources/examples/library-hours-submissions");
    QList<ZipEntry> entries{{"library-hours-submissions/.DS_Store", "x"},
                            {"__MACOSX/library-hours-submissions/._01_excellent.txt", "x"}};
    for (const QString& name : QDir(folder).entryList(QDir::Files)) {
        QFile f(folder + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::ReadOnly));
        entries << ZipEntry{"library-hours-submissions/" + name.toUtf8(), f.readAll()};
    }
    const QString zip = m_dir.filePath(QStringLiteral("hours.zip"));
    QString error;
    QVERIFY2(writeZip(zip, entries, &error), qPrintable(error));
    QByteArray csv[2];
    const QStringList inputs{folder, zip};
    for (int i = 0; i < 2; ++i) {
        const QString out = m_dir.filePath(QStringLiteral("zip-vs-folder-%1").arg(i));
        const CliOutcome r = probebench({QStringLiteral("grade"), libraryRubric(), inputs.at(i),
                                         QStringLiteral("--out"), out, QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(out + QStringLiteral("/grades.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        csv[i] = f.readAll();
    }
    QVERIFY(!csv[0].isEmpty());
    QCOMPARE(csv[1], csv[0]);
}

void TestCliGrading::settingsFileThenCommandLine_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("seed");
    QTest::addColumn<double>("threshold");
    const QString file = data(QStringLiteral("stand-in.grading.json"));
    QTest::addRow("defaults") << QStringList() << "42" << 90.0;
    QTest::addRow("settings file")
        << QStringList{QStringLiteral("--settings"), file} << "7" << 85.0;
    QTest::addRow("command line over the file") << QStringList{QStringLiteral("--settings"),
                                                               file,
                                                               QStringLiteral("--seed"),
                                                               QStringLiteral("9"),
                                                               QStringLiteral("--fuzzy-threshold"),
                                                               QStringLiteral("95")}
                                                << "9" << 95.0;
}

void TestCliGrading::settingsFileThenCommandLine()
{
    QFETCH(QStringList, options);
    QFETCH(QString, seed);
    QFETCH(double, threshold);
    const QString out = m_dir.filePath(QStringLiteral("settings-%1").arg(QTest::currentDataTag()));
    const CliOutcome r = probebench(
        QStringList{QStringLiteral("grade"), libraryRubric(), data(QStringLiteral("submissions")),
                    QStringLiteral("--out"), out, QStringLiteral("--quiet")} +
        options);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject settings =
        jsonFile(out + QStringLiteral("/summary.json")).value(QLatin1String("settings")).toObject();
    QCOMPARE(settings.value(QLatin1String("backend")).toString(), QStringLiteral("stand-in-judge"));
    QCOMPARE(settings.value(QLatin1String("seed")).toString(), seed);
    QCOMPARE(settings.value(QLatin1String("fuzzy_threshold")).toDouble(), threshold);
}

void TestCliGrading::aProjectGradesAsItsRubricAndFolder()
{
    // The shipped project, copied with what it names: the same grades.csv as the rubric and
    // the folder on the command line, its results beside it, and a second run resumes.
    const QDir copy(m_dir.filePath(QStringLiteral("project")));
    QVERIFY(copyExampleGrading(copy.path(), {QStringLiteral("library-hours.grading.json"),
                                             QStringLiteral("library-hours.rubric.json")}));
    const QString project = copy.filePath(QStringLiteral("library-hours.grading.json"));
    CliOutcome r = probebench({QStringLiteral("grade"), project});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("starting grading 11 submissions as run 1")),
             qPrintable(r.err));
    const QString results = copy.filePath(QStringLiteral("library-hours-results"));
    QVERIFY(QFile::exists(results + QStringLiteral("/library-hours.pbrun")));
    r = probebench({QStringLiteral("grade"), project});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("resuming grading 11 submissions as run 1")),
             qPrintable(r.err));
    const QString plain = m_dir.filePath(QStringLiteral("project-plain"));
    r = probebench({QStringLiteral("grade"), libraryRubric(),
                    sourceDir() + QStringLiteral("/resources/examples/library-hours-submissions"),
                    QStringLiteral("--out"), plain, QStringLiteral("--quiet")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile a(results + QStringLiteral("/grades.csv"));
    QFile b(plain + QStringLiteral("/grades.csv"));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray graded = a.readAll();
    QCOMPARE(lines(a.fileName()).size(), 13); // the header and twelve submissions
    QCOMPARE(graded, b.readAll());
}

QTEST_GUILESS_MAIN(TestCliGrading)
#include "tst_cli_grading.moc"
