#include "FakeModelServer.h"
#include "backends/BackendCheck.h"
#include "backends/BackendFactory.h"
#include "backends/ModelCatalog.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

quint16 deadPort()
{
    FakeModelServer probe;
    return probe.listen() ? probe.port() : 1;
}

ProbeSettings settingsFor(const QString& backend, const QStringList& endpoints,
                          const QString& model)
{
    ProbeSettings settings;
    settings.backend = backend;
    settings.endpoints = endpoints;
    settings.model = model;
    settings.timeoutSeconds = 5;
    return settings;
}

} // namespace

class TestModelCatalog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<QList<pb::ModelInfo>>();
        qRegisterMetaType<pb::CallResult>();
    }
    void cleanup() { qunsetenv("PB_TST_CATALOG_KEY"); }

    void listsOllamaModelsWithDigests()
    {
        FakeModelServer server;
        server.addModel(QStringLiteral("llama3.2:latest"));
        server.addModel(QStringLiteral("qwen2.5:0.5b"), QStringLiteral("abc123"));
        QVERIFY(server.listen());
        ModelCatalog catalog;
        QSignalSpy listed(&catalog, &ModelCatalog::listed);
        QSignalSpy failed(&catalog, &ModelCatalog::failed);
        catalog.fetch(WireProtocol::Ollama, server.ollamaUrl());
        QVERIFY(listed.wait(5000));
        QCOMPARE(failed.size(), 0);
        const auto models = listed.first().at(0).value<QList<ModelInfo>>();
        QCOMPARE(listed.first().at(1).toString(), QStringLiteral("0.0.0-fake"));
        QCOMPARE(models.size(), 2);
        QCOMPARE(models.at(0).name, QStringLiteral("llama3.2:latest"));
        QCOMPARE(models.at(0).digest, server.digestOf(QStringLiteral("llama3.2")));
        QCOMPARE(models.at(1).digest, QStringLiteral("abc123"));
        QVERIFY(models.at(1).sizeBytes > 0);
        QCOMPARE(models.at(1).details.value(QStringLiteral("quantization_level")).toString(),
                 QStringLiteral("Q4_K_M"));
    }

    void listsOpenAiModelsWithKey()
    {
        qputenv("PB_TST_CATALOG_KEY", "sk-catalog-secret-42");
        FakeModelServer server;
        server.setRequiredApiKey(QStringLiteral("sk-catalog-secret-42"));
        QVERIFY(server.listen());
        ModelCatalog catalog;
        QSignalSpy listed(&catalog, &ModelCatalog::listed);
        catalog.fetch(WireProtocol::OpenAi, server.ollamaUrl(),
                      QStringLiteral("PB_TST_CATALOG_KEY"));
        QVERIFY(listed.wait(5000));
        const auto models = listed.first().at(0).value<QList<ModelInfo>>();
        QCOMPARE(models.size(), 1);
        QCOMPARE(models.first().name, QStringLiteral("fake-model:latest"));
        QVERIFY(models.first().digest.isEmpty());
        QCOMPARE(server.requestsTo(QStringLiteral("/v1/models")), 1);
    }

    void failuresAreActionable_data()
    {
        QTest::addColumn<int>("protocol");
        QTest::addColumn<QString>("situation");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("ollama refused") << int(WireProtocol::Ollama) << "dead"
                                        << "refused"
                                        << "start Ollama with `ollama serve`";
        QTest::addRow("openai refused") << int(WireProtocol::OpenAi) << "dead"
                                        << "refused"
                                        << "nothing answers at";
        QTest::addRow("ollama at /v1") << int(WireProtocol::Ollama) << "v1"
                                       << "not-found"
                                       << "use backend openai";
        QTest::addRow("openai bad key") << int(WireProtocol::OpenAi) << "badkey"
                                        << "auth"
                                        << "PB_TST_CATALOG_KEY";
        QTest::addRow("openai unset key") << int(WireProtocol::OpenAi) << "nokey"
                                          << "no-api-key"
                                          << "PB_TST_CATALOG_KEY";
    }

    void failuresAreActionable()
    {
        QFETCH(int, protocol);
        QFETCH(QString, situation);
        QFETCH(QString, kind);
        QFETCH(QString, messagePart);
        FakeModelServer server;
        if (situation.endsWith(QLatin1String("key")))
            server.setRequiredApiKey(QStringLiteral("sk-right-key-000"));
        QVERIFY(server.listen());
        QUrl url = server.ollamaUrl();
        QString keyEnv;
        if (situation == QLatin1String("dead"))
            url.setPort(deadPort());
        if (situation == QLatin1String("v1"))
            url = server.openAiUrl();
        if (situation == QLatin1String("badkey")) {
            qputenv("PB_TST_CATALOG_KEY", "sk-wrong-key-111");
            keyEnv = QStringLiteral("PB_TST_CATALOG_KEY");
        }
        if (situation == QLatin1String("nokey"))
            keyEnv = QStringLiteral("PB_TST_CATALOG_KEY");
        ModelCatalog catalog;
        QSignalSpy listed(&catalog, &ModelCatalog::listed);
        QSignalSpy failed(&catalog, &ModelCatalog::failed);
        catalog.fetch(WireProtocol(protocol), url, keyEnv);
        QVERIFY(failed.wait(5000));
        QCOMPARE(listed.size(), 0);
        const QString message = failed.first().at(0).toString();
        QCOMPARE(failed.first().at(1).toString(), kind);
        QVERIFY2(message.contains(messagePart), qPrintable(message));
        QVERIFY(!message.contains(QStringLiteral("sk-wrong-key-111")));
    }

    void factoryConfig_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QStringList>("endpoints");
        QTest::addColumn<QString>("apiKeyEnv");
        QTest::addColumn<QStringList>("expected"); // endpoints, or empty when refused
        QTest::addColumn<QString>("errorPart");
        QTest::addRow("ollama default")
            << "ollama" << QStringList() << "" << QStringList{"http://127.0.0.1:11434"} << "";
        QTest::addRow("host:port") << "ollama" << QStringList{"gpu-box:11434/"} << ""
                                   << QStringList{"http://gpu-box:11434"} << "";
        QTest::addRow("openai two")
            << "openai" << QStringList{"http://a:8080/v1/", "https://b/v1"} << "OPENAI_API_KEY"
            << QStringList{"http://a:8080/v1", "https://b/v1"} << "";
        QTest::addRow("openai without endpoint")
            << "openai" << QStringList() << "" << QStringList() << "needs an endpoint";
        QTest::addRow("pasted key") << "openai" << QStringList{"http://a/v1"} << "sk-proj-AbC123"
                                    << QStringList() << "NAME of an environment";
        QTest::addRow("ftp") << "ollama" << QStringList{"ftp://a"} << "" << QStringList()
                             << "is not a base URL";
        QTest::addRow("unknown backend") << "gemini" << QStringList() << "" << QStringList()
                                         << "use one of: stand-in, ollama, openai";
    }

    void factoryConfig()
    {
        QFETCH(QString, backend);
        QFETCH(QStringList, endpoints);
        QFETCH(QString, apiKeyEnv);
        QFETCH(QStringList, expected);
        QFETCH(QString, errorPart);
        ProbeSettings settings = settingsFor(backend, endpoints, QStringLiteral("m"));
        settings.apiKeyEnv = apiKeyEnv;
        settings.concurrency = 3;
        QString error;
        const std::optional<BackendConfig> config = BackendFactory::configFor(settings, &error);
        if (expected.isEmpty()) {
            QVERIFY(!config);
            QVERIFY2(error.contains(errorPart), qPrintable(error));
            QVERIFY(apiKeyEnv.isEmpty() || !error.contains(apiKeyEnv));
            QVERIFY(!BackendFactory::create(settings, &error));
            return;
        }
        QVERIFY2(config, qPrintable(error));
        QStringList got;
        for (const QUrl& url : config->endpoints)
            got.append(url.toString());
        QCOMPARE(got, expected);
        QCOMPARE(config->concurrency, 3);
        QCOMPARE(config->apiKeyEnv, apiKeyEnv);
        QCOMPARE(config->model, QStringLiteral("m"));
        const std::unique_ptr<ModelBackend> made = BackendFactory::create(settings, &error);
        QVERIFY(made);
        QCOMPARE(made->name(), backend);
        QCOMPARE(made->capacity(), 3 * int(expected.size()));
    }

    void factoryMakesTheStandIn()
    {
        QString error;
        const auto backend = BackendFactory::create(
            settingsFor(QStringLiteral("stand-in"), {}, QStringLiteral("stand-in-v1")), &error);
        QVERIFY2(backend, qPrintable(error));
        QCOMPARE(backend->name(), QStringLiteral("stand-in"));
    }

    void checkPasses_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addRow("ollama") << "ollama";
        QTest::addRow("openai") << "openai";
    }

    void checkPasses()
    {
        QFETCH(QString, backend);
        FakeModelServer server;
        QVERIFY(server.listen());
        const QUrl url =
            backend == QLatin1String("ollama") ? server.ollamaUrl() : server.openAiUrl();
        BackendCheck check;
        QSignalSpy passed(&check, &BackendCheck::passed);
        QSignalSpy failed(&check, &BackendCheck::failed);
        const ProbeSettings settings =
            settingsFor(backend, {url.toString()}, QStringLiteral("fake-model:latest"));
        check.start(settings);
        QVERIFY(passed.wait(10000));
        QCOMPARE(failed.size(), 0);
        const CallResult result = passed.first().at(0).value<CallResult>();
        const CallRequest request = BackendCheck::checkRequest(settings);
        QCOMPARE(result.reply, server.replyFor(request.model, 1, 0.0, request.messages));
        QCOMPARE(result.modelReported, QStringLiteral("fake-model:latest"));
        QCOMPARE(result.modelDigest.isEmpty(), backend == QLatin1String("openai"));
        QVERIFY(passed.first().at(1).toLongLong() >= 0);
        QCOMPARE(server.chatRequestsReceived(), 1);
    }

    void checkFailsFastAndSaysWhy_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("dead");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("messagePart");
        QTest::addRow("nothing there") << "ollama"
                                       << "fake-model" << true << "refused"
                                       << "ollama serve";
        QTest::addRow("not pulled") << "ollama"
                                    << "phi3" << false << "unknown-model"
                                    << "`ollama pull phi3`";
        QTest::addRow("openai unknown model") << "openai"
                                              << "phi3" << false << "unknown-model"
                                              << "does not serve the model 'phi3': its model "
                                                 "list has fake-model:latest";
        QTest::addRow("bad settings") << "openai"
                                      << "phi3" << false << "settings"
                                      << "needs an endpoint";
    }

    void checkFailsFastAndSaysWhy()
    {
        QFETCH(QString, backend);
        QFETCH(QString, model);
        QFETCH(bool, dead);
        QFETCH(QString, kind);
        QFETCH(QString, messagePart);
        FakeModelServer server;
        QVERIFY(server.listen());
        QUrl url = backend == QLatin1String("ollama") ? server.ollamaUrl() : server.openAiUrl();
        if (dead)
            url.setPort(deadPort());
        QStringList endpoints{url.toString()};
        if (kind == QLatin1String("settings"))
            endpoints.clear();
        BackendCheck check;
        QSignalSpy passed(&check, &BackendCheck::passed);
        QSignalSpy failed(&check, &BackendCheck::failed);
        QElapsedTimer clock;
        clock.start();
        check.start(settingsFor(backend, endpoints, model));
        QVERIFY(failed.wait(10000));
        QVERIFY(clock.elapsed() < 3000); // one try, no backoff
        QCOMPARE(passed.size(), 0);
        QCOMPARE(failed.first().at(1).toString(), kind);
        QVERIFY2(failed.first().at(0).toString().contains(messagePart),
                 qPrintable(failed.first().at(0).toString()));
    }
};

QTEST_GUILESS_MAIN(TestModelCatalog)
#include "tst_modelcatalog.moc"
