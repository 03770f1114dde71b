#include "FakeJudgeServer.h"
#include "StoreReads.h"
#include "grading/GradesCsv.h"
#include "grading/GradingRubric.h"
#include "grading/GradingRun.h"
#include "grading/GradingSummary.h"
#include "grading/SubmissionFolder.h"
#include "run/RunSession.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using pb::test::FakeJudgeServer;

namespace {

QString submissions()
{
    return QStringLiteral(PB_TEST_DATA_DIR "/grading/submissions");
}

Rubric libraryRubric()
{
    QString error;
    const auto r = GradingRubric::readFile(
        QStringLiteral(PB_SOURCE_DIR "/resources/examples/library-hours.rubric.json"), &error);
    if (!r)
        qFatal("%s", qPrintable(error));
    return *r;
}

QJsonObject criterion(const QString& id, int level, const QString& evidence)
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("level"), level},
            {QStringLiteral("evidence"), evidence}};
}

// A judge with two planted faults: it never gives valid JSON for a submission that says
// "probably", and on the one citing the Registrar it quotes a source that is not there.
// Everything else gets level 3 with the first words of the text as every quote.
QString judgeReply(const QJsonObject& body)
{
    const QString answer = FakeJudgeServer::answerOf(body);
    if (answer.contains(QStringLiteral("probably")))
        return QStringLiteral("I think this paragraph is quite good overall.");
    const QString quote = answer.left(24);
    const QString cited = answer.contains(QStringLiteral("Registrar"))
                              ? QStringLiteral("(National Sleep Foundation, 2019)")
                              : quote;
    return QString::fromUtf8(
        QJsonDocument(
            QJsonObject{{QStringLiteral("criteria"),
                         QJsonArray{criterion(QStringLiteral("claims_cited"), 3, cited),
                                    criterion(QStringLiteral("directness"), 3, quote),
                                    criterion(QStringLiteral("counterargument"), 3, quote)}}})
            .toJson(QJsonDocument::Compact));
}

} // namespace

// Batch grading as a kind: the folder read as submissions, each graded once through the run
// store against a judge on a real socket, and the rows, flags and evidence rate read back.
class TestGradingRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void folderIsReadSortedAndFlat();
    void folderRefusals_data();
    void folderRefusals();
    void gradesThroughTheStore();
    void runningAgainCallsNothingTwice();

private:
    GradingOutcome grade(RunStore& store, int* newCalls);

    QTemporaryDir m_dir;
    Rubric m_rubric;
    QList<Submission> m_submissions;
    std::unique_ptr<FakeJudgeServer> m_server;
    JudgeProbeDocument m_doc;
};

void TestGradingRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_rubric = libraryRubric();
    QString error;
    const auto read = SubmissionFolder::read(submissions(), &error);
    QVERIFY2(read, qPrintable(error));
    m_submissions = *read;
    m_server = std::make_unique<FakeJudgeServer>(judgeReply);
    QVERIFY(m_server->listen());
    JudgeConfig grader;
    grader.backend = QStringLiteral("ollama");
    grader.model = m_server->model();
    grader.endpoints = {m_server->ollamaUrl().toString()};
    grader.timeoutSeconds = 20;
    m_doc = GradingRun::document(m_rubric, m_submissions, grader, EvidencePolicy{});
}

void TestGradingRun::folderIsReadSortedAndFlat()
{
    QString error;
    QStringList skipped;
    const auto read = SubmissionFolder::read(submissions(), &error, &skipped);
    QVERIFY(read);
    QStringList names;
    for (const Submission& s : *read)
        names << s.filename;
    // Byte order puts the upper-case ending last; the subfolder's file is not graded.
    QCOMPARE(names, (QStringList{"a_cited.txt", "b_vague.md", "c_offtopic.txt", "d_empty.txt",
                                 "e_early.TXT"}));
    QCOMPARE(skipped, QStringList{QStringLiteral("notes.csv")});
    QVERIFY(read->at(3).isEmpty());
    QVERIFY(!read->at(0).isEmpty());
    QCOMPARE(m_doc.items.size(), 4); // the empty file is no item: it is never sent
}

void TestGradingRun::folderRefusals_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("says");
    QTest::addRow("over 1 MiB") << "big.txt" << QByteArray(SubmissionFolder::kMaxFileBytes + 1, 'a')
                                << "big.txt: 1048577 bytes, more than the 1 MiB";
    QTest::addRow("not UTF-8") << "latin1.md" << QByteArray("caf\xe9 au lait\n")
                               << "latin1.md: not UTF-8 text";
    QTest::addRow("not a folder") << "" << QByteArray() << "not a folder";
}

void TestGradingRun::folderRefusals()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, says);
    QTemporaryDir dir;
    QString folder = dir.path();
    if (file.isEmpty()) {
        folder = dir.filePath(QStringLiteral("nowhere"));
    } else {
        QFile f(dir.filePath(file));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        QFile ok(dir.filePath(QStringLiteral("a_fine.txt")));
        QVERIFY(ok.open(QIODevice::WriteOnly));
        ok.write("The library should open earlier.\n");
    }
    QString error;
    QVERIFY(!SubmissionFolder::read(folder, &error));
    QVERIFY2(error.contains(says), qPrintable(error));
}

