// Control characters (a NUL or an escape a server sent) never reach log.csv raw: they are
// written as visible \xHH escapes, and the reader gives back exactly the text that was logged.
#include "csv/CsvTable.h"
#include "log/CsvLogReader.h"
#include "log/CsvLogWriter.h"

#include <QRandomGenerator>
#include <QTest>

using namespace pb;

namespace {

QString text(std::initializer_list<char16_t> chars)
{
    QString s;
    for (const char16_t c : chars) {
        s += QChar(c);
    }
    return s;
}

} // namespace

class TestControlEscapes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void escapes_data();
    void escapes();
    void anyTextReadsBackExactly();
    void logRoundTrip();
};

void TestControlEscapes::escapes_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("written");
    const QString bs = QStringLiteral("\\");
    QTest::addRow("plain text") << QStringLiteral("1. Check the log.")
                                << QStringLiteral("1. Check the log.");
    QTest::addRow("tab and line feed stay")
        << QStringLiteral("a\tb\nc") << QStringLiteral("a\tb\nc");
    QTest::addRow("NUL") << text({u'a', 0, u'b'}) << QStringLiteral("a\\x00b");
    QTest::addRow("carriage return")
        << QStringLiteral("one\r\ntwo") << QStringLiteral("one\\x0D\ntwo");
    QTest::addRow("escape and DEL")
        << text({0x1b, u'[', u'm', 0x7f}) << QStringLiteral("\\x1B[m\\x7F");
    QTest::addRow("C1 control") << text({u'a', 0x85}) << QStringLiteral("a\\x85");
    QTest::addRow("text that reads like an escape")
        << QStringLiteral("print(\"\\x1B[31m\")") << QStringLiteral("print(\"\\\\x1B[31m\")");
    QTest::addRow("two backslashes before it")
        << bs + bs + QStringLiteral("x00") << bs + bs + bs + bs + QStringLiteral("x00");
    QTest::addRow("a backslash before a NUL")
        << bs + QChar(u'\0') << bs + bs + bs + QStringLiteral("x00");
    QTest::addRow("lower case is not an escape")
        << QStringLiteral("\\x1b") << QStringLiteral("\\x1b");
    QTest::addRow("not a control code")
        << QStringLiteral("\\x41 \\d+\\.") << QStringLiteral("\\x41 \\d+\\.");
    QTest::addRow("a path") << QStringLiteral("C:\\new\\x") << QStringLiteral("C:\\new\\x");
}

void TestControlEscapes::escapes()
{
    QFETCH(QString, original);
    QFETCH(QString, written);
    QCOMPARE(CsvTable::escapeControls(original), written);
    QCOMPARE(CsvTable::restoreControls(written), original);
}

void TestControlEscapes::anyTextReadsBackExactly()
{
    // Strings built from the characters that matter to the escaping, formula triggers among
    // them: whatever is written must read back as itself.
    const QList<char16_t> alphabet = {u'\\', u'x', u'0', u'1',  u'B',  u'D', u'F',  u'7',
                                      0,     0x1b, u'a', u'\r', u'\n', u'=', u'\t', 0x85};
    QRandomGenerator random(20240501);
    for (int i = 0; i < 20000; ++i) {
        QString s;
        const int n = int(random.bounded(12));
        for (int k = 0; k < n; ++k) {
            s += QChar(alphabet.at(int(random.bounded(alphabet.size()))));
        }
        const QString cell = CsvTable::textCell(s);
        for (const QChar c : cell) {
            QVERIFY2(c.unicode() >= 0x20 || c == QLatin1Char('\t') || c == QLatin1Char('\n'),
                     qPrintable(QStringLiteral("raw control in the cell for case %1").arg(i)));
        }
        QCOMPARE(CsvTable::readTextCell(cell), s);
    }
}

void TestControlEscapes::logRoundTrip()
{
    LoggedCall c;
    c.time = QDateTime::currentDateTimeUtc();
    c.itemId = QStringLiteral("q1");
    c.variant = QStringLiteral("formal");
    c.seed = 1;
    c.status = CallStatus::Ok;
    c.prompt = QStringLiteral("=HYPERLINK(\"x\")");
    c.reply = text({u'1', u'.', u' ', u'o', u'k', 0, u'g', u'a', u'r', u'b', 0x1b, u'\r', u'\n'});
    c.metricValue = 1;
    const QByteArray csv = CsvLogWriter::toCsv({c}, QStringLiteral("steps"));
    QVERIFY(!csv.contains('\0'));
    QVERIFY(!csv.contains('\x1b'));
    QVERIFY(csv.contains("1. ok\\x00garb\\x1B\\x0D\n"));
    ImportedLog log;
    QString error;
    QVERIFY2(CsvLogReader::parse(csv, QStringLiteral("log.csv"), QString(), &log, &error),
             qPrintable(error));
    QCOMPARE(log.rows.size(), 1);
    QCOMPARE(log.rows.front().reply, c.reply);
    QCOMPARE(log.rows.front().prompt, c.prompt);
}

QTEST_GUILESS_MAIN(TestControlEscapes)
#include "tst_controlescapes.moc"
