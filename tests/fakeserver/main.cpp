// fake_model_server: the tests' FakeModelServer as a process, for CLI-level tests and
// benchmarks. Prints the port it listens on, alone on the first line of stdout, then
// serves until killed. GET /_fake/stats reports what it has received.

#include "FakeModelServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

using pb::test::FakeFault;
using pb::test::FakeModelServer;

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("fake_model_server"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A deterministic fake model server speaking Ollama (/api/...) and "
                       "OpenAI (/v1/...) on 127.0.0.1."));
    parser.addHelpOption();
    const QCommandLineOption port(QStringLiteral("port"),
                                  QStringLiteral("Port to listen on (0: any free port)."),
                                  QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption latency(QStringLiteral("latency-ms"),
                                     QStringLiteral("Delay before each chat reply."),
                                     QStringLiteral("ms"), QStringLiteral("0"));
    const QCommandLineOption slots(QStringLiteral("slots"),
                                   QStringLiteral("Chat requests served at once; the rest wait."),
                                   QStringLiteral("n"), QStringLiteral("64"));
    const QCommandLineOption faultRate(QStringLiteral("fault-rate"),
                                       QStringLiteral("Probability of a fault per chat request."),
                                       QStringLiteral("p"), QStringLiteral("0"));
    const QCommandLineOption faultKinds(
        QStringLiteral("fault-kinds"),
        QStringLiteral("Comma-separated faults to draw from: refuse, reset, 500, 429, 404, "
                       "malformed, wrong-protocol, stall, close; hostile: trickle, endless, "
                       "oversized, redirect, done-false, done-text, count-text."),
        QStringLiteral("list"), QStringLiteral("500"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed of the fault draws."), QStringLiteral("n"),
                                  QStringLiteral("1"));
    const QCommandLineOption model(QStringLiteral("model"),
                                   QStringLiteral("A model to serve, as name or name=digest "
                                                  "(repeatable; default fake-model:latest)."),
                                   QStringLiteral("name"));
    const QCommandLineOption digestChange(
        QStringLiteral("digest-change-after"),
        QStringLiteral("Change every model's digest after this many chat replies (0: never)."),
        QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption apiKeyEnv(
        QStringLiteral("api-key-env"),
        QStringLiteral("Require on /v1 routes the key held in this environment variable."),
        QStringLiteral("name"));
    const QCommandLineOption markerGap(
        QStringLiteral("marker-gap"),
        QStringLiteral("Steps fewer for messages with a casual marker word (default 1)."),
        QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption trickleMs(
        QStringLiteral("trickle-ms"),
        QStringLiteral("Pause between the pieces of a trickle reply (default 1000)."),
        QStringLiteral("ms"), QStringLiteral("1000"));
    const QCommandLineOption redirectTo(
        QStringLiteral("redirect-to"),
        QStringLiteral("Origin (http://host:port) that redirect faults send requests to."),
        QStringLiteral("url"));
    const QCommandLineOption dropReused(
        QStringLiteral("drop-reused-connections"),
        QStringLiteral("Drop, unanswered, every chat request that arrives on a connection that "
                       "already served one (Qt then resends it on its own)."));
    const QCommandLineOption printPort(
        QStringLiteral("print-port"),
        QStringLiteral("Print the port alone on the first line of stdout (always done; kept "
                       "for scripts that pass it)."));
    parser.addOptions({port, latency, slots, faultRate, faultKinds, seed, model, digestChange,
                       apiKeyEnv, markerGap, trickleMs, redirectTo, dropReused, printPort});
    parser.process(app);

    const auto number = [&](const QCommandLineOption& option, bool* ok) {
        return parser.value(option).toLongLong(ok);
    };
    bool ok = true;
    bool allOk = true;
    const qint64 portValue = number(port, &ok);
    allOk = allOk && ok && portValue >= 0 && portValue <= 65535;
    const qint64 latencyValue = number(latency, &ok);
    allOk = allOk && ok && latencyValue >= 0;
    const qint64 slotsValue = number(slots, &ok);
    allOk = allOk && ok && slotsValue >= 1;
    const qint64 seedValue = number(seed, &ok);
    allOk = allOk && ok;
    const qint64 digestValue = number(digestChange, &ok);
    allOk = allOk && ok && digestValue >= 0;
    const qint64 gapValue = number(markerGap, &ok);
    allOk = allOk && ok;
    const qint64 trickleValue = number(trickleMs, &ok);
    allOk = allOk && ok && trickleValue >= 1;
    const double rate = parser.value(faultRate).toDouble(&ok);
    allOk = allOk && ok && rate >= 0.0 && rate <= 1.0;
    if (!allOk) {
        std::fprintf(stderr, "fake_model_server: a numeric option is out of range; see --help\n");
        return 2;
    }
    QList<FakeFault> kinds;
    for (const QString& name :
         parser.value(faultKinds).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const std::optional<FakeFault> fault = FakeModelServer::parseFault(name);
        if (!fault) {
            std::fprintf(stderr, "fake_model_server: unknown fault '%s'\n", qPrintable(name));
            return 2;
        }
        kinds.append(*fault);
    }

    FakeModelServer server;
    for (const QString& name : parser.values(model))
        server.addModel(name.section(QLatin1Char('='), 0, 0), name.section(QLatin1Char('='), 1));
    server.setLatencyMs(int(latencyValue));
    server.setSlots(int(slotsValue));
    server.setRandomFaults(rate, kinds, quint64(seedValue));
    server.setDigestChangeAfter(int(digestValue));
    server.setMarkerGap(int(gapValue));
    server.setTrickleMs(int(trickleValue));
    server.setDropReusedConnections(parser.isSet(dropReused));
    if (parser.isSet(redirectTo)) {
        const QUrl origin(parser.value(redirectTo), QUrl::StrictMode);
        if (!origin.isValid() || origin.host().isEmpty()) {
            std::fprintf(stderr, "fake_model_server: --redirect-to needs a URL like "
                                 "http://localhost:8080\n");
            return 2;
        }
        server.setRedirectTarget(origin);
    }
    if (parser.isSet(apiKeyEnv)) {
        const QString key = qEnvironmentVariable(qPrintable(parser.value(apiKeyEnv)));
        if (key.isEmpty()) {
            std::fprintf(stderr, "fake_model_server: %s is not set\n",
                         qPrintable(parser.value(apiKeyEnv)));
            return 2;
        }
        server.setRequiredApiKey(key);
    }
    if (!server.listen(quint16(portValue))) {
        std::fprintf(stderr, "fake_model_server: cannot listen on 127.0.0.1:%lld\n",
                     static_cast<long long>(portValue));
        return 1;
    }
    std::printf("%u\n", unsigned(server.port()));
    std::fflush(stdout);
    std::fprintf(stderr,
                 "fake_model_server: serving %s at http://127.0.0.1:%u (ollama) and "
                 "http://127.0.0.1:%u/v1 (openai)\n",
                 qPrintable(server.defaultModel()), unsigned(server.port()),
                 unsigned(server.port()));
    return app.exec();
}
