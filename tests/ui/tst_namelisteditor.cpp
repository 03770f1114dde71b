#include "NameSetViews.h"
#include "nameset/NameListEditor.h"
#include "nameset/NameListModel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace pb;

namespace {

NameSetDocument small()
{
    NameSetDocument doc = test::resumeScreening();
    doc.document = QStringLiteral("{name} ({pronoun}) applies.");
    doc.names = {{QStringLiteral("Ann"),
                  QStringLiteral("A"),
                  {{QStringLiteral("pronoun"), QStringLiteral("she")}}},
                 {QStringLiteral("Bo"),
                  QStringLiteral("B"),
                  {{QStringLiteral("pronoun"), QStringLiteral("he")}}}};
    return doc;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path;
}

} // namespace

// The names editor: cells, rows, paste and import, the per-group counts with core's
// warning, repeated names; one edited per change, none without one.
class TestNameListEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void showsTheExample();
    void editCell_data();
    void editCell();
    void addAndRemove();
    void keyboardRemovesAndPastes();
    void import_data();
    void import();
    void pasteAppends_data();
    void pasteAppends();
    void duplicatesAreFlagged();
    void warningFollowsTheCounts_data();
    void warningFollowsTheCounts();
    void setDocumentNeverEmits();
    void screenshots();

private:
    std::unique_ptr<NameListEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestNameListEditor::init()
{
    m_editor = std::make_unique<NameListEditor>();
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_editor->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_editor->resize(900, 600);
    m_editor->setDocument(small());
}

void TestNameListEditor::cleanup()
{
    m_tester.reset();
    m_editor.reset();
}

void TestNameListEditor::showsTheExample()
{
    m_editor->setDocument(test::resumeScreening());
    NameListModel* model = m_editor->model();
    QCOMPARE(model->rowCount(), 32);
    QCOMPARE(model->columnCount(), 2); // the example's document uses {name} only
    QCOMPARE(model->index(16, NameListModel::NameColumn).data().toString(),
             QStringLiteral("Lakisha Washington"));
    QCOMPARE(model->index(16, NameListModel::GroupColumn).data().toString(),
             QStringLiteral("Black-associated, female"));
    QCOMPARE(m_editor->groupCountText(),
             QStringLiteral("Names per group: white-associated, female: 8 · white-associated, "
                            "male: 8 · Black-associated, female: 8 · Black-associated, male: 8"));
    // Core's own sentence, for the list before any reply.
    QVERIFY(m_editor->warningText().startsWith(
        QStringLiteral("Fewer than 30 names in white-associated, female (8), white-associated, "
                       "male (8), Black-associated, female (8), Black-associated, male (8)")));
    QVERIFY(m_editor->duplicateText().isEmpty());
}

void TestNameListEditor::editCell_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("changes");
    QTest::addRow("rename") << 0 << int(NameListModel::NameColumn) << "Anna" << true;
    QTest::addRow("regroup") << 1 << int(NameListModel::GroupColumn) << "A" << true;
    QTest::addRow("field") << 1 << int(NameListModel::FirstFieldColumn) << "they" << true;
    QTest::addRow("same name") << 0 << int(NameListModel::NameColumn) << "Ann" << false;
    QTest::addRow("same after trimming") << 0 << int(NameListModel::NameColumn) << " Ann " << false;
}

void TestNameListEditor::editCell()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, text);
    QFETCH(bool, changes);
    QSignalSpy spy(m_editor.get(), &NameListEditor::edited);
    QVERIFY(m_editor->model()->setData(m_editor->model()->index(row, column), text));
    QCOMPARE(spy.count(), changes ? 1 : 0);
    if (!changes)
        return;
    NameSetDocument expected = small();
    NameEntry& e = expected.names[row];
    if (column == NameListModel::NameColumn)
        e.name = text;
    else if (column == NameListModel::GroupColumn)
        e.group = text;
    else
        e.fields[QStringLiteral("pronoun")] = text;
    QCOMPARE(spy.at(0).at(0).value<NameSetDocument>(), expected);
    QVERIFY(!spy.at(0).at(1).toString().isEmpty());
    QCOMPARE(m_editor->document(), expected);
}

