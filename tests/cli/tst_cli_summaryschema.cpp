// Both kinds of probe write a sign-flip result in summary.json in one form: run the shipped
// model probe and judge probe as a student would, and every "sign_flip" object found in
// either summary has the same keys, with no flat leftovers ("sign_flip_method") beside it.
#include "CliProcess.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

// Every object under key "sign_flip" anywhere in value, and every key seen anywhere.
void collect(const QJsonValue& value, QList<QJsonObject>* signFlips, QSet<QString>* keys)
{
    if (value.isArray()) {
        for (const QJsonValue& v : value.toArray())
            collect(v, signFlips, keys);
        return;
    }
    if (!value.isObject())
        return;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        keys->insert(it.key());
        if (it.key() == QLatin1String("sign_flip"))
            signFlips->append(it.value().toObject());
        collect(it.value(), signFlips, keys);
    }
}

} // namespace

class TestCliSummarySchema : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void signFlipHasOneForm_data();
    void signFlipHasOneForm();
};

void TestCliSummarySchema::signFlipHasOneForm_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("format");
    QTest::addRow("model probe") << "style-probe.probe.json"
                                 << "probebench/summary";
    QTest::addRow("judge probe") << "library-padding.judge.json"
                                 << "probebench/judge-summary@2";
}

void TestCliSummarySchema::signFlipHasOneForm()
{
    QFETCH(QString, example);
    QFETCH(QString, format);
    QTemporaryDir dir;
    const test::CliOutcome run =
        test::probebench({QStringLiteral("run"),
                          test::sourceDir() + QStringLiteral("/resources/examples/") + example,
                          QStringLiteral("--out"), dir.path(), QStringLiteral("--quiet")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile file(dir.filePath(QStringLiteral("summary.json")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject summary = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY2(summary.value(QStringLiteral("format")).toString().startsWith(format),
             qPrintable(summary.value(QStringLiteral("format")).toString()));

    QList<QJsonObject> signFlips;
    QSet<QString> keys;
    collect(summary, &signFlips, &keys);
    QVERIFY(!signFlips.isEmpty());
    QVERIFY(!keys.contains(QStringLiteral("sign_flip_method")));
    const QSet<QString> common{QStringLiteral("p"), QStringLiteral("test"),
                               QStringLiteral("method"), QStringLiteral("exact"),
                               QStringLiteral("hits")};
    for (const QJsonObject& sf : std::as_const(signFlips)) {
        QSet<QString> expected = common;
        if (sf.value(QStringLiteral("exact")).toBool())
            expected << QStringLiteral("patterns_log2");
        else
            expected << QStringLiteral("samples") << QStringLiteral("standard_error");
        const QStringList have = sf.keys();
        QCOMPARE(QSet<QString>(have.begin(), have.end()), expected);
        QCOMPARE(sf.value(QStringLiteral("test")).toString(),
                 QStringLiteral("sign-flip permutation, two-sided"));
    }
}

QTEST_GUILESS_MAIN(TestCliSummarySchema)
#include "tst_cli_summaryschema.moc"
