#include "grading/GradingSettings.h"

#include <QTest>

using namespace pb;

// The grading settings file: the judge probe's "judges" and "evidence" rules, one judge.
class TestGradingSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reads();
    void refusals_data();
    void refusals();
    void unknownKeyIsAWarning();
};

void TestGradingSettings::reads()
{
    QString error;
    const auto s = GradingSettings::readFile(
        QStringLiteral(PB_TEST_DATA_DIR "/grading/stand-in.grading.json"), &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->judge.backend, QStringLiteral("stand-in-judge"));
    QCOMPARE(s->judge.seed, 7);
    QCOMPARE(s->evidence.fuzzyThreshold, 85.0);
    QVERIFY(s->warnings.isEmpty());
}

void TestGradingSettings::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("says");
    QTest::addRow("another kind") << QByteArray(R"({"format": "probebench/rubric@1"})")
                                  << "g.json: format";
    QTest::addRow("two judges") << QByteArray(
                                       R"({"format": "probebench/grading-settings@1", "judges": [
               {"name": "a", "backend": "stand-in-judge"},
               {"name": "b", "backend": "stand-in-judge"}]})")
                                << "g.json: judges: grading takes one judge, not 2";
    QTest::addRow("no judge") << QByteArray(R"({"format": "probebench/grading-settings@1"})")
                              << "g.json: judges: missing";
    QTest::addRow("unknown backend")
        << QByteArray(R"({"format": "probebench/grading-settings@1", "judges": [
               {"name": "a", "backend": "gpt"}]})")
        << "g.json: judges[0].backend";
    QTest::addRow("threshold off the scale")
        << QByteArray(R"({"format": "probebench/grading-settings@1", "judges": [
               {"name": "a", "backend": "stand-in-judge"}], "evidence": {"fuzzy_threshold": 20}})")
        << "g.json: evidence.fuzzy_threshold";
    QTest::addRow("not JSON") << QByteArray("{\"format\": ") << "g.json:1:";
}

void TestGradingSettings::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, says);
    QString error;
    QVERIFY(!GradingSettings::parse(json, QStringLiteral("g.json"), &error));
    QVERIFY2(error.contains(says), qPrintable(error));
}

void TestGradingSettings::unknownKeyIsAWarning()
{
    QString error;
    const auto s = GradingSettings::parse(R"({"format": "probebench/grading-settings@1",
        "judges": [{"name": "a", "backend": "stand-in-judge"}], "rubric_file": "r.json"})",
                                          QStringLiteral("g.json"), &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY2(s->warnings.contains(QStringLiteral("rubric_file")), qPrintable(s->warnings));
}

QTEST_GUILESS_MAIN(TestGradingSettings)
#include "tst_gradingsettings.moc"
