#include "nameset/NameListText.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

// "Ann|A|she;Bo|B|he" -> entries with the fields in order.
QList<NameEntry> entries(const QString& text, const QStringList& fields)
{
    QList<NameEntry> out;
    if (text.isEmpty())
        return out;
    for (const QString& row : text.split(u';')) {
        const QStringList cells = row.split(u'|');
        NameEntry e{cells.at(0), cells.at(1), {}};
        for (qsizetype i = 0; i < fields.size(); ++i)
            e.fields.insert(fields.at(i), cells.value(2 + i));
        out << e;
    }
    return out;
}

} // namespace

// Pasted and imported name lists: CSV and tab-separated, a header or none, and every bad
// line refused whole with its line number.
class TestNameListText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsGoodLists_data();
    void readsGoodLists();
    void refusesBadLists_data();
    void refusesBadLists();
    void readsAFile();
    void fileProblemsNameTheFile_data();
    void fileProblemsNameTheFile();
};

void TestNameListText::readsGoodLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("fields");
    QTest::addColumn<QString>("expected");
    const QStringList none;
    const QStringList pronoun{QStringLiteral("pronoun")};
    QTest::addRow("csv, no header") << "Ann,A\nBo,B\n" << none << "Ann|A;Bo|B";
    QTest::addRow("csv, header") << "name,group\nAnn,A\nBo,B" << none << "Ann|A;Bo|B";
    QTest::addRow("csv, header any case") << "Name,Group\r\nAnn,A\r\n" << none << "Ann|A";
    QTest::addRow("csv, quoted group with comma")
        << "\"Emily Walsh\",\"white-associated, female\"\nJamal Jones,\"Black-associated, male\""
        << none << "Emily Walsh|white-associated, female;Jamal Jones|Black-associated, male";
    QTest::addRow("csv, doubled quote") << "\"Ann \"\"Jo\"\" Lee\",A" << none << "Ann \"Jo\" Lee|A";
    QTest::addRow("csv, trimmed, blank lines") << "\n  Ann , A \n\n Bo,B\n\n"
                                               << none << "Ann|A;Bo|B";
    QTest::addRow("csv, byte order mark")
        << QStringLiteral("\uFEFFname,group\nAnn,A") << none << "Ann|A";
    QTest::addRow("tsv, no header") << "Ann\tA\nBo\tB" << none << "Ann|A;Bo|B";
    QTest::addRow("tsv, comma inside a cell") << "Emily Walsh\twhite-associated, female" << none
                                              << "Emily Walsh|white-associated, female";
    QTest::addRow("tsv, trailing empty columns") << "Ann\tA\t\t\nBo\tB\t\t" << none << "Ann|A;Bo|B";
    QTest::addRow("fields in document order")
        << "Ann,A,she\nBo,B,he" << pronoun << "Ann|A|she;Bo|B|he";
    QTest::addRow("fields by header")
        << "name,group,city,pronoun\nAnn,A,Leeds,she"
        << QStringList{QStringLiteral("pronoun"), QStringLiteral("city")} << "Ann|A|she|Leeds";
    QTest::addRow("missing field left empty") << "Ann,A" << pronoun << "Ann|A|";
}

void TestNameListText::readsGoodLists()
{
    QFETCH(QString, text);
    QFETCH(QStringList, fields);
    QFETCH(QString, expected);
    const NameListImport read = NameListText::parse(text, fields);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.names, entries(expected, fields));
}

void TestNameListText::refusesBadLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("fields");
    QTest::addColumn<QString>("error");
    const QStringList none;
    QTest::addRow("csv, no group on line 3")
        << "name,group\nAnn,A\nBo\nCy,C" << none
        << "line 3: no group: write the name, then its group, separated by a comma";
    QTest::addRow("tsv, no group on line 2")
        << "Ann\tA\nBo\nCy\tC" << none
        << "line 2: no group: write the name, then its group, separated by a tab";
    QTest::addRow("blank lines still counted")
        << "Ann,A\n\n\n,B" << none << "line 4: the name is empty";
    QTest::addRow("empty group") << "Ann,A\nBo, " << none << "line 2: the group is empty";
    QTest::addRow("unclosed quote")
        << "Ann,A\n\"Bo,B" << none << "line 2: a quoted cell is not closed (a \" is missing)";
    QTest::addRow("too many cells")
        << "Ann,A\nBo,B,extra" << none
        << "line 2: 3 cells, but only 2 columns are known (name, group)";
    QTest::addRow("too many cells with fields")
        << "Ann,A,she,x" << QStringList{QStringLiteral("pronoun")}
        << "line 1: 4 cells, but only 3 columns are known (name, group, pronoun)";
    QTest::addRow("unknown header column")
        << "name,group,age\nAnn,A,30" << QStringList{QStringLiteral("pronoun")}
        << "line 1: column \"age\" is not one of the document's fields {pronoun}";
    QTest::addRow("header column without fields")
        << "name,group,age\nAnn,A,30" << none
        << "line 1: column \"age\": the document has no {placeholder} besides {name}, so only "
           "name and group are read";
    QTest::addRow("nothing") << "\n\n" << none << "no names: write one name a line, with its group";
}

void TestNameListText::refusesBadLists()
{
    QFETCH(QString, text);
    QFETCH(QStringList, fields);
    QFETCH(QString, error);
    const NameListImport read = NameListText::parse(text, fields);
    QVERIFY(!read.ok());
    QCOMPARE(read.error, error);
    QVERIFY(read.names.isEmpty()); // nothing of a bad list is kept
}

void TestNameListText::readsAFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("names.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("name,group\n\"Zo\xC3\xAB Ng\",A\nBo,B\n");
    f.close();
    const NameListImport read = NameListText::readFile(path, {});
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.names.size(), 2);
    QCOMPARE(read.names.at(0).name, QStringLiteral("Zo\u00EB Ng"));
}

void TestNameListText::fileProblemsNameTheFile_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");
    QTest::addRow("bad line") << QByteArray("Ann,A\nBo\n")
                              << "names.csv: line 2: no group: "
                                 "write the name, then its group, "
                                 "separated by a comma";
    QTest::addRow("not utf-8") << QByteArray("Ann,A\n\xFF\xFE,B\n")
                               << "names.csv: not UTF-8 text; save the list as UTF-8 CSV";
}

void TestNameListText::fileProblemsNameTheFile()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("names.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    f.close();
    const NameListImport read = NameListText::readFile(path, {});
    QCOMPARE(read.error, error);
    QVERIFY(read.names.isEmpty());
    QVERIFY(NameListText::readFile(dir.filePath(QStringLiteral("absent.csv")), {})
                .error.startsWith(QStringLiteral("absent.csv: cannot open the file")));
}

QTEST_GUILESS_MAIN(TestNameListText)
#include "tst_namelisttext.moc"
