#pragma once

#include <QLockFile>
#include <QObject>
#include <QStringList>
#include <memory>

class QLocalServer;
class QLocalSocket;

namespace pb {

// Keeps one workbench window per user, so two windows never work on the same project at
// once. A launch first offers its files to the window already running (over a local socket
// in the user's runtime folder, which only that user can reach); only when none is running
// does it claim the socket and start its own window, which then receives what later
// launches hand over. The claim is made under a lock file, so two launches at the same
// moment still end with one window.
class WindowHandoff : public QObject
{
    Q_OBJECT
public:
    enum class Outcome
    {
        HandedOver, // the running window took the files: this launch is done
        Claimed,    // no window was running: this launch is now the one that listens
        NoAnswer    // a window holds the socket but did not take the files in time
    };

    // serverPath: the socket's path; empty for the user's default one.
    explicit WindowHandoff(const QString& serverPath = QString(), QObject* parent = nullptr);
    ~WindowHandoff() override;

    static QString defaultServerPath();

    // files must be absolute paths (the running window has its own working folder). None
    // still hands over, so a second plain launch brings the open window forward.
    Outcome handOverOrClaim(const QStringList& files);
    QString errorString() const { return m_error; }

    // Longest message accepted from a later launch; anything longer is dropped unanswered.
    static constexpr qint64 kMaxMessageBytes = 1024 * 1024;

Q_SIGNALS:
    // A later launch's files (possibly none); the window should open them and come forward.
    void filesReceived(const QStringList& files);

private:
    Outcome handOver(const QStringList& files);
    bool listen();
    void serve(QLocalSocket* socket);

    QString m_path;
    QString m_error;
    QLocalServer* m_server = nullptr;
};

} // namespace pb