GradingOutcome TestGradingRun::grade(RunStore& store, int* newCalls)
{
    RunSession session(&store, {GradingRun::unit(m_doc)});
    QSignalSpy finished(&session, &RunSession::finished);
    QSignalSpy started(&session, &RunSession::unitStarted);
    QSignalSpy recorded(&session, &RunSession::callsRecorded);
    session.start();
    if (finished.isEmpty() && !finished.wait(60000))
        qFatal("the grading run did not finish");
    const bool resumed = !started.isEmpty() && started.first().at(2).toBool();
    *newCalls = 0;
    for (qsizetype i = resumed ? 1 : 0; i < recorded.size(); ++i)
        *newCalls += int(recorded.at(i).at(1).value<QList<LoggedCall>>().size());
    return GradingRun::outcome(m_doc, m_submissions,
                               test::calls(store, session.runIds().constFirst()));
}

void TestGradingRun::gradesThroughTheStore()
{
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_dir.filePath(QStringLiteral("grades.pbrun")), &error), qPrintable(error));
    int newCalls = 0;
    const GradingOutcome o = grade(store, &newCalls);
    QCOMPARE(newCalls, 4);
    // Three submissions once each, the one the judge never answers validly asked twice more;
    // the empty file never reached the server.
    const QList<QJsonObject> bodies = m_server->chatBodies();
    QCOMPARE(bodies.size(), 6);
    for (const QJsonObject& body : bodies)
        QVERIFY(!FakeJudgeServer::answerOf(body).trimmed().isEmpty());

    QCOMPARE(o.rows.size(), 5);
    QCOMPARE(o.rows.at(0).flags, QStringList());
    QCOMPARE(o.rows.at(0).total->text(), QStringLiteral("75.0"));
    QCOMPARE(o.rows.at(1).flags, QStringList{QStringLiteral("REVIEW_NEEDED")});
    QVERIFY(!o.rows.at(1).total);
    for (const GradeCell& c : o.rows.at(1).cells)
        QVERIFY(!c.level); // never a guessed level
    QCOMPARE(o.rows.at(3).flags, QStringList{QStringLiteral("EMPTY_FILE")});
    QCOMPARE(o.rows.at(4).flags, QStringList{QStringLiteral("HALLUCINATED_EVIDENCE:claims_cited")});
    QVERIFY(!o.rows.at(4).cells.at(0).level);
    QCOMPARE(o.rows.at(4).cells.at(1).level, std::optional<int>(3));
    QVERIFY(!o.rows.at(4).total);
    QCOMPARE(o.emptyFiles, 1);
    QVERIFY(o.complete());

    QCOMPARE(o.evidence.rateText(2), QStringLiteral("1 of 9 quotes, 11.11%"));
    QCOMPARE(o.evidence.invented.size(), 1);
    QCOMPARE(o.evidence.invented.first().itemId, QStringLiteral("e_early.TXT"));
    QCOMPARE(o.review.size(), 1);
    QCOMPARE(o.review.first().filename, QStringLiteral("b_vague.md"));
    QCOMPARE(o.review.first().tries, 3);
    QCOMPARE(o.review.first().rawOutput,
             QStringLiteral("I think this paragraph is quite good overall."));

    const QString md = QString::fromUtf8(GradingSummary::markdown(m_doc, o, {}));
    QVERIFY(md.contains(QStringLiteral("1 of 9 quotes, 11.11%")));
    QVERIFY(md.contains(QStringLiteral("e_early.TXT, claims_cited")));
    QVERIFY(md.contains(QStringLiteral("\"(National Sleep Foundation, 2019)\"")));
    QVERIFY(QString::fromUtf8(GradingSummary::reviewFile(o))
                .contains(QStringLiteral("I think this paragraph is quite good overall.")));
    const QJsonObject json = GradingSummary::json(m_doc, o, {});
    QCOMPARE(json.value(QLatin1String("evidence_check"))
                 .toObject()
                 .value(QLatin1String("hallucinated"))
                 .toInt(),
             1);

    // grades.csv reads back as it was written, totals checked against the rubric.
    const auto back = GradesCsv::parse(GradesCsv::toCsv(m_rubric, o.rows),
                                       QStringLiteral("grades.csv"), m_rubric, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->size(), 5);
}

void TestGradingRun::runningAgainCallsNothingTwice()
{
    RunStore store;
    QString error;
    QVERIFY2(store.open(m_dir.filePath(QStringLiteral("grades.pbrun")), &error), qPrintable(error));
    const qsizetype before = m_server->chatBodies().size();
    int newCalls = -1;
    const GradingOutcome o = grade(store, &newCalls);
    QCOMPARE(newCalls, 0);
    QCOMPARE(m_server->chatBodies().size(), before);
    QCOMPARE(o.rows.size(), 5);
    QCOMPARE(o.review.size(), 1);
    QCOMPARE(o.evidence.hallucinated, 1);
}

QTEST_GUILESS_MAIN(TestGradingRun)
#include "tst_gradingrun.moc"
