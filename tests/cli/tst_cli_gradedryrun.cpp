// A dry run before a full grading (grade --limit-files N): only the first N submissions with
// text are called, and the estimate for the whole folder is the dry run's tokens per call, as
// the judge's server reported them, times the calls the folder makes. The judge is a fake
// server on a real socket in this process, answering while the CLI runs.
#include "CliProcess.h"
#include "FakeJudgeServer.h"
#include "TestPaths.h"
#include "judge/JudgePrompt.h"
#include "report/NumberText.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;
using namespace pb::test;

namespace {

// Level 3 on every criterion the prompt's rubric names, the answer's first words as the quote.
QString judgeReply(const QJsonObject& body)
{
    const QString answer = FakeJudgeServer::answerOf(body);
    QJsonArray criteria;
    for (const auto& [role, content] : FakeJudgeServer::messagesOf(body)) {
        if (role != QLatin1String("system"))
            continue;
        if (const std::optional<Rubric> rubric = JudgePrompt::rubricIn(content)) {
            for (const RubricCriterion& c : rubric->criteria)
                criteria.append(QJsonObject{{QStringLiteral("id"), c.id},
                                            {QStringLiteral("level"), 3},
                                            {QStringLiteral("evidence"), answer.left(24)}});
        }
    }
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("criteria"), criteria}})
                                 .toJson(QJsonDocument::Compact));
}

QString example(const QString& name)
{
    return sourceDir() + QStringLiteral("/resources/examples/") + name;
}

} // namespace

class TestCliGradeDryRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void estimatesTheWholeFolder_data();
    void estimatesTheWholeFolder();
    void refusals_data();
    void refusals();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<FakeJudgeServer> m_server;
    QString m_settings;
};

void TestCliGradeDryRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_server = std::make_unique<FakeJudgeServer>(judgeReply);
    m_server->setReportTokens(true);
    QVERIFY(m_server->listen());
    m_settings = m_dir.filePath(QStringLiteral("fake.grading-settings.json"));
    QFile f(m_settings);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const QJsonObject judge{
        {QStringLiteral("name"), QStringLiteral("fake")},
        {QStringLiteral("backend"), QStringLiteral("ollama")},
        {QStringLiteral("model"), m_server->model()},
        {QStringLiteral("endpoints"), QJsonArray{m_server->ollamaUrl().toString()}}};
    f.write(QJsonDocument(QJsonObject{{QStringLiteral("format"),
                                       QStringLiteral("probebench/grading-settings@1")},
                                      {QStringLiteral("judges"), QJsonArray{judge}}})
                .toJson());
}

void TestCliGradeDryRun::estimatesTheWholeFolder_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("plannedCalls"); // 11 submissions with text, 3 criteria
    QTest::addColumn<int>("dryCalls");
    QTest::newRow("two files") << QStringList() << 2 << 11 << 2;
    QTest::newRow("one file per criterion")
        << QStringList{QStringLiteral("--per-criterion")} << 1 << 33 << 3;
}

void TestCliGradeDryRun::estimatesTheWholeFolder()
{
    QFETCH(QStringList, extra);
    QFETCH(int, limit);
    QFETCH(int, plannedCalls);
    QFETCH(int, dryCalls);
    const int before = int(m_server->chatBodies().size());
    const qint64 inputBefore = m_server->reportedInput();
    const qint64 outputBefore = m_server->reportedOutput();
    const QString out = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()));
    const CliOutcome r = probebenchAlongside(
        QStringList{QStringLiteral("grade"), example(QStringLiteral("library-hours.rubric.json")),
                    example(QStringLiteral("library-hours-submissions")), QStringLiteral("--out"),
                    out, QStringLiteral("--settings"), m_settings, QStringLiteral("--limit-files"),
                    QString::number(limit), QStringLiteral("--price-input"), QStringLiteral("2"),
                    QStringLiteral("--price-output"), QStringLiteral("8"),
                    QStringLiteral("--quiet")} +
        extra);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QCOMPARE(int(m_server->chatBodies().size()) - before, dryCalls);
    const double input = double(m_server->reportedInput() - inputBefore);
    const double output = double(m_server->reportedOutput() - outputBefore);
    QVERIFY(input > 0 && output > 0);
    const QString expected =
        QStringLiteral("estimate for the full run: %1 calls × the dry run's tokens per call (from "
                       "%2 calls) = about %3 input and %4 output tokens; cost about ")
            .arg(plannedCalls)
            .arg(dryCalls)
            .arg(NumberText::fixed(input / dryCalls * plannedCalls, 0),
                 NumberText::fixed(output / dryCalls * plannedCalls, 0));
    QVERIFY2(r.out.contains(expected), qPrintable(r.out + QStringLiteral("\nwanted: ") + expected));
    // The dry run's own results: only the files it graded.
    const QString summaryDir = extra.isEmpty() ? out : out + QStringLiteral("/per-criterion");
    const QJsonObject summary = jsonFile(summaryDir + QStringLiteral("/summary.json"));
    QCOMPARE(
        summary.value(QLatin1String("tokens")).toObject().value(QLatin1String("calls")).toInt(),
        dryCalls);
}

void TestCliGradeDryRun::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString rubric = example(QStringLiteral("library-hours.rubric.json"));
    const QString folder = example(QStringLiteral("library-hours-submissions"));
    const QString out = m_dir.filePath(QStringLiteral("refused"));
    QTest::newRow("zero")
        << QStringList{QStringLiteral("grade"), rubric, folder,
                       QStringLiteral("--out"), out,    QStringLiteral("--limit-files"),
                       QStringLiteral("0")}
        << QStringLiteral("--limit-files: give a whole number of at least 1");
    QTest::newRow("text")
        << QStringList{QStringLiteral("grade"), rubric, folder,
                       QStringLiteral("--out"), out,    QStringLiteral("--limit-files"),
                       QStringLiteral("some")}
        << QStringLiteral("--limit-files: give a whole number of at least 1");
    QTest::newRow("with --bias")
        << QStringList{QStringLiteral("grade"),
                       example(QStringLiteral("library-hours.grading.json")),
                       QStringLiteral("--bias"),
                       QStringLiteral("padding"),
                       QStringLiteral("--limit-files"),
                       QStringLiteral("2")}
        << QStringLiteral("does not apply to --bias");
}

void TestCliGradeDryRun::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliOutcome r = probebench(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliGradeDryRun)
#include "tst_cli_gradedryrun.moc"
