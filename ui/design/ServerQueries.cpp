#include "design/ServerQueries.h"

#include "backends/BackendCheck.h"
#include "backends/BackendFactory.h"
#include "backends/ModelCatalog.h"

namespace pb {

ServerQueries::ServerQueries(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<pb::CallResult>();
    qRegisterMetaType<QList<pb::ModelInfo>>();
    m_context = new QObject;
    m_worker.adopt(m_context);
}

ServerQueries::~ServerQueries() = default;

void ServerQueries::testConnection(const ProbeSettings& settings)
{
    const quint64 generation = ++m_checkGeneration;
    QObject* context = m_context;
    QMetaObject::invokeMethod(m_context, [this, context, settings, generation] {
        // Runs on the worker: the check and its network access are created there.
        auto* check = new BackendCheck(context);
        connect(check, &BackendCheck::passed, this,
                [this, generation](const CallResult& result, qint64 ms) {
                    if (generation != m_checkGeneration) {
                        return;
                    }
                    QString model = result.modelReported.isEmpty() ? result.request.model
                                                                   : result.modelReported;
                    QString summary = tr("Connected: %1 answered in %2 ms").arg(model).arg(ms);
                    if (!result.modelDigest.isEmpty()) {
                        summary += tr(" (digest %1)").arg(result.modelDigest.left(12));
                    }
                    Q_EMIT connectionPassed(summary + QLatin1Char('.'));
                });
        connect(check, &BackendCheck::failed, this,
                [this, generation](const QString& message, const QString&) {
                    if (generation == m_checkGeneration) {
                        Q_EMIT connectionFailed(message);
                    }
                });
        connect(check, &BackendCheck::passed, check, &QObject::deleteLater);
        connect(check, &BackendCheck::failed, check, &QObject::deleteLater);
        check->start(settings);
    });
}

void ServerQueries::fetchModels(const ProbeSettings& settings)
{
    const quint64 generation = ++m_listGeneration;
    if (settings.backend == QLatin1String("stand-in")) {
        Q_EMIT modelsListed({QStringLiteral("stand-in-v1")}, tr("The stand-in serves one model."));
        return;
    }
    // Listing needs only an endpoint, not a model: the list is how one is chosen.
    const bool openAi = settings.backend == QLatin1String("openai");
    QString text = settings.endpoints.value(0);
    if (text.isEmpty() && !openAi) {
        text = QStringLiteral("http://127.0.0.1:11434"); // Ollama's default, as BackendFactory uses
    }
    if (text.isEmpty()) {
        Q_EMIT modelsFailed(tr("Give the server's endpoint first, e.g. http://127.0.0.1:8080/v1."));
        return;
    }
    QString error;
    const std::optional<QUrl> parsed = BackendFactory::parseEndpoint(text, &error);
    if (!parsed) {
        Q_EMIT modelsFailed(error);
        return;
    }
    const WireProtocol protocol = openAi ? WireProtocol::OpenAi : WireProtocol::Ollama;
    const QUrl endpoint = *parsed;
    const QString keyEnv = settings.apiKeyEnv;
    QObject* context = m_context;
    QMetaObject::invokeMethod(m_context, [this, context, protocol, endpoint, keyEnv, generation] {
        auto* catalog = new ModelCatalog(context);
        connect(
            catalog, &ModelCatalog::listed, this,
            [this, generation, endpoint](const QList<ModelInfo>& models, const QString& version) {
                if (generation != m_listGeneration) {
                    return;
                }
                QStringList names;
                for (const ModelInfo& m : models) {
                    names << m.name;
                }
                QString summary = (names.size() == 1 ? tr("1 model on %1")
                                                     : tr("%1 models on %2").arg(names.size()))
                                      .arg(endpoint.toDisplayString());
                if (!version.isEmpty()) {
                    summary += tr(" (Ollama %1)").arg(version);
                }
                Q_EMIT modelsListed(names, summary + QLatin1Char('.'));
            });
        connect(catalog, &ModelCatalog::failed, this,
                [this, generation](const QString& message, const QString&) {
                    if (generation == m_listGeneration) {
                        Q_EMIT modelsFailed(message);
                    }
                });
        connect(catalog, &ModelCatalog::listed, catalog, &QObject::deleteLater);
        connect(catalog, &ModelCatalog::failed, catalog, &QObject::deleteLater);
        catalog->fetch(protocol, endpoint, keyEnv);
    });
}

} // namespace pb
