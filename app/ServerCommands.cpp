#include "CliCommands.h"
#include "CliText.h"
#include "backends/BackendCheck.h"
#include "backends/BackendFactory.h"
#include "backends/ModelCatalog.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLocale>

namespace pb::cli {
namespace {

struct ServerOptions
{
    QString backend;
    QString endpoint;
    QString model;
    QString apiKeyEnv;
    double timeout = 60;
};

// Shared by `models` and `check`: both name one server and a protocol.
std::optional<ServerOptions> parseServerOptions(const QString& command, const QStringList& args,
                                                bool needsModel)
{
    QCommandLineParser parser;
    const QCommandLineOption backendOpt(QStringLiteral("backend"), QStringLiteral("ollama|openai"),
                                        QStringLiteral("NAME"), QStringLiteral("ollama"));
    const QCommandLineOption endpointOpt(QStringLiteral("endpoint"), QStringLiteral("URL"),
                                         QStringLiteral("URL"));
    const QCommandLineOption modelOpt(QStringLiteral("model"), QStringLiteral("model"),
                                      QStringLiteral("NAME"));
    const QCommandLineOption keyOpt(QStringLiteral("api-key-env"), QStringLiteral("variable"),
                                    QStringLiteral("NAME"));
    const QCommandLineOption timeoutOpt(QStringLiteral("timeout"), QStringLiteral("seconds"),
                                        QStringLiteral("S"));
    parser.addOptions({backendOpt, endpointOpt, modelOpt, keyOpt, timeoutOpt});
    if (!parser.parse(QStringList{QStringLiteral("probebench ") + command} + args)) {
        printErr(QStringLiteral("probebench %1: %2\n").arg(command, parser.errorText()));
        return std::nullopt;
    }
    ServerOptions o;
    o.backend = parser.value(backendOpt);
    if (o.backend != QLatin1String("ollama") && o.backend != QLatin1String("openai")) {
        printErr(QStringLiteral("probebench %1: --backend: \"%2\" is not ollama or openai\n")
                     .arg(command, o.backend));
        return std::nullopt;
    }
    o.endpoint = parser.value(endpointOpt);
    if (o.endpoint.isEmpty() && o.backend == QLatin1String("ollama")) {
        o.endpoint = QStringLiteral("http://127.0.0.1:11434");
    }
    if (o.endpoint.isEmpty()) {
        printErr(
            QStringLiteral("probebench %1: --endpoint: give the server's base URL\n").arg(command));
        return std::nullopt;
    }
    o.model = parser.value(modelOpt);
    if (needsModel && o.model.isEmpty()) {
        printErr(QStringLiteral("probebench %1: --model: name the model to check\n").arg(command));
        return std::nullopt;
    }
    o.apiKeyEnv = parser.value(keyOpt);
    if (parser.isSet(timeoutOpt)) {
        bool ok = false;
        o.timeout = parser.value(timeoutOpt).toDouble(&ok);
        if (!ok || !(o.timeout > 0)) {
            printErr(QStringLiteral("probebench %1: --timeout: give a number of seconds above 0\n")
                         .arg(command));
            return std::nullopt;
        }
    }
    return o;
}

} // namespace

int modelsCommand(const QStringList& args)
{
    const auto o = parseServerOptions(QStringLiteral("models"), args, false);
    if (!o) {
        return ExitBadInput;
    }
    QString error;
    const auto url = BackendFactory::parseEndpoint(o->endpoint, &error);
    if (!url) {
        printErr(QStringLiteral("probebench models: --endpoint: %1\n").arg(error));
        return ExitBadInput;
    }
    ModelCatalog catalog;
    int code = ExitFailure;
    QObject::connect(
        &catalog, &ModelCatalog::listed, &catalog,
        [&](const QList<ModelInfo>& models, const QString& version) {
            if (!version.isEmpty()) {
                printOut(QStringLiteral("server version %1\n").arg(version));
            }
            if (models.isEmpty()) {
                printOut(QStringLiteral("no models are available at %1\n").arg(o->endpoint));
            }
            for (const ModelInfo& m : models) {
                QString line = m.name;
                if (!m.digest.isEmpty()) {
                    line += QStringLiteral("  ") + m.digest.left(19);
                }
                if (m.sizeBytes >= 0) {
                    line += QStringLiteral("  ") + QLocale::c().formattedDataSize(m.sizeBytes);
                }
                printOut(line + QLatin1Char('\n'));
            }
            code = ExitDone;
            QCoreApplication::exit(0);
        });
    QObject::connect(&catalog, &ModelCatalog::failed, &catalog,
                     [&](const QString& message, const QString&) {
                         printErr(QStringLiteral("probebench models: %1\n").arg(message));
                         QCoreApplication::exit(0);
                     });
    catalog.fetch(o->backend == QLatin1String("openai") ? WireProtocol::OpenAi
                                                        : WireProtocol::Ollama,
                  *url, o->apiKeyEnv, int(o->timeout * 1000));
    QCoreApplication::exec();
    return code;
}

int checkCommand(const QStringList& args)
{
    const auto o = parseServerOptions(QStringLiteral("check"), args, true);
    if (!o) {
        return ExitBadInput;
    }
    ProbeSettings settings;
    settings.backend = o->backend;
    settings.endpoints = {o->endpoint};
    settings.model = o->model;
    settings.apiKeyEnv = o->apiKeyEnv;
    settings.timeoutSeconds = o->timeout;
    QString error;
    if (!BackendFactory::configFor(settings, &error)) {
        printErr(QStringLiteral("probebench check: %1\n").arg(error));
        return ExitBadInput;
    }
    BackendCheck check;
    int code = ExitFailure;
    QObject::connect(&check, &BackendCheck::passed, &check, [&](const CallResult& r, qint64 ms) {
        printOut(QStringLiteral("ok: %1 answered in %2 ms%3\n")
                     .arg(r.modelReported.isEmpty() ? o->model : r.modelReported)
                     .arg(ms)
                     .arg(r.modelDigest.isEmpty()
                              ? QString()
                              : QStringLiteral(" (digest %1)").arg(r.modelDigest)));
        printOut(QStringLiteral("reply: %1\n").arg(r.reply.left(300)));
        code = ExitDone;
        QCoreApplication::exit(0);
    });
    QObject::connect(&check, &BackendCheck::failed, &check,
                     [&](const QString& message, const QString&) {
                         printErr(QStringLiteral("probebench check: %1\n").arg(message));
                         QCoreApplication::exit(0);
                     });
    QMetaObject::invokeMethod(
        &check, [&] { check.start(settings); }, Qt::QueuedConnection);
    QCoreApplication::exec();
    return code;
}

} // namespace pb::cli
