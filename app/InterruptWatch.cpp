#include "InterruptWatch.h"

#include <atomic>
#include <csignal>

namespace pb::cli {
namespace {

std::atomic<bool> s_interrupted{false};

extern "C" void onInterrupt(int sig)
{
    s_interrupted.store(true);
    std::signal(sig, SIG_DFL);
}

} // namespace

InterruptWatch::InterruptWatch(QObject* parent) : QObject(parent)
{
    s_interrupted.store(false);
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    // Polling a flag is the only async-signal-safe hand-off that needs no extra fd plumbing.
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (s_interrupted.exchange(false)) {
            Q_EMIT interrupted();
        }
    });
    m_poll.start();
}

InterruptWatch::~InterruptWatch()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}

} // namespace pb::cli
