#include "csv/CsvTable.h"
#include "log/CsvLogReader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using pb::CsvLogReader;
using pb::CsvRecord;
using pb::CsvTable;
using pb::ImportedLog;
using pb::TokenTotals;

class TestCsvTable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void quoting_data();
    void quoting();
    void roundTripThroughParse();
    void formulaNeutralised_data();
    void formulaNeutralised();
    void malformedNamesLine_data();
    void malformedNamesLine();
    void byHandSheet();
    void byHandErrors_data();
    void byHandErrors();
    void tokenColumns_data();
    void tokenColumns();
    void oversizedLogIsRefused();
};

void TestCsvTable::quoting_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("written");
    QTest::addRow("plain") << QStringLiteral("abc") << QStringLiteral("abc");
    QTest::addRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::addRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    QTest::addRow("newline") << QStringLiteral("1.\n2.") << QStringLiteral("\"1.\n2.\"");
    QTest::addRow("empty") << QString() << QString();
}

void TestCsvTable::quoting()
{
    QFETCH(QString, field);
    QFETCH(QString, written);
    QCOMPARE(CsvTable::quoteField(field), written);
}

void TestCsvTable::roundTripThroughParse()
{
    const QStringList fields{QStringLiteral("a,b"), QStringLiteral("line1\r\nline2"),
                             QStringLiteral("\"q\""), QString(), QStringLiteral("héllo ✓")};
    QByteArray bytes = "\xEF\xBB\xBF" + CsvTable::formatRecord(fields) +
                       CsvTable::formatRecord({QStringLiteral("x")});
    QList<CsvRecord> records;
    QString error;
    QVERIFY2(CsvTable::parse(bytes, &records, &error), qPrintable(error));
    QCOMPARE(records.size(), 2);
    QCOMPARE(records[0].fields, fields);
    QCOMPARE(records[1].line, 3); // the embedded line break counts
}

void TestCsvTable::formulaNeutralised_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("neutralised");
    QTest::addRow("equals") << QStringLiteral("=HYPERLINK(\"x\")") << true;
    QTest::addRow("plus") << QStringLiteral("+1") << true;
    QTest::addRow("minus") << QStringLiteral("-2+3") << true;
    QTest::addRow("at") << QStringLiteral("@SUM(A1)") << true;
    QTest::addRow("tab") << QStringLiteral("\t=1") << true;
    QTest::addRow("text") << QStringLiteral("Here is what I would try") << false;
    QTest::addRow("apostrophe kept") << QStringLiteral("'quoted") << false;
}

void TestCsvTable::formulaNeutralised()
{
    QFETCH(QString, text);
    QFETCH(bool, neutralised);
    const QString cell = CsvTable::neutraliseFormula(text);
    QCOMPARE(cell.startsWith(QLatin1Char('\'')) && !text.startsWith(QLatin1Char('\'')),
             neutralised);
    QCOMPARE(CsvTable::restoreFormula(cell), text);
}

void TestCsvTable::malformedNamesLine_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    QTest::addRow("unclosed quote") << QByteArray("a,b\n1,\"open\n2,3\n")
                                    << QStringLiteral("line 2: a quoted field is never closed");
    QTest::addRow("quote inside field")
        << QByteArray("a,b\nx\"y,2\n") << QStringLiteral("line 2: a quote inside");
    QTest::addRow("text after quote")
        << QByteArray("a\n\"x\"y\n") << QStringLiteral("line 2: text after a closing quote");
}

void TestCsvTable::malformedNamesLine()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    QList<CsvRecord> records;
    QString error;
    QVERIFY(!CsvTable::parse(bytes, &records, &error));
    QVERIFY2(error.startsWith(message), qPrintable(error));
}

void TestCsvTable::byHandSheet()
{
    // The tutorial's by-hand columns, with a comma decimal, a blank cell and a noise row.
    const QByteArray sheet =
        "run_id,time,model,temperature,seed,item,variant,prompt,reply,steps\r\n"
        "1,2026-11-01,llama3.2,0.8,1,0,formal,p,r,4\r\n"
        "2,2026-11-01,llama3.2,0.8,1,0,casual,p,r,\"3,5\"\r\n"
        "3,2026-11-01,llama3.2,0.8,,0,casual,p,r,\r\n"
        "4,2026-11-01,llama3.2,0.8,101,0,formal again,p,r,4\r\n";
    ImportedLog log;
    QString error;
    QVERIFY2(CsvLogReader::parse(sheet, QStringLiteral("sheet.csv"), QString(), &log, &error),
             qPrintable(error));
    QCOMPARE(log.metricName, QStringLiteral("steps"));
    QCOMPARE(log.variants, QStringList({QStringLiteral("formal"), QStringLiteral("casual"),
                                        QStringLiteral("formal again")}));
    QCOMPARE(log.rows.size(), 4);
    QCOMPARE(*log.rows[1].value, 3.5);
    QVERIFY(!log.rows[2].value.has_value()); // blank is "not scored", never 0
    QCOMPARE(log.warnings.size(), 1);
}