void TestNameListEditor::addAndRemove()
{
    QSignalSpy spy(m_editor.get(), &NameListEditor::edited);
    m_editor->table()->setCurrentIndex(m_editor->model()->index(0, 0));
    m_editor->addName();
    QCOMPARE(spy.count(), 1);
    const auto added = spy.at(0).at(0).value<NameSetDocument>();
    QCOMPARE(added.names.size(), 3);
    QCOMPARE(added.names.at(1).group, QStringLiteral("A")); // in the selected name's group
    QVERIFY(added.names.at(1).fields.contains(QStringLiteral("pronoun")));
    m_editor->table()->setCurrentIndex(m_editor->model()->index(2, 0));
    m_editor->table()->selectionModel()->select(m_editor->model()->index(2, 0),
                                                QItemSelectionModel::ClearAndSelect);
    m_editor->removeNames();
    QCOMPARE(spy.count(), 2);
    const auto removed = spy.at(1).at(0).value<NameSetDocument>();
    QCOMPARE(removed.names.size(), 2);
    QCOMPARE(removed.names.at(0).name, QStringLiteral("Ann"));
    QCOMPARE(removed.names.at(1).name, QString());
    QCOMPARE(spy.at(1).at(1).toString(), QStringLiteral("Remove Bo"));
}

void TestNameListEditor::keyboardRemovesAndPastes()
{
    m_editor->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_editor.get()));
    QSignalSpy spy(m_editor.get(), &NameListEditor::edited);
    QTableView* table = m_editor->table();
    table->setFocus();
    table->setCurrentIndex(m_editor->model()->index(0, 0));
    table->selectionModel()->select(m_editor->model()->index(0, 0),
                                    QItemSelectionModel::ClearAndSelect);
    QTest::keyClick(table, Qt::Key_Delete);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<NameSetDocument>().names.size(), 1);
    QGuiApplication::clipboard()->setText(QStringLiteral("Cy\tA\tthey\nDee\tB\tshe\n"));
    QTest::keyClick(table, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(spy.count(), 2);
    const auto pasted = spy.at(1).at(0).value<NameSetDocument>();
    QCOMPARE(pasted.names.size(), 3);
    QCOMPARE(pasted.names.at(2).fields.value(QStringLiteral("pronoun")), QStringLiteral("she"));
}

void TestNameListEditor::import_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("names");     // after a good import
    QTest::addColumn<QString>("error"); // empty for a good import
    QTest::addRow("csv with header")
        << "names.csv" << QByteArray("name,group,pronoun\nCy,C,they\n\"Dee, Jr\",\"D, x\",he\n")
        << 2 << QString();
    QTest::addRow("tsv without header")
        << "names.tsv" << QByteArray("Cy\tC\tthey\nDee\tD\the\nEd\tC\the") << 3 << QString();
    QTest::addRow("csv, bad line 3")
        << "bad.csv" << QByteArray("name,group\nCy,C\nDee\n") << 0
        << "bad.csv: line 3: no group: write the name, then its group, separated by a comma";
    QTest::addRow("tsv, bad line 2") << "bad.tsv" << QByteArray("Cy\tC\tthey\nDee\t\the\n") << 0
                                     << "bad.tsv: line 2: the group is empty";
}

void TestNameListEditor::import()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, bytes);
    QFETCH(int, names);
    QFETCH(QString, error);
    QTemporaryDir dir;
    QSignalSpy spy(m_editor.get(), &NameListEditor::edited);
    const bool ok = m_editor->importFile(writeFile(dir, file, bytes));
    QCOMPARE(ok, error.isEmpty());
    QCOMPARE(m_editor->importError(), error);
    if (!ok) {
        QCOMPARE(spy.count(), 0);
        QCOMPARE(m_editor->document(), small()); // nothing imported
        QCOMPARE(m_editor->model()->rowCount(), 2);
        return;
    }
    QCOMPARE(spy.count(), 1);
    const auto doc = spy.at(0).at(0).value<NameSetDocument>();
    QCOMPARE(doc.names.size(), names); // the file's names replace the list
    QCOMPARE(doc.names.at(0).name, QStringLiteral("Cy"));
    QCOMPARE(doc.names.at(0).fields.value(QStringLiteral("pronoun")), QStringLiteral("they"));
    QVERIFY(spy.at(0).at(1).toString().contains(file));
}

