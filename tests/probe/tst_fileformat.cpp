#include "ExampleProbe.h"
#include "TestPaths.h"
#include "probe/FileFormat.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

// The envelope every kind of file shares: the kind a file declares chooses its reader, and
// every reader refuses another kind or version in the same words.
class TestFileFormat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesTags_data();
    void parsesTags();
    void kindOfFile_data();
    void kindOfFile();
    void checkRefuses_data();
    void checkRefuses();
};

void TestFileFormat::parsesTags_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("kind"); // empty: not a tag
    QTest::addColumn<int>("version");
    QTest::addRow("probe") << "probebench/probe@1"
                           << "probe" << 1;
    QTest::addRow("judge probe") << "probebench/judge-probe@1"
                                 << "judge-probe" << 1;
    QTest::addRow("newer") << "probebench/name-set@12"
                           << "name-set" << 12;
    QTest::addRow("no version") << "probebench/probe"
                                << "" << 0;
    QTest::addRow("other vendor") << "other/probe@1"
                                  << "" << 0;
    QTest::addRow("upper case") << "probebench/Probe@1"
                                << "" << 0;
    QTest::addRow("huge version") << "probebench/probe@12345678901"
                                  << "" << 0;
    QTest::addRow("trailing text") << "probebench/probe@1 "
                                   << "" << 0;
}

void TestFileFormat::parsesTags()
{
    QFETCH(QString, text);
    QFETCH(QString, kind);
    QFETCH(int, version);
    const std::optional<FileFormat::Tag> tag = FileFormat::parse(text);
    QCOMPARE(tag.has_value(), !kind.isEmpty());
    if (tag) {
        QCOMPARE(tag->kind, kind);
        QCOMPARE(tag->version, version);
        QCOMPARE(FileFormat::text(kind, version), text);
    }
}

void TestFileFormat::kindOfFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kind");
    const QString examples = test::sourceDir() + QStringLiteral("/resources/examples/");
    QTest::addRow("model probe") << test::exampleProbePath() << "probe";
    QTest::addRow("judge probe") << examples + QStringLiteral("library-padding.judge.json")
                                 << "judge-probe";
    QTest::addRow("rubric") << examples + QStringLiteral("library-hours.rubric.json") << "rubric";
    QTest::addRow("missing file") << test::sourceDir() + QStringLiteral("/no/such/file.json") << "";
    QTest::addRow("folder") << test::sourceDir() + QStringLiteral("/resources") << "";
}

void TestFileFormat::kindOfFile()
{
    QFETCH(QString, path);
    QFETCH(QString, kind);
    QCOMPARE(FileFormat::kindOfFile(path), kind);
}

void TestFileFormat::checkRefuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("goesOn");     // whether the rest of the file is still worth reading
    QTest::addColumn<QString>("message"); // empty: no problem
    QTest::addRow("right") << QByteArray(R"({"format": "probebench/probe@1"})") << true << "";
    QTest::addRow("missing") << QByteArray("{}") << true
                             << "missing: a probe file starts with \"format\": "
                                "\"probebench/probe@1\"";
    QTest::addRow("not a tag") << QByteArray(R"({"format": "probe"})") << true
                               << "must be \"probebench/probe@1\"";
    QTest::addRow("other kind") << QByteArray(R"({"format": "probebench/judge-probe@1"})") << false
                                << "this is a \"probebench/judge-probe@1\" file, not a probe "
                                   "file (\"probebench/probe@1\")";
    QTest::addRow("newer") << QByteArray(R"({"format": "probebench/probe@2"})") << false
                           << "made by a newer Probe Workbench";
    QTest::addRow("older") << QByteArray(R"({"format": "probebench/probe@0"})") << false
                           << "\"probebench/probe@0\" is not supported";
    QTest::addRow("not text") << QByteArray(R"({"format": 1})") << true << "must be";
}

void TestFileFormat::checkRefuses()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, goesOn);
    QFETCH(QString, message);
    QList<ProbeProblem> problems;
    const std::optional<nlohmann::json> root = JsonFieldReader::parseDocument(json, &problems);
    QVERIFY(root);
    JsonFieldReader top(*root, QString(), &problems);
    QCOMPARE(FileFormat::check(top, QStringLiteral("probe"), 1, QStringLiteral("probe file")),
             goesOn);
    if (message.isEmpty()) {
        QVERIFY(problems.isEmpty());
        return;
    }
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].path, QStringLiteral("format"));
    QVERIFY2(problems[0].message.contains(message), qPrintable(problems[0].message));
}

QTEST_GUILESS_MAIN(TestFileFormat)
#include "tst_fileformat.moc"