void TestCsvTable::byHandErrors_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("message");
    QTest::addRow("no item column") << QByteArray("variant,steps\nformal,3\n") << QString()
                                    << QStringLiteral("log.csv: line 1: missing column: item");
    QTest::addRow("two metric candidates")
        << QByteArray("item,variant,score,length\n0,a,1,2\n") << QString()
        << QStringLiteral("more than one column could be the metric");
    QTest::addRow("named metric absent")
        << QByteArray("item,variant,steps\n0,a,1\n") << QStringLiteral("words")
        << QStringLiteral("missing column: words");
    QTest::addRow("ragged row") << QByteArray("item,variant,steps\n0,a\n") << QString()
                                << QStringLiteral(
                                       "log.csv: line 2: 2 fields, but the header has 3");
    QTest::addRow("empty item") << QByteArray("item,variant,steps\n,a,1\n") << QString()
                                << QStringLiteral("line 2: column \"item\" is empty");
    QTest::addRow("empty file") << QByteArray() << QString() << QStringLiteral("the file is empty");
    QTest::addRow("token text")
        << QByteArray("item,variant,steps,input_tokens,output_tokens\n0,a,1,12,many\n") << QString()
        << QStringLiteral("line 2, column \"output_tokens\": \"many\" is not a token count");
    QTest::addRow("token negative")
        << QByteArray("item,variant,steps,input_tokens,output_tokens\n0,a,1,-3,4\n") << QString()
        << QStringLiteral("line 2, column \"input_tokens\": \"-3\" is not a token count");
    QTest::addRow("token fraction")
        << QByteArray("item,variant,steps,input_tokens,output_tokens\n0,a,1,2.5,4\n") << QString()
        << QStringLiteral("column \"input_tokens\": \"2.5\"");
    QTest::addRow("token too large")
        << QByteArray("item,variant,steps,input_tokens,output_tokens\n0,a,1,100000001,4\n")
        << QString() << QStringLiteral("a whole number from 0 to 100000000");
}

void TestCsvTable::byHandErrors()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, metric);
    QFETCH(QString, message);
    ImportedLog log;
    QString error;
    QVERIFY(!CsvLogReader::parse(bytes, QStringLiteral("log.csv"), metric, &log, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestCsvTable::tokenColumns_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("hasColumns");
    QTest::addColumn<TokenTotals>("totals");
    // The token columns are no metric candidates: "words" is found as the one other column.
    QTest::addRow("counted, an empty cell unknown")
        << QByteArray("item,variant,words,input_tokens,output_tokens\n"
                      "0,a,1,10,20\n0,b,2,,7\n1,a,3,5,1\n")
        << true << TokenTotals{3, 2, 2, 3, 15, 28};
    QTest::addRow("a failed row still counted as a call")
        << QByteArray("item,variant,words,status,input_tokens,output_tokens\n"
                      "0,a,1,ok,10,20\n0,b,,failed,,\n")
        << true << TokenTotals{2, 1, 1, 1, 10, 20};
    QTest::addRow("by hand: no columns")
        << QByteArray("item,variant,words\n0,a,1\n") << false << TokenTotals{};
}

void TestCsvTable::tokenColumns()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, hasColumns);
    QFETCH(TokenTotals, totals);
    ImportedLog log;
    QString error;
    QVERIFY2(CsvLogReader::parse(bytes, QStringLiteral("log.csv"), QString(), &log, &error),
             qPrintable(error));
    QCOMPARE(log.metricName, QStringLiteral("words"));
    QCOMPARE(log.hasTokenColumns, hasColumns);
    QVERIFY(log.tokens == totals);
}

void TestCsvTable::oversizedLogIsRefused()
{
    // Capped like a probe file: read whole, a 241 MB log once took 2.65 GB and two minutes.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("huge.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(CsvLogReader::kMaxFileBytes + 1024 * 1024)); // sparse: no disk used
    f.close();
    ImportedLog log;
    QString error;
    QVERIFY(!CsvLogReader::read(path, QString(), &log, &error));
    QCOMPARE(error, path + QStringLiteral(": the file is 65.0 MB; a CSV log may be at most 64 MB"));
}

QTEST_GUILESS_MAIN(TestCsvTable)
#include "tst_csvtable.moc"