void TestNameListEditor::pasteAppends_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("names");
    QTest::addColumn<QString>("error");
    QTest::addRow("csv") << "Cy,C,they" << 3 << QString();
    QTest::addRow("header only") << "name,group" << 2
                                 << "the pasted list, no names: write one name a line, with its "
                                    "group";
    QTest::addRow("bad second line") << "Cy,C\nDee" << 2
                                     << "the pasted list, line 2: no group: write the name, "
                                        "then its group, separated by a comma";
}

void TestNameListEditor::pasteAppends()
{
    QFETCH(QString, text);
    QFETCH(int, names);
    QFETCH(QString, error);
    QSignalSpy spy(m_editor.get(), &NameListEditor::edited);
    QCOMPARE(m_editor->pasteText(text), error.isEmpty());
    QCOMPARE(m_editor->importError(), error);
    QCOMPARE(spy.count(), error.isEmpty() ? 1 : 0);
    QCOMPARE(m_editor->document().names.size(), names);
}

void TestNameListEditor::duplicatesAreFlagged()
{
    NameListModel* model = m_editor->model();
    QVERIFY(model->setData(model->index(1, NameListModel::NameColumn), QStringLiteral("Ann")));
    QVERIFY(model->index(0, 0).data(NameListModel::DuplicateRole).toBool());
    QVERIFY(model->index(1, 0).data(NameListModel::DuplicateRole).toBool());
    QVERIFY(model->index(0, 0).data(Qt::BackgroundRole).isValid());
    QVERIFY(
        model->index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("2 times")));
    QCOMPARE(m_editor->duplicateText(),
             QStringLiteral("Listed more than once (keep each name once): Ann"));
    QVERIFY(model->setData(model->index(1, NameListModel::NameColumn), QStringLiteral("Bo")));
    QVERIFY(!model->index(0, 0).data(NameListModel::DuplicateRole).toBool());
    QVERIFY(m_editor->duplicateText().isEmpty());
}

void TestNameListEditor::warningFollowsTheCounts_data()
{
    QTest::addColumn<int>("perGroup");
    QTest::addColumn<bool>("warn");
    QTest::addRow("29 a group") << 29 << true;
    QTest::addRow("30 a group") << 30 << false;
}

void TestNameListEditor::warningFollowsTheCounts()
{
    QFETCH(int, perGroup);
    QFETCH(bool, warn);
    NameSetDocument doc = small();
    doc.names.clear();
    for (const QString& g : {QStringLiteral("A"), QStringLiteral("B")}) {
        for (int i = 0; i < perGroup; ++i)
            doc.names << NameEntry{g + QString::number(i), g, {{QStringLiteral("pronoun"), {}}}};
    }
    m_editor->setDocument(doc);
    QCOMPARE(!m_editor->warningText().isEmpty(), warn);
    QCOMPARE(m_editor->groupCountText(),
             QStringLiteral("Names per group: A: %1 · B: %1").arg(perGroup));
}

void TestNameListEditor::setDocumentNeverEmits()
{
    QSignalSpy spy(m_editor.get(), &NameListEditor::edited);
    m_editor->setDocument(test::resumeScreening());
    m_editor->setDocument(small());
    QCOMPARE(spy.count(), 0);
}

void TestNameListEditor::screenshots()
{
    m_editor->setDocument(test::resumeScreening());
    test::screenshot(m_editor.get(), QStringLiteral("names"));
}

QTEST_MAIN(TestNameListEditor)
#include "tst_namelisteditor.moc"
