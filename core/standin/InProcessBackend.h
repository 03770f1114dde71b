#pragma once

#include "backends/ModelBackend.h"

#include <QTimer>
#include <deque>

namespace pb {

// A backend whose replies are computed in this process (the stand-ins): requests are queued
// and answered from the event loop in batches, so a large run costs a few events, not one per
// call, and a reply never arrives inside submit(). Each reply is Ok on the first attempt and
// names the requested model as the one that answered. cancelAll() finishes everything still
// queued, synchronously, as Failed with errorKind "cancelled". Subclasses say what the reply
// to a request is.
class InProcessBackend : public ModelBackend
{
    Q_OBJECT
public:
    int capacity() const override;
    void submit(const CallRequest& request) override;
    void cancelAll() override;

    // How many requests one event-loop turn answers before yielding.
    static constexpr int kBatchSize = 256;

protected:
    // who names the answerer in the message of a cancelled call: "the stand-in".
    InProcessBackend(QString who, QObject* parent);

    virtual QString replyTo(const CallRequest& request) const = 0;
    // Fills the reply (and any details) of result.request; by default the text replyTo gives.
    virtual void answer(CallResult& result) const { result.reply = replyTo(result.request); }

private:
    void answerBatch();

    QString m_who;
    std::deque<CallRequest> m_queue;
    QTimer m_drainTimer;
};

} // namespace pb
