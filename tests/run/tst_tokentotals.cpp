// Token counts as values: what a reply's facts give, how calls sum, what prices make of the
// sums, the settings keys that enter prices, and a store from before the token columns.
#include "probe/BackendSettingsReader.h"
#include "probe/JsonFieldReader.h"
#include "report/RunCost.h"
#include "run/TokenCount.h"
#include "run/TokenTotals.h"
#include "store/RunStore.h"
#include "store/StoreSchema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;

namespace {

using Count = std::optional<qint64>;

QJsonObject object(const QByteArray& json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class TestTokenTotals : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countsFromFacts_data();
    void countsFromFacts();
    void reaskSumsAndUnknownStaysUnknown();
    void totalsCountEveryCall();
    void costFollowsPrices_data();
    void costFollowsPrices();
    void estimateScalesTheDryRun();
    void pricesFromSettings_data();
    void pricesFromSettings();
    void schemaOneStoreGainsItsCounts();
};

void TestTokenTotals::countsFromFacts_data()
{
    QTest::addColumn<QByteArray>("details");
    QTest::addColumn<Count>("input");
    QTest::addColumn<Count>("output");
    QTest::addRow("ollama") << QByteArray(R"({"prompt_eval_count": 46, "eval_count": 32})")
                            << Count(46) << Count(32);
    QTest::addRow("openai") << QByteArray(R"({"prompt_tokens": 46, "completion_tokens": 32})")
                            << Count(46) << Count(32);
    QTest::addRow("zero is a count")
        << QByteArray(R"({"prompt_tokens": 0, "completion_tokens": 0})") << Count(0) << Count(0);
    QTest::addRow("none reported")
        << QByteArray(R"({"done_reason": "stop"})") << Count() << Count();
    // Ollama leaves prompt_eval_count out when the whole prompt came from its cache.
    QTest::addRow("cached prompt") << QByteArray(R"({"eval_count": 9})") << Count() << Count(9);
    QTest::addRow("text") << QByteArray(R"({"prompt_tokens": "46", "completion_tokens": 3})")
                          << Count() << Count(3);
    QTest::addRow("negative") << QByteArray(R"({"prompt_eval_count": -1, "eval_count": 3})")
                              << Count() << Count(3);
    QTest::addRow("fraction") << QByteArray(R"({"prompt_eval_count": 4.5, "eval_count": 3})")
                              << Count() << Count(3);
    QTest::addRow("huge") << QByteArray(R"({"prompt_eval_count": 1e12, "eval_count": 3})")
                          << Count() << Count(3);
    QTest::addRow("largest accepted")
        << QByteArray(R"({"prompt_eval_count": 100000000, "eval_count": 100000001})")
        << Count(100000000) << Count();
}

void TestTokenTotals::countsFromFacts()
{
    QFETCH(QByteArray, details);
    QFETCH(Count, input);
    QFETCH(Count, output);
    const TokenCount count = TokenCount::fromFacts(object(details));
    QCOMPARE(count.input, input);
    QCOMPARE(count.output, output);
}

void TestTokenTotals::reaskSumsAndUnknownStaysUnknown()
{
    const TokenCount a{10, 3};
    QCOMPARE(a.plus({5, 2}), (TokenCount{15, 5}));
    QCOMPARE(a.plus({std::nullopt, 2}), (TokenCount{std::nullopt, 5}));
    QVERIFY(!a.plus({}).known());
}

void TestTokenTotals::totalsCountEveryCall()
{
    TokenTotals t;
    t.add({100, 10});
    t.add({200, 30});
    t.add({}); // a failed call
    t.add({std::nullopt, 5});
    QCOMPARE(t.calls, 4);
    QCOMPARE(t.callsCounted, 2);
    QCOMPARE(t.uncounted(), 2);
    QCOMPARE(t.input, 300);
    QCOMPARE(t.output, 45);
    QCOMPARE(*t.inputPerCall(), 150.0);
    QCOMPARE(*t.outputPerCall(), 15.0);
    QVERIFY(!TokenTotals().inputPerCall());
    QCOMPARE(t.plus(t).input, 600);
}

void TestTokenTotals::costFollowsPrices_data()
{
    QTest::addColumn<double>("priceIn");
    QTest::addColumn<double>("priceOut");
    QTest::addColumn<double>("costIn");
    QTest::addColumn<double>("costOut");
    QTest::addColumn<double>("share");
    // 2,000,000 input and 500,000 output tokens.
    QTest::addRow("input dearer in all") << 2.5 << 10.0 << 5.0 << 5.0 << 0.5;
    QTest::addRow("cheap output") << 3.0 << 0.0 << 6.0 << 0.0 << 1.0;
    QTest::addRow("mini model") << 0.15 << 0.6 << 0.3 << 0.3 << 0.5;
    QTest::addRow("output only") << 0.0 << 8.0 << 0.0 << 4.0 << 0.0;
}

void TestTokenTotals::costFollowsPrices()
{
    QFETCH(double, priceIn);
    QFETCH(double, priceOut);
    QFETCH(double, costIn);
    QFETCH(double, costOut);
    QFETCH(double, share);
    TokenTotals t;
    t.add({1'500'000, 400'000});
    t.add({500'000, 100'000});
    const RunCost cost = RunCost::single(7, t, TokenPrices{priceIn, priceOut});
    QVERIFY(cost.cost());
    QCOMPARE(cost.cost()->input, costIn);
    QCOMPARE(cost.cost()->output, costOut);
    QCOMPARE(*cost.cost()->inputShare(), share);
    const QJsonObject json = cost.toJson();
    QCOMPARE(json.value(QLatin1String("input")).toInteger(), 2'000'000);
    QCOMPARE(json.value(QLatin1String("output")).toInteger(), 500'000);
    const QJsonObject c = json.value(QLatin1String("cost")).toObject();
    QCOMPARE(c.value(QLatin1String("input")).toDouble(), costIn);
    QCOMPARE(c.value(QLatin1String("output")).toDouble(), costOut);
    QCOMPARE(c.value(QLatin1String("total")).toDouble(), costIn + costOut);
    QCOMPARE(c.value(QLatin1String("price_per_million_input")).toDouble(), priceIn);
    // Unpriced: no cost, never a cost of 0.
    QVERIFY(RunCost::single(7, t, std::nullopt).toJson().value(QLatin1String("cost")).isNull());
    // Two judges, one unpriced: no total cost, each judge's own where it has one.
    RunCost two{{{1, QStringLiteral("a"), t, TokenPrices{priceIn, priceOut}},
                 {2, QStringLiteral("b"), t, std::nullopt}}};
    QVERIFY(!two.cost());
    QCOMPARE(two.total().input, 4'000'000);
    const QJsonArray runs = two.toJson().value(QLatin1String("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs[0]
                 .toObject()
                 .value(QLatin1String("cost"))
                 .toObject()
                 .value(QLatin1String("input"))
                 .toDouble(),
             costIn);
    QVERIFY(runs[1].toObject().value(QLatin1String("cost")).isNull());
}

void TestTokenTotals::estimateScalesTheDryRun()
{
    TokenTotals dry;
    dry.add({300, 40});
    dry.add({100, 20});
    dry.add({}); // a dry-run call with no counts is no sample
    const std::optional<CostEstimate> e = CostEstimate::from(dry, 1000, TokenPrices{1.0, 4.0});
    QVERIFY(e);
    QCOMPARE(e->sampledCalls, 2);
    QCOMPARE(e->input, 200'000.0);
    QCOMPARE(e->output, 30'000.0);
    QCOMPARE(e->cost->input, 0.2);
    QCOMPARE(e->cost->output, 0.12);
    QVERIFY2(e->text().contains(QStringLiteral("1000 calls")), qPrintable(e->text()));
    QVERIFY(!CostEstimate::from(TokenTotals(), 1000, std::nullopt));
}

void TestTokenTotals::pricesFromSettings_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("priced");
    QTest::addColumn<QString>("problem");
    QTest::addRow("both")
        << QByteArray(R"({"price_per_million_input": 2.5, "price_per_million_output": 10})") << true
        << "";
    QTest::addRow("neither") << QByteArray("{}") << false << "";
    QTest::addRow("input only") << QByteArray(R"({"price_per_million_input": 2.5})") << false
                                << "price_per_million_output: is missing";
    QTest::addRow("negative")
        << QByteArray(R"({"price_per_million_input": -1, "price_per_million_output": 10})") << false
        << "price_per_million_input: must be between 0";
    QTest::addRow("text")
        << QByteArray(R"({"price_per_million_input": "2.5", "price_per_million_output": 10})")
        << false << "price_per_million_input";
}

void TestTokenTotals::pricesFromSettings()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, priced);
    QFETCH(QString, problem);
    QList<ProbeProblem> problems;
    std::optional<nlohmann::json> root = JsonFieldReader::parseDocument(json, &problems);
    QVERIFY(root);
    (*root)["model"] = "m"; // a hosted model needs its tag
    JsonFieldReader reader(*root, QString(), &problems);
    BackendSettings s;
    s.backend = QStringLiteral("openai");
    BackendSettingsReader::read(reader, {QStringLiteral("openai")}, JsonFieldReader::Need::Optional,
                                &s);
    QCOMPARE(s.prices.has_value(), priced);
    if (priced)
        QCOMPARE(*s.prices, (TokenPrices{2.5, 10.0}));
    QString text;
    for (const ProbeProblem& p : problems)
        text += p.path + QStringLiteral(": ") + p.message + QLatin1Char('\n');
    if (problem.isEmpty())
        QVERIFY2(problems.isEmpty(), qPrintable(text));
    else
        QVERIFY2(text.contains(problem), qPrintable(text));
}

// A store as schema 1 made it: the rows keep the server facts in details, and opening the
// store adds the token columns filled from them, except for a re-asked call, whose details
// held only its last reply's facts.
void TestTokenTotals::schemaOneStoreGainsItsCounts()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.pbrun"));
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        const QStringList statements = {
            QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)"),
            QStringLiteral("INSERT INTO meta VALUES('schema', '1')"),
            QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, created "
                           "TEXT NOT NULL, title TEXT, probe_json TEXT NOT NULL, config_hash TEXT "
                           "NOT NULL, app_version TEXT, backend TEXT, model TEXT, metric_name "
                           "TEXT, metric_definition TEXT, rescore_note TEXT)"),
            QStringLiteral("CREATE TABLE calls (run_id INTEGER NOT NULL REFERENCES runs(id), "
                           "call_index INTEGER NOT NULL, time TEXT, backend TEXT, endpoint TEXT, "
                           "model TEXT, model_reported TEXT, model_digest TEXT, temperature "
                           "REAL, item_index INTEGER, item_id TEXT NOT NULL, variant TEXT NOT "
                           "NULL, arm TEXT NOT NULL, seed INTEGER NOT NULL, prompt TEXT, messages "
                           "TEXT, reply TEXT, metric_value REAL, metric_flag TEXT, status TEXT NOT "
                           "NULL, error TEXT, error_kind TEXT, attempts INTEGER, details TEXT, "
                           "UNIQUE(run_id, item_id, variant, arm, seed))"),
            QStringLiteral("CREATE TABLE run_events (run_id INTEGER NOT NULL, time TEXT NOT "
                           "NULL, kind TEXT NOT NULL, message TEXT)"),
            QStringLiteral("PRAGMA application_id=%1").arg(StoreSchema::kApplicationId),
            QStringLiteral("INSERT INTO runs(created, probe_json, config_hash) VALUES("
                           "'2026-01-01T00:00:00.000Z', '{}', 'h')"),
        };
        for (const QString& s : statements)
            QVERIFY2(q.exec(s), qPrintable(s));
        const QList<QPair<QString, QString>> rows = {
            {QStringLiteral("ok"), QStringLiteral(R"({"prompt_eval_count":46,"eval_count":32})")},
            {QStringLiteral("ok"), QStringLiteral(R"({"prompt_tokens":7,"completion_tokens":2})")},
            {QStringLiteral("ok"), QStringLiteral(R"({"prompt_eval_count":-3,"eval_count":2})")},
            {QStringLiteral("ok"), QStringLiteral(R"({"prompt_eval_count":5,"eval_count":2,)"
                                                  R"("judge":{"tries":[{},{}]}})")},
            {QStringLiteral("failed"), QStringLiteral("{}")},
        };
        for (qsizetype i = 0; i < rows.size(); ++i) {
            q.prepare(QStringLiteral("INSERT INTO calls(run_id, call_index, item_id, variant, "
                                     "arm, seed, status, details) VALUES(1, ?, ?, 'a', 'probe', "
                                     "1, ?, ?)"));
            q.addBindValue(i);
            q.addBindValue(QStringLiteral("item%1").arg(i));
            q.addBindValue(rows[i].first);
            q.addBindValue(rows[i].second);
            QVERIFY(q.exec());
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("v1"));

    RunStore store;
    QString error;
    QVERIFY2(store.open(path, &error), qPrintable(error));
    QList<LoggedCall> calls;
    QVERIFY2(store.calls(1, &calls, &error), qPrintable(error));
    QCOMPARE(calls.size(), 5);
    QCOMPARE(calls[0].tokens, (TokenCount{46, 32}));
    QCOMPARE(calls[1].tokens, (TokenCount{7, 2}));
    QCOMPARE(calls[2].tokens, (TokenCount{std::nullopt, 2})); // -3 is no count
    QCOMPARE(calls[3].tokens, TokenCount{});                  // two replies, one kept
    QCOMPARE(calls[4].tokens, TokenCount{});
    // A new call is stored with its counts, and read back with them.
    LoggedCall c = calls[4];
    c.itemId = QStringLiteral("new");
    c.status = CallStatus::Ok;
    c.tokens = {11, 0};
    QVERIFY2(store.recordCall(c, &error), qPrintable(error));
    QVERIFY2(store.calls(1, &calls, &error), qPrintable(error));
    QCOMPARE(calls.last().tokens, (TokenCount{11, 0}));
}

QTEST_GUILESS_MAIN(TestTokenTotals)
#include "tst_tokentotals.moc"
