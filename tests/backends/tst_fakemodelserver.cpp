#include "FakeModelServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace pb;
using namespace pb::test;

namespace {

QList<ChatMessage> ask(const QString& text)
{
    return {ChatMessage{QStringLiteral("user"), text}};
}

int countSteps(const QString& reply)
{
    static const QRegularExpression numbered(QStringLiteral("^\\d+\\."),
                                             QRegularExpression::MultilineOption);
    int count = 0;
    for (auto it = numbered.globalMatch(reply); it.hasNext(); it.next())
        ++count;
    return count;
}

QByteArray fetch(QNetworkAccessManager& network, const QUrl& url, int* status)
{
    QNetworkReply* reply = network.get(QNetworkRequest(url));
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 5000))
        return QByteArray();
    *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

} // namespace

class TestFakeModelServer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void repliesAreDeterministicNumberedSteps()
    {
        FakeModelServer server;
        const QString reply =
            server.replyFor(QStringLiteral("m"), 3, 0.8, ask(QStringLiteral("x")));
        QCOMPARE(server.replyFor(QStringLiteral("m"), 3, 0.8, ask(QStringLiteral("x"))), reply);
        QVERIFY(reply.startsWith(QStringLiteral("Here is what I would try:\n1. Step 1.")));
        QCOMPARE(countSteps(reply),
                 server.stepsFor(QStringLiteral("m"), 3, 0.8, ask(QStringLiteral("x"))));
        // Temperature 0 removes the noise: 4 steps, one fewer with a casual marker.
        QCOMPARE(server.stepsFor(QStringLiteral("m"), 1, 0.0, ask(QStringLiteral("Hello."))), 4);
        QCOMPARE(server.stepsFor(QStringLiteral("m"), 1, 0.0, ask(QStringLiteral("hey there"))), 3);
        server.setMarkerGap(2);
        QCOMPARE(server.stepsFor(QStringLiteral("m"), 1, 0.0, ask(QStringLiteral("thx lol"))), 2);
        // "u" is a marker only as a word.
        QCOMPARE(server.stepsFor(QStringLiteral("m"), 1, 0.0, ask(QStringLiteral("un bug"))), 4);
    }

    void seedsAndModelsVaryTheReply()
    {
        FakeModelServer server;
        QSet<int> counts;
        for (qint64 seed = 0; seed < 50; ++seed)
            counts.insert(
                server.stepsFor(QStringLiteral("m"), seed, 1.0, ask(QStringLiteral("q"))));
        QVERIFY(counts.size() >= 4);
        int differ = 0;
        for (qint64 seed = 0; seed < 50; ++seed)
            differ += server.replyFor(QStringLiteral("a"), seed, 1.0, ask(QStringLiteral("q"))) !=
                      server.replyFor(QStringLiteral("b"), seed, 1.0, ask(QStringLiteral("q")));
        QVERIFY(differ > 10);
    }

    // The planted rule gives a probe something to find: over many seeds, the casual
    // variant averages about one step fewer.
    void plantedGapShowsInTheMean()
    {
        FakeModelServer server;
        double formal = 0;
        double casual = 0;
        const int seeds = 400;
        for (qint64 seed = 0; seed < seeds; ++seed) {
            formal += server.stepsFor(QStringLiteral("m"), seed, 0.8,
                                      ask(QStringLiteral("Could you help me find the problem?")));
            casual += server.stepsFor(QStringLiteral("m"), seed, 0.8,
                                      ask(QStringLiteral("can u help me find the problem")));
        }
        const double gap = (formal - casual) / seeds;
        QVERIFY2(gap > 0.7 && gap < 1.3, qPrintable(QString::number(gap)));
    }

    void callKeyIgnoresTemperatureButNotSeed()
    {
        const QString key =
            FakeModelServer::callKey(QStringLiteral("m"), 1, ask(QStringLiteral("q")));
        QCOMPARE(FakeModelServer::callKey(QStringLiteral("m"), 1, ask(QStringLiteral("q"))), key);
        QVERIFY(FakeModelServer::callKey(QStringLiteral("m"), 2, ask(QStringLiteral("q"))) != key);
        QVERIFY(FakeModelServer::callKey(QStringLiteral("n"), 1, ask(QStringLiteral("q"))) != key);
    }

    void faultNamesRoundTrip()
    {
        for (FakeFault fault :
             {FakeFault::Refuse, FakeFault::Reset, FakeFault::Http500, FakeFault::Http429,
              FakeFault::UnknownModel, FakeFault::Malformed, FakeFault::WrongProtocol,
              FakeFault::Stall, FakeFault::CloseMidBody, FakeFault::Trickle, FakeFault::Endless,
              FakeFault::Oversized, FakeFault::Redirect, FakeFault::NotDone, FakeFault::DoneAsText,
              FakeFault::CountAsText, FakeFault::CountNegative, FakeFault::CountHuge})
            QCOMPARE(FakeModelServer::parseFault(FakeModelServer::faultName(fault)), fault);
        QVERIFY(!FakeModelServer::parseFault(QStringLiteral("explode")));
    }

    void metadataRoutesAndStats()
    {
        FakeModelServer server;
        server.addModel(QStringLiteral("a:1b"));
        server.addModel(QStringLiteral("b:latest"), QStringLiteral("cafe"));
        QVERIFY(server.listen());
        QNetworkAccessManager network;
        int status = 0;
        const QJsonObject tags =
            QJsonDocument::fromJson(
                fetch(network, QUrl(server.ollamaUrl().toString() + QStringLiteral("/api/tags")),
                      &status))
                .object();
        QCOMPARE(status, 200);
        QCOMPARE(tags.value(QStringLiteral("models")).toArray().size(), 2);
        QCOMPARE(server.digestOf(QStringLiteral("b")), QStringLiteral("cafe"));
        fetch(network, QUrl(server.ollamaUrl().toString() + QStringLiteral("/nope")), &status);
        QCOMPARE(status, 404);
        const QJsonObject models =
            QJsonDocument::fromJson(
                fetch(network, QUrl(server.openAiUrl().toString() + QStringLiteral("/models")),
                      &status))
                .object();
        QCOMPARE(status, 200);
        QCOMPARE(models.value(QStringLiteral("data"))
                     .toArray()
                     .at(1)
                     .toObject()
                     .value(QStringLiteral("id"))
                     .toString(),
                 QStringLiteral("b:latest"));
        const QJsonObject stats =
            QJsonDocument::fromJson(
                fetch(network, QUrl(server.ollamaUrl().toString() + QStringLiteral("/_fake/stats")),
                      &status))
                .object();
        QCOMPARE(stats.value(QStringLiteral("chat_received")).toInt(), 0);
        QCOMPARE(stats.value(QStringLiteral("requests_by_path"))
                     .toObject()
                     .value(QStringLiteral("/api/tags"))
                     .toInt(),
                 1);
    }

    void stopAndResumeAccepting()
    {
        FakeModelServer server;
        QVERIFY(server.listen());
        QNetworkAccessManager network;
        const QUrl url(server.ollamaUrl().toString() + QStringLiteral("/api/version"));
        int status = 0;
        fetch(network, url, &status);
        QCOMPARE(status, 200);
        server.stopAccepting();
        network.clearConnectionCache();
        QNetworkReply* refused = network.get(QNetworkRequest(url));
        QTRY_VERIFY(refused->isFinished());
        QCOMPARE(refused->error(), QNetworkReply::ConnectionRefusedError);
        refused->deleteLater();
        QVERIFY(server.resumeAccepting());
        status = 0;
        fetch(network, url, &status);
        QCOMPARE(status, 200);
    }
};

QTEST_GUILESS_MAIN(TestFakeModelServer)
#include "tst_fakemodelserver.moc"
