#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <functional>
#include <memory>
#include <type_traits>

namespace pb {

// The one way work leaves the caller's thread (the GUI's): a thread of its own with an event
// loop, owned by the object that needs it. Jobs posted to it run one at a time, in order;
// each job's result comes back to the owner's thread and is handed to `done` there, never
// after the WorkerThread is gone. Objects that need an event loop of their own (a run session
// and its network access) live on it through adopt().
//
// The destructor asks the thread to stop (interruptionRequested() turns true, so a long job
// can end early), lets the job that is running finish, drops the jobs not started and the
// results not delivered, and waits.
class WorkerThread
{
public:
    explicit WorkerThread(const QString& name);
    ~WorkerThread();
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;

    // Runs work() on the thread, then done(result) on the thread that made this WorkerThread.
    template <class Work, class Done> void post(Work work, Done done)
    {
        using Result = std::invoke_result_t<Work>;
        QObject* home = m_home.get();
        run([work = std::move(work), done = std::move(done), home]() mutable {
            auto result = std::make_shared<Result>(work());
            QMetaObject::invokeMethod(
                home, [done = std::move(done), result]() mutable { done(std::move(*result)); },
                Qt::QueuedConnection);
        });
    }
    // Runs work() on the thread; nothing comes back.
    void run(std::function<void()> work);
    // Runs work() on the thread after the jobs before it and waits for it to end (for tearing
    // down what lives there; never while the thread may be waiting for the caller).
    void runAndWait(const std::function<void()>& work);

    // Moves object (which must have no parent) to the thread; it is deleted there before the
    // thread ends, unless it was deleted before.
    void adopt(QObject* object);

    bool isInterruptionRequested() const { return m_thread.isInterruptionRequested(); }
    QThread* thread() { return &m_thread; }

private:
    QThread m_thread;
    std::unique_ptr<QObject> m_home; // on the owner's thread: where results are delivered
    QObject* m_anchor = nullptr;     // on the worker thread: where jobs are queued
};

} // namespace pb
