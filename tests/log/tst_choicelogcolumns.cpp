// A choice log's columns read back: every cell the writer would not write is refused with
// the column named, and what it does write reads back to the reading it came from.
#include "log/ChoiceLogColumns.h"

#include <QTest>

using namespace pb;

namespace {

const QStringList kHeader{QStringLiteral("item"),          QStringLiteral("escalate"),
                          QStringLiteral("choice_source"), QStringLiteral("p_yes"),
                          QStringLiteral("p_no"),          QStringLiteral("outside_mass")};

QStringList cells(const char* answer, const char* source, const char* yes, const char* no,
                  const char* outside)
{
    QStringList out{QStringLiteral("i1")};
    for (const char* cell : {answer, source, yes, no, outside})
        out << QString::fromUtf8(cell);
    return out;
}

} // namespace

class TestChoiceLogColumns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void headerIsFound()
    {
        QString error;
        bool choice = false;
        const std::optional<ChoiceLogColumns> c = ChoiceLogColumns::find(kHeader, &error, &choice);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(choice);
        QCOMPARE(c->metric, QStringLiteral("escalate"));
        QCOMPARE(c->candidates, QStringList({QStringLiteral("yes"), QStringLiteral("no")}));
        QVERIFY(!ChoiceLogColumns::find({QStringLiteral("item"), QStringLiteral("steps")}, &error,
                                        &choice));
        QVERIFY(!choice); // a numeric log
    }

    void badHeaderIsRefused_data()
    {
        QTest::addColumn<QStringList>("header");
        QTest::addColumn<QString>("says");
        QTest::newRow("source first") << QStringList{QStringLiteral("choice_source")}
                                      << QStringLiteral("must follow the metric column");
        QTest::newRow("one candidate")
            << QStringList{QStringLiteral("m"), QStringLiteral("choice_source"),
                           QStringLiteral("p_yes"), QStringLiteral("outside_mass")}
            << QStringLiteral("two or more candidates");
        QTest::newRow("no outside mass")
            << QStringList{QStringLiteral("m"), QStringLiteral("choice_source"),
                           QStringLiteral("p_yes"), QStringLiteral("p_no")}
            << QStringLiteral("then \"outside_mass\"");
        QTest::newRow("candidate twice")
            << QStringList{QStringLiteral("m"), QStringLiteral("choice_source"),
                           QStringLiteral("p_yes"), QStringLiteral("p_yes"),
                           QStringLiteral("outside_mass")}
            << QStringLiteral("column \"p_yes\"");
    }

    void badHeaderIsRefused()
    {
        QFETCH(QStringList, header);
        QFETCH(QString, says);
        QString error;
        bool choice = false;
        QVERIFY(!ChoiceLogColumns::find(header, &error, &choice));
        QVERIFY(choice);
        QVERIFY2(error.contains(says), qPrintable(error));
    }

    void rowReadsBack_data()
    {
        QTest::addColumn<QStringList>("row");
        QTest::addColumn<QString>("problem"); // empty: read
        QTest::addColumn<bool>("hasReading");
        QTest::newRow("logprobs") << cells("yes", "logprobs", "0.75", "0.25", "0.01") << QString()
                                  << true;
        QTest::newRow("sampled") << cells("no", "sampled", "", "", "") << QString() << true;
        QTest::newRow("off the list") << cells("", "sampled", "", "", "") << QString() << true;
        QTest::newRow("failed") << cells("", "", "", "", "") << QString() << false;
        QTest::newRow("unknown source")
            << cells("yes", "logprob", "0.5", "0.5", "0") << QStringLiteral("\"logprob\"") << false;
        QTest::newRow("no such candidate") << cells("maybe", "sampled", "", "", "")
                                           << QStringLiteral("none of the candidates") << false;
        QTest::newRow("probability over one") << cells("yes", "logprobs", "1.5", "0", "0")
                                              << QStringLiteral("column \"p_yes\"") << false;
        QTest::newRow("not summing to one")
            << cells("yes", "logprobs", "0.5", "0.4", "0") << QStringLiteral("sum to 0.9") << false;
        QTest::newRow("sampled with numbers") << cells("yes", "sampled", "0.5", "0.5", "")
                                              << QStringLiteral("a sampled reading") << false;
        QTest::newRow("answer without source")
            << cells("yes", "", "", "", "") << QStringLiteral("holds an answer") << false;
    }

    void rowReadsBack()
    {
        QFETCH(QStringList, row);
        QFETCH(QString, problem);
        QFETCH(bool, hasReading);
        QString error;
        bool choice = false;
        const std::optional<ChoiceLogColumns> c = ChoiceLogColumns::find(kHeader, &error, &choice);
        QVERIFY(c);
        QString said;
        const std::optional<ChoiceReading> reading = c->read(row, &said);
        QCOMPARE(reading.has_value(), hasReading);
        if (problem.isEmpty())
            QVERIFY2(said.isEmpty(), qPrintable(said));
        else
            QVERIFY2(said.contains(problem), qPrintable(said));
        if (reading && reading->source == ChoiceSource::Logprobs) {
            QCOMPARE(reading->answer, 0);
            QCOMPARE(reading->probabilities, (std::vector<double>{0.75, 0.25}));
            QCOMPARE(reading->outsideMass, 0.01);
        }
    }
};

QTEST_GUILESS_MAIN(TestChoiceLogColumns)
#include "tst_choicelogcolumns.moc"
