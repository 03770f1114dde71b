#pragma once

// What the CLI tests share: the probebench binary run as a student would run it, and the fake
// model server as a process of its own. Header-only: PB_PROBEBENCH and PB_FAKE_SERVER are
// defined for the cli tests alone.

#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTimer>
#include <functional>

namespace pb::test {

struct CliOutcome
{
    int exitCode = -1; // -1: it crashed or did not end in time
    QString out;
    QString err;
};

// A file's bytes, empty when it cannot be read; and the JSON object it holds, empty when none.
inline QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QJsonObject jsonFile(const QString& path)
{
    return QJsonDocument::fromJson(fileBytes(path)).object();
}

// What a finished probebench process left: its exit code (-1 when it crashed) and output.
inline CliOutcome outcomeOf(QProcess& p)
{
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// Runs probebench to the end; childSetup, when given, runs in the child before it starts (to
// lower its file size limit, say).
inline CliOutcome probebench(const QStringList& args, int timeoutMs = 300000,
                             const std::function<void()>& childSetup = {})
{
    QProcess p;
    if (childSetup) {
        p.setChildProcessModifier(childSetup);
    }
    p.start(QStringLiteral(PB_PROBEBENCH), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return outcomeOf(p);
}

// The same with this thread's event loop turning while it runs, so that a server living in
// the test's own process (a fake judge, say) can answer it.
inline CliOutcome probebenchAlongside(const QStringList& args, int timeoutMs = 300000)
{
    QProcess p;
    QEventLoop loop;
    QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    p.start(QStringLiteral(PB_PROBEBENCH), args);
    loop.exec();
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return outcomeOf(p);
}

class FakeServer
{
public:
    explicit FakeServer(const QStringList& args = {})
    {
        m_process.start(QStringLiteral(PB_FAKE_SERVER),
                        QStringList{QStringLiteral("--port"), QStringLiteral("0")} + args);
        if (m_process.waitForReadyRead(10000)) {
            m_port = quint16(QString::fromLatin1(m_process.readLine()).trimmed().toUInt());
        }
    }
    ~FakeServer()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(3000)) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }
    FakeServer(const FakeServer&) = delete;
    FakeServer& operator=(const FakeServer&) = delete;

    bool ok() const { return m_port != 0; }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }
    // GET /_fake/stats: what it has received and answered so far.
    QJsonObject stats() const
    {
        QNetworkAccessManager net;
        QNetworkReply* reply =
            net.get(QNetworkRequest(QUrl(url() + QStringLiteral("/_fake/stats"))));
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonObject stats = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return stats;
    }
    // The chat requests it has received so far.
    int chatRequests() const { return stats().value(QStringLiteral("chat_received")).toInt(-1); }

private:
    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace pb::test
