#pragma once

#include <QObject>
#include <QTimer>

namespace pb::cli {

// Turns Ctrl-C (SIGINT) and SIGTERM into a Qt signal on the main thread, so a cancelled
// command can finish the call in flight and write its results instead of dying mid-write.
// A second Ctrl-C falls through to the default handler and ends the process at once.
class InterruptWatch : public QObject
{
    Q_OBJECT
public:
    explicit InterruptWatch(QObject* parent = nullptr);
    ~InterruptWatch() override;

Q_SIGNALS:
    void interrupted();

private:
    QTimer m_poll;
};

} // namespace pb::cli
