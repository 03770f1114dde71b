#include "backends/BackendCheck.h"

#include "backends/BackendFactory.h"

namespace pb {

BackendCheck::BackendCheck(QObject* parent) : QObject(parent)
{
}

BackendCheck::~BackendCheck()
{
    if (m_backend) {
        m_backend->disconnect(this);
        m_backend->cancelAll();
    }
}

CallRequest BackendCheck::checkRequest(const BackendSettings& settings)
{
    CallRequest request;
    request.itemId = QStringLiteral("check");
    request.variant = QStringLiteral("check");
    request.seed = 1;
    request.sampleWith(settings);
    request.temperature = 0.0;
    request.prompt = QStringLiteral("Reply with the single word: ready");
    request.messages = {ChatMessage{QStringLiteral("user"), request.prompt}};
    request.maxTokens = 32;
    return request;
}

void BackendCheck::start(const BackendSettings& settings)
{
    if (m_backend) {
        m_backend->disconnect(this);
        m_backend->cancelAll();
        m_backend.reset();
    }
    m_reported = false;
    m_clock.start();
    QString error;
    std::optional<BackendConfig> config = BackendFactory::configFor(settings, &error);
    if (config) {
        // A health check should say what is wrong at once rather than retry it away.
        config->maxTries = 1;
        config->deadAfterFailures = 1;
        config->concurrency = 1;
        config->idleDigestCheckMs = 60000;
        m_backend = BackendFactory::create(settings.backend, *config, &error);
    }
    if (!m_backend) {
        QMetaObject::invokeMethod(
            this,
            [this, error] {
                if (!std::exchange(m_reported, true))
                    Q_EMIT failed(error, QStringLiteral("settings"));
            },
            Qt::QueuedConnection);
        return;
    }
    connect(m_backend.get(), &ModelBackend::finished, this, &BackendCheck::onFinished);
    m_backend->submit(checkRequest(settings));
}

void BackendCheck::onFinished(const CallResult& result)
{
    if (std::exchange(m_reported, true))
        return;
    if (result.status == CallStatus::Ok)
        Q_EMIT passed(result, m_clock.elapsed());
    else
        Q_EMIT failed(result.error, result.errorKind);
}

} // namespace pb
