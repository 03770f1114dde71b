#include "WindowHandoff.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>
#include <QTimer>

namespace pb {

namespace {

constexpr int kConnectMs = 2000;
// The running window answers as soon as it has the message, before opening anything, so
// this only runs out when that window is stuck.
constexpr int kAnswerMs = 10000;
constexpr int kLockMs = 15000;
const QByteArray kAnswer = QByteArrayLiteral("taken\n");

} // namespace

WindowHandoff::WindowHandoff(const QString& serverPath, QObject* parent)
    : QObject(parent), m_path(serverPath.isEmpty() ? defaultServerPath() : serverPath)
{
}

WindowHandoff::~WindowHandoff() = default;

QString WindowHandoff::defaultServerPath()
{
    // Per user: Qt makes the runtime folder (XDG_RUNTIME_DIR, or /tmp/runtime-USER) 0700.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty()) {
        return QDir::temp().filePath(QStringLiteral("probebench-window-") +
                                     qEnvironmentVariable("USER"));
    }
    return QDir(dir).filePath(QStringLiteral("probebench-window"));
}

WindowHandoff::Outcome WindowHandoff::handOverOrClaim(const QStringList& files)
{
    QLockFile lock(m_path + QStringLiteral(".lock"));
    if (!lock.tryLock(kLockMs)) {
        m_error = tr("another launch of probebench holds %1").arg(lock.fileName());
        return Outcome::NoAnswer;
    }
    const Outcome outcome = handOver(files);
    if (outcome != Outcome::Claimed) {
        return outcome;
    }
    if (!listen()) {
        // Without the socket this window still works; later launches just open their own.
        qWarning("probebench: %s", qPrintable(m_error));
    }
    return Outcome::Claimed;
}

WindowHandoff::Outcome WindowHandoff::handOver(const QStringList& files)
{
    QLocalSocket socket;
    socket.connectToServer(m_path);
    if (!socket.waitForConnected(kConnectMs)) {
        // Nothing listens (none running, or a socket left by a window that crashed).
        return Outcome::Claimed;
    }
    const QJsonObject message{{QStringLiteral("open"), QJsonArray::fromStringList(files)}};
    socket.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    QByteArray answer;
    while (!answer.endsWith('\n') && socket.waitForReadyRead(kAnswerMs)) {
        answer += socket.readAll();
    }
    if (answer != kAnswer) {
        m_error = tr("the workbench window already open did not answer within %1 s")
                      .arg(kAnswerMs / 1000);
        return Outcome::NoAnswer;
    }
    return Outcome::HandedOver;
}

bool WindowHandoff::listen()
{
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    QLocalServer::removeServer(m_path); // one left by a crash; the lock keeps live ones
    if (!m_server->listen(m_path)) {
        m_error = tr("cannot listen at %1: %2").arg(m_path, m_server->errorString());
        return false;
    }
    connect(m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket* socket = m_server->nextPendingConnection()) {
            serve(socket);
        }
    });
    return true;
}

void WindowHandoff::serve(QLocalSocket* socket)
{
    connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
    // A launch that connects and never finishes its message is dropped.
    QTimer::singleShot(kAnswerMs, socket, [socket] { socket->abort(); });
    auto buffer = std::make_shared<QByteArray>();
    const auto read = [this, socket, buffer] {
        *buffer += socket->read(kMaxMessageBytes + 1 - buffer->size());
        if (buffer->size() > kMaxMessageBytes) {
            socket->abort();
            return;
        }
        if (!buffer->endsWith('\n')) {
            return;
        }
        const QJsonValue open =
            QJsonDocument::fromJson(*buffer).object().value(QStringLiteral("open"));
        if (!open.isArray()) {
            socket->abort();
            return;
        }
        QStringList files;
        for (const QJsonValue& file : open.toArray()) {
            if (file.isString()) {
                files << file.toString();
            }
        }
        socket->write(kAnswer);
        socket->flush();
        socket->disconnectFromServer();
        Q_EMIT filesReceived(files);
    };
    connect(socket, &QLocalSocket::readyRead, this, read);
    if (socket->bytesAvailable() > 0) {
        read(); // what arrived before the connection was taken
    }
}

} // namespace pb
