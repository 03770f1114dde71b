#include "ExampleProbe.h"
#include "probe/ProbePrompt.h"
#include "probe/ProbeReader.h"

#include <QtTest>

using namespace pb;

namespace {

// Written out here from tutorial_part1.py, not read from the example file, so a wrong
// example or a wrong composition both fail.
const QString kSystem =
    QStringLiteral("You are a course help assistant. Reply with numbered debugging steps.");
const QString kFormal0 = QStringLiteral(
    "Hello. My Python loop prints the same value every time. Could you help me find the problem?");
const QString kCasual0 = QStringLiteral(
    "hey my python loop prints the same value every time lol can u help me find the problem");

ProbeDocument example()
{
    const ProbeLoadResult result = ProbeReader::readFile(test::exampleProbePath());
    if (!result.ok()) {
        qFatal("example does not load: %s", qPrintable(result.text()));
    }
    return *result.document;
}

QStringList flatten(const QList<ChatMessage>& messages)
{
    QStringList out;
    for (const ChatMessage& m : messages) {
        out << m.role + QStringLiteral("|") + m.content;
    }
    return out;
}

} // namespace

class TestPromptBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exampleMatchesTutorial();
    void noiseLabelSendsValueA();
    void unknownValueGivesNothing();
    void placements_data();
    void placements();
    void placementNames();
};

void TestPromptBuilder::exampleMatchesTutorial()
{
    const ProbeDocument doc = example();
    const auto formal = ProbePrompt::compose(doc, doc.items[0], QStringLiteral("formal"));
    QVERIFY(formal);
    QCOMPARE(formal->logged, kSystem + QStringLiteral("\n\n") + kFormal0);
    QCOMPARE(flatten(formal->messages),
             QStringList({QStringLiteral("user|") + kSystem + QStringLiteral("\n\n") + kFormal0}));
    const auto casual = ProbePrompt::compose(doc, doc.items[0], QStringLiteral("casual"));
    QVERIFY(casual);
    QCOMPARE(casual->logged, kSystem + QStringLiteral("\n\n") + kCasual0);
}

void TestPromptBuilder::noiseLabelSendsValueA()
{
    const ProbeDocument doc = example();
    QCOMPARE(doc.noiseLabel(), QStringLiteral("formal again"));
    const auto again = ProbePrompt::compose(doc, doc.items[0], doc.noiseLabel());
    QVERIFY(again);
    QCOMPARE(again->logged, kSystem + QStringLiteral("\n\n") + kFormal0);
}

void TestPromptBuilder::unknownValueGivesNothing()
{
    const ProbeDocument doc = example();
    QVERIFY(!ProbePrompt::compose(doc, doc.items[0], QStringLiteral("informal")));
    QVERIFY(!ProbePrompt::compose(doc, doc.items[0], QStringLiteral("casual again")));
}

void TestPromptBuilder::placements_data()
{
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("separator");
    QTest::addColumn<int>("placement");
    QTest::addColumn<QStringList>("messages");
    QTest::addColumn<QString>("logged");

    const int prepend = int(SystemPlacement::PrependToUser);
    const int systemMessage = int(SystemPlacement::SystemMessage);
    const int none = int(SystemPlacement::None);
    const QString nl2 = QStringLiteral("\n\n");

    QTest::addRow("prepend") << QStringLiteral("S") << nl2 << prepend
                             << QStringList{QStringLiteral("user|S\n\nhi")}
                             << QStringLiteral("S\n\nhi");
    QTest::addRow("prepend custom separator")
        << QStringLiteral("S") << QStringLiteral(" | ") << prepend
        << QStringList{QStringLiteral("user|S | hi")} << QStringLiteral("S | hi");
    QTest::addRow("prepend empty separator")
        << QStringLiteral("S") << QString() << prepend << QStringList{QStringLiteral("user|Shi")}
        << QStringLiteral("Shi");
    QTest::addRow("prepend empty system")
        << QString() << nl2 << prepend << QStringList{QStringLiteral("user|hi")}
        << QStringLiteral("hi");
    QTest::addRow("prepend keeps whitespace")
        << QStringLiteral(" S\n") << nl2 << prepend
        << QStringList{QStringLiteral("user| S\n\n\nhi ")} << QStringLiteral(" S\n\n\nhi ");
    QTest::addRow("system message")
        << QStringLiteral("S") << nl2 << systemMessage
        << QStringList{QStringLiteral("system|S"), QStringLiteral("user|hi")}
        << QStringLiteral("system: S\n\nuser: hi");
    QTest::addRow("system message ignores separator")
        << QStringLiteral("S") << QStringLiteral("###") << systemMessage
        << QStringList{QStringLiteral("system|S"), QStringLiteral("user|hi")}
        << QStringLiteral("system: S\n\nuser: hi");
    QTest::addRow("system message empty system")
        << QString() << nl2 << systemMessage << QStringList{QStringLiteral("user|hi")}
        << QStringLiteral("hi");
    QTest::addRow("none") << QStringLiteral("S") << nl2 << none
                          << QStringList{QStringLiteral("user|hi")} << QStringLiteral("hi");
}

void TestPromptBuilder::placements()
{
    QFETCH(QString, system);
    QFETCH(QString, separator);
    QFETCH(int, placement);
    QFETCH(QStringList, messages);
    QFETCH(QString, logged);
    ProbeSettings settings;
    settings.system = system;
    settings.separator = separator;
    settings.placement = SystemPlacement(placement);
    const QString message = QTest::currentDataTag() == QLatin1String("prepend keeps whitespace")
                                ? QStringLiteral("hi ")
                                : QStringLiteral("hi");
    const ProbePrompt prompt = ProbePrompt::compose(settings, message);
    QCOMPARE(flatten(prompt.messages), messages);
    QCOMPARE(prompt.logged, logged);
}

void TestPromptBuilder::placementNames()
{
    QCOMPARE(ProbePrompt::placementNames(),
             QStringList({QStringLiteral("prepend"), QStringLiteral("system-message"),
                          QStringLiteral("none")}));
    for (const QString& name : ProbePrompt::placementNames()) {
        const auto placement = ProbePrompt::placementFromName(name);
        QVERIFY(placement);
        QCOMPARE(ProbePrompt::placementName(*placement), name);
    }
    QCOMPARE(ProbePrompt::placementFromName(QStringLiteral("prepend")),
             std::optional(SystemPlacement::PrependToUser));
    QVERIFY(!ProbePrompt::placementFromName(QStringLiteral("Prepend")));
    QVERIFY(!ProbePrompt::placementFromName(QString()));
}

QTEST_GUILESS_MAIN(TestPromptBuilder)
#include "tst_promptbuilder.moc"
