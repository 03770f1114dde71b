// The judge item editor handed a new document by its owner (a refresh, or an undo giving back
// an older one): it keeps the item, the variant and the cell in view and reports no edit.
#include "ExampleJudgeProbe.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeItemListModel.h"
#include "judge/JudgeVariantModel.h"

#include <QAbstractItemModelTester>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace pb;

class TestJudgeItemEditorDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void setDocumentKeepsSelection();
    void setDocumentOfOldRestoresView();

private:
    JudgeProbeDocument m_doc;
    std::unique_ptr<JudgeItemEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_variantTester;
};

void TestJudgeItemEditorDocument::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(
        QStringLiteral("probebench-test-judgeitemeditordocument"));
    QSettings().clear(); // splitter sizes from earlier runs
    m_doc = test::exampleJudgeProbe();
    QCOMPARE(m_doc.items.size(), 3);
}

void TestJudgeItemEditorDocument::init()
{
    m_editor = std::make_unique<JudgeItemEditor>();
    m_variantTester = std::make_unique<QAbstractItemModelTester>(
        m_editor->variantModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_editor->resize(1200, 800);
    m_editor->setDocument(m_doc);
}

void TestJudgeItemEditorDocument::cleanup()
{
    m_variantTester.reset();
    m_editor.reset();
}

void TestJudgeItemEditorDocument::setDocumentKeepsSelection()
{
    QSignalSpy spy(m_editor.get(), &JudgeItemEditor::edited);
    m_editor->selectItem(QStringLiteral("s02"));
    m_editor->selectVariant(QStringLiteral("padded"));
    m_editor->variantTable()->setCurrentIndex(
        m_editor->variantModel()->index(1, m_editor->variantModel()->criterionColumn(2)));

    JudgeProbeDocument changed = m_doc;
    changed.items[1].base.deserved[QStringLiteral("claims_cited")] = 2;
    m_editor->setDocument(changed);
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("s02"));
    QCOMPARE(m_editor->currentVariantId(), QStringLiteral("padded"));
    QCOMPARE(m_editor->variantTable()->currentIndex().column(),
             m_editor->variantModel()->criterionColumn(2));
    QCOMPARE(m_editor->variantModel()
                 ->index(0, m_editor->variantModel()->criterionColumn(0))
                 .data()
                 .toString(),
             QStringLiteral("2"));

    changed.items.removeFirst();
    m_editor->setDocument(changed);
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("s02"));
    QCOMPARE(m_editor->currentVariantId(), QStringLiteral("padded"));
    QCOMPARE(spy.count(), 0);
}

void TestJudgeItemEditorDocument::setDocumentOfOldRestoresView()
{
    QSignalSpy spy(m_editor.get(), &JudgeItemEditor::edited);
    m_editor->selectItem(QStringLiteral("s02"));
    m_editor->selectVariant(QStringLiteral("padded"));
    m_editor->removeVariant();
    QCOMPARE(spy.count(), 1);
    const auto after = spy.at(0).at(0).value<JudgeProbeDocument>();
    QVERIFY(after.items.at(1).variants.isEmpty());
    QCOMPARE(after.items.at(0), m_doc.items.at(0));
    QCOMPARE(after.rubric, m_doc.rubric);
    QCOMPARE(after.judges, m_doc.judges);
    QCOMPARE(m_editor->variantModel()->rowCount(), 1);

    m_editor->setDocument(m_doc); // what the owner's undo hands back
    QCOMPARE(m_editor->document(), m_doc);
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("s02"));
    QCOMPARE(m_editor->variantModel()->rowCount(), 2);
    QCOMPARE(m_editor->itemModel()->index(1, JudgeItemListModel::VariantsColumn).data().toInt(), 1);
    QCOMPARE(spy.count(), 1);
}

QTEST_MAIN(TestJudgeItemEditorDocument)
#include "tst_judgeitemeditordocument.moc"
