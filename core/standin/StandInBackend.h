#pragma once

#include "backends/ModelBackend.h"

#include <QTimer>
#include <deque>

namespace pb {

// Serves the tutorial's stand-in model: the reply to each request is
// StandInModel::reply(request.prompt, request.seed, request.temperature,
// request.plantedGap). Replies never arrive inside submit(): requests are queued and
// answered from the event loop in batches, so a large run costs a few events, not one
// per call. cancelAll() finishes everything still queued, synchronously, as Failed
// with errorKind "cancelled".
class StandInBackend : public ModelBackend
{
    Q_OBJECT
public:
    explicit StandInBackend(QObject* parent = nullptr);

    QString name() const override;
    int capacity() const override;
    void submit(const CallRequest& request) override;
    void cancelAll() override;

    // How many requests one event-loop turn answers before yielding.
    static constexpr int kBatchSize = 256;

private:
    void answerBatch();

    std::deque<CallRequest> m_queue;
    QTimer m_drainTimer;
};

} // namespace pb
