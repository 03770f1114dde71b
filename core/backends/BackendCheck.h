#pragma once

#include "backends/ModelBackend.h"
#include "probe/ProbeDocument.h"

#include <QElapsedTimer>
#include <memory>

namespace pb {

// The one-call health check behind `probebench check`: builds the backend the settings
// name, sends one short call (temperature 0, seed 1, at most 32 tokens, one try, the
// settings' timeout) and reports the reply, the model and digest that answered, and how
// long it took. For Ollama this includes the version/tags/show checks before the call,
// so a model that is not pulled is reported as such. Ends in exactly one passed() or
// failed(); lives on one thread.
class BackendCheck : public QObject
{
    Q_OBJECT
public:
    explicit BackendCheck(QObject* parent = nullptr);
    ~BackendCheck() override;

    void start(const BackendSettings& settings);

    static CallRequest checkRequest(const BackendSettings& settings);

Q_SIGNALS:
    void passed(const pb::CallResult& result, qint64 elapsedMs);
    void failed(const QString& message, const QString& errorKind);

private:
    void onFinished(const CallResult& result);

    std::unique_ptr<ModelBackend> m_backend;
    QElapsedTimer m_clock;
    bool m_reported = true;
};

} // namespace pb
