#include "grading/ScoreSheetCsv.h"
#include "judge/RubricReader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

Rubric labRubric()
{
    return *RubricReader::parse(R"({"criteria": [
        {"id": "C1", "name": "Claim", "weight": 50, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}},
        {"id": "C2", "name": "Evidence", "weight": 50, "levels": {"4": "a", "3": "b", "2": "c", "1": "d"}}]})",
                                QStringLiteral("rubric.json"))
                .rubric;
}

std::optional<ScoreSheet> parsed(const QByteArray& csv, QString* error)
{
    return ScoreSheetCsv::parse(csv, QStringLiteral("sheet_a.csv"), labRubric(), error);
}

} // namespace

class TestScoreSheetCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsColumnsByName();
    void roundTrips();
    void refusals_data();
    void refusals();
    void readFileNamesTheFile();
};

void TestScoreSheetCsv::readsColumnsByName()
{
    QString error;
    // Columns out of order, one _why left out, a blank level, a short row, a BOM, LF ends.
    const auto sheet = parsed("\xEF\xBB\xBF"
                              " C2 ,filename,C1,C1_why\n"
                              "3,s01.txt,4,\"States the claim first, clearly.\"\n"
                              ",s02.txt,2,Vague.\n"
                              "1,s03.txt\n",
                              &error);
    QVERIFY2(sheet, qPrintable(error));
    QCOMPARE(sheet->criterionIds, (QStringList{QStringLiteral("C1"), QStringLiteral("C2")}));
    QCOMPARE(sheet->rows.size(), 3);
    const ScoreSheetRow& first = sheet->rows.at(0);
    QCOMPARE(first.line, 2);
    QCOMPARE(first.filename, QStringLiteral("s01.txt"));
    QCOMPARE(first.levels, (QList<std::optional<int>>{4, 3}));
    QCOMPARE(first.why,
             (QStringList{QStringLiteral("States the claim first, clearly."), QString()}));
    QCOMPARE(sheet->rows.at(1).levels, (QList<std::optional<int>>{2, std::nullopt}));
    QCOMPARE(sheet->rows.at(2).levels, (QList<std::optional<int>>{std::nullopt, 1}));
    // Lined up by filename for agreement; a file the sheet lacks is "not scored".
    QCOMPARE(
        sheet->levels(QStringLiteral("C1"), {QStringLiteral("s02.txt"), QStringLiteral("s09.txt"),
                                             QStringLiteral("s01.txt")}),
        (QList<std::optional<int>>{2, std::nullopt, 4}));
}

void TestScoreSheetCsv::roundTrips()
{
    ScoreSheet sheet;
    sheet.criterionIds = labRubric().ids();
    sheet.rows << ScoreSheetRow{0,
                                QStringLiteral("s01.txt"),
                                {4, std::nullopt},
                                {QStringLiteral("=clear, \"bold\" claim"), QString()}}
               << ScoreSheetRow{0,
                                QStringLiteral("s02 draft.md"),
                                {1, 2},
                                {QStringLiteral("none"), QStringLiteral("two\nlines")}};
    const QByteArray csv = ScoreSheetCsv::toCsv(labRubric(), sheet);
    QVERIFY(csv.startsWith("filename,C1,C2,C1_why,C2_why\r\n"));
    QString error;
    auto back = parsed(csv, &error);
    QVERIFY2(back, qPrintable(error));
    for (ScoreSheetRow& row : back->rows)
        row.line = 0;
    QCOMPARE(back->rows, sheet.rows);
}

void TestScoreSheetCsv::refusals_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("error");
    const QByteArray head = "filename,C1,C2,C1_why,C2_why\n";
    QTest::addRow("level off the scale")
        << head + "s01.txt,4,3,,\ns02.txt,4,5,,\n"
        << QStringLiteral("sheet_a.csv: line 3, column \"C2\": \"5\" is not a level (1 to 4)");
    QTest::addRow("level not a number")
        << head + "s01.txt,three,3,,\n"
        << QStringLiteral("sheet_a.csv: line 2, column \"C1\": \"three\" is not a level (1 to 4)");
    QTest::addRow("level with a fraction")
        << head + "s01.txt,2.5,3,,\n"
        << QStringLiteral("sheet_a.csv: line 2, column \"C1\": \"2.5\" is not a level (1 to 4)");
    QTest::addRow("criterion column missing")
        << QByteArray("filename,C1\ns01.txt,4\n")
        << QStringLiteral("sheet_a.csv: line 1: no column \"C2\"");
    QTest::addRow("filename column missing")
        << QByteArray("file,C1,C2\n")
        << QStringLiteral("sheet_a.csv: line 1, column \"file\": is not a column of this sheet "
                          "(filename, then C1, C2, each with an optional <id>_why)");
    QTest::addRow("unknown criterion")
        << QByteArray("filename,C1,C2,C3\n")
        << QStringLiteral("sheet_a.csv: line 1, column \"C3\": is not a column of this sheet "
                          "(filename, then C1, C2, each with an optional <id>_why)");
    QTest::addRow("column twice") << QByteArray("filename,C1,C2,C1\n")
                                  << QStringLiteral(
                                         "sheet_a.csv: line 1, column \"C1\": appears twice");
    QTest::addRow("filename empty")
        << head + "s01.txt,4,3,,\n ,4,3,,\n"
        << QStringLiteral("sheet_a.csv: line 3, column \"filename\": is empty");
    QTest::addRow("filename twice")
        << head + "s01.txt,4,3,,\n\"multi\nline why\",1,1,,\ns01.txt,4,4,,\n"
        << QStringLiteral(
               "sheet_a.csv: line 5, column \"filename\": \"s01.txt\" is already scored on "
               "line 2");
    QTest::addRow("too many fields")
        << head + "s01.txt,4,3,,,extra\n"
        << QStringLiteral("sheet_a.csv: line 2: 6 fields, but the header has 5");
    QTest::addRow("empty file") << QByteArray()
                                << QStringLiteral(
                                       "sheet_a.csv: the file is empty; expected a header row");
}

void TestScoreSheetCsv::refusals()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, error);
    QString actual;
    QVERIFY(!parsed(csv, &actual));
    QCOMPARE(actual, error);
}

void TestScoreSheetCsv::readFileNamesTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("sheet_b.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("filename,C1,C2\ns01.txt,4,0\n");
    file.close();
    QString error;
    QVERIFY(!ScoreSheetCsv::readFile(path, labRubric(), &error));
    QCOMPARE(error,
             QStringLiteral("sheet_b.csv: line 2, column \"C2\": \"0\" is not a level (1 to 4)"));
    QVERIFY(
        !ScoreSheetCsv::readFile(dir.filePath(QStringLiteral("missing.csv")), labRubric(), &error));
    QVERIFY2(error.startsWith(QStringLiteral("missing.csv: ")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestScoreSheetCsv)
#include "tst_scoresheetcsv.moc"
