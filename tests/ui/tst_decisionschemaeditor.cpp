#include "NameSetViews.h"
#include "nameset/DecisionSchemaEditor.h"
#include "nameset/DecisionValueModel.h"
#include "nameset/NameSetPrompt.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace pb;

// The decision schema: the closed set and its favourable values, the score range (refused
// when the lowest is not below the highest), structured output, and core's schema shown.
class TestDecisionSchemaEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void showsCoresSchema();
    void favourableMarks_data();
    void favourableMarks();
    void renameKeepsTheMark();
    void scoreRange_data();
    void scoreRange();
    void structuredOutput();
    void addAndRemoveDecisions();
    void setDocumentNeverEmits();
    void screenshots();

private:
    NameSetDocument m_doc;
    std::unique_ptr<DecisionSchemaEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestDecisionSchemaEditor::init()
{
    m_doc = test::resumeScreening();
    m_editor = std::make_unique<DecisionSchemaEditor>();
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_editor->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_editor->setDocument(m_doc);
}

void TestDecisionSchemaEditor::cleanup()
{
    m_tester.reset();
    m_editor.reset();
}

void TestDecisionSchemaEditor::showsCoresSchema()
{
    QCOMPARE(m_editor->model()->rowCount(), 3);
    QCOMPARE(m_editor->model()->index(0, DecisionValueModel::ValueColumn).data().toString(),
             QStringLiteral("advance"));
    QCOMPARE(m_editor->model()
                 ->index(0, DecisionValueModel::FavourableColumn)
                 .data(Qt::CheckStateRole)
                 .toInt(),
             int(Qt::Checked));
    QCOMPARE(m_editor->minimumBox()->value(), 1.0);
    QCOMPARE(m_editor->maximumBox()->value(), 10.0);
    QVERIFY(m_editor->structuredOutputBox()->isChecked());
    QCOMPARE(QJsonDocument::fromJson(m_editor->schemaText().toUtf8()).object(),
             NameSetPrompt::schema(m_doc));
}

void TestDecisionSchemaEditor::favourableMarks_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<bool>("on");
    QTest::addColumn<QStringList>("favourable");
    QTest::addRow("hold too") << 1 << true
                              << QStringList{QStringLiteral("advance"), QStringLiteral("hold")};
    QTest::addRow("advance off") << 0 << false << QStringList{};
    QTest::addRow("advance on again") << 0 << true << QStringList{QStringLiteral("advance")};
}

void TestDecisionSchemaEditor::favourableMarks()
{
    QFETCH(int, row);
    QFETCH(bool, on);
    QFETCH(QStringList, favourable);
    QSignalSpy spy(m_editor.get(), &DecisionSchemaEditor::edited);
    QVERIFY(m_editor->model()->setData(
        m_editor->model()->index(row, DecisionValueModel::FavourableColumn),
        on ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole));
    const bool changes = favourable != m_doc.decisions.favourable;
    QCOMPARE(spy.count(), changes ? 1 : 0);
    if (changes) {
        NameSetDocument expected = m_doc;
        expected.decisions.favourable = favourable;
        QCOMPARE(spy.at(0).at(0).value<NameSetDocument>(), expected);
    }
}

void TestDecisionSchemaEditor::renameKeepsTheMark()
{
    QSignalSpy spy(m_editor.get(), &DecisionSchemaEditor::edited);
    QVERIFY(m_editor->model()->setData(m_editor->model()->index(0, DecisionValueModel::ValueColumn),
                                       QStringLiteral("interview")));
    QCOMPARE(spy.count(), 1);
    const auto doc = spy.at(0).at(0).value<NameSetDocument>();
    QCOMPARE(doc.decisions.values.first(), QStringLiteral("interview"));
    QCOMPARE(doc.decisions.favourable, QStringList{QStringLiteral("interview")});
    // The schema sent follows the document.
    QVERIFY(m_editor->schemaText().contains(QStringLiteral("\"interview\"")));
}

void TestDecisionSchemaEditor::scoreRange_data()
{
    QTest::addColumn<bool>("editMinimum");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("taken");
    QTest::addRow("minimum 0") << true << 0.0 << true;
    QTest::addRow("maximum 100") << false << 100.0 << true;
    QTest::addRow("minimum equal to maximum") << true << 10.0 << false;
    QTest::addRow("minimum above maximum") << true << 12.0 << false;
    QTest::addRow("maximum below minimum") << false << 0.5 << false;
    QTest::addRow("unchanged") << false << 10.0 << true;
}

void TestDecisionSchemaEditor::scoreRange()
{
    QFETCH(bool, editMinimum);
    QFETCH(double, value);
    QFETCH(bool, taken);
    QSignalSpy spy(m_editor.get(), &DecisionSchemaEditor::edited);
    QDoubleSpinBox* box = editMinimum ? m_editor->minimumBox() : m_editor->maximumBox();
    box->setValue(value);
    const double before = editMinimum ? m_doc.score.min : m_doc.score.max;
    if (!taken) {
        QCOMPARE(spy.count(), 0);
        QVERIFY(m_editor->rangeError().contains(QStringLiteral("must be below the highest")));
        QCOMPARE(box->value(), before); // the box goes back
        QCOMPARE(m_editor->document(), m_doc);
        return;
    }
    QVERIFY(m_editor->rangeError().isEmpty());
    QCOMPARE(spy.count(), value == before ? 0 : 1);
    if (value != before) {
        NameSetDocument expected = m_doc;
        (editMinimum ? expected.score.min : expected.score.max) = value;
        QCOMPARE(spy.at(0).at(0).value<NameSetDocument>(), expected);
        QCOMPARE(QJsonDocument::fromJson(m_editor->schemaText().toUtf8()).object(),
                 NameSetPrompt::schema(expected));
    }
}

void TestDecisionSchemaEditor::structuredOutput()
{
    QSignalSpy spy(m_editor.get(), &DecisionSchemaEditor::edited);
    m_editor->structuredOutputBox()->click();
    QCOMPARE(spy.count(), 1);
    QVERIFY(!spy.at(0).at(0).value<NameSetDocument>().structuredOutput);
    m_editor->structuredOutputBox()->click();
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).value<NameSetDocument>(), m_doc);
}

void TestDecisionSchemaEditor::addAndRemoveDecisions()
{
    QSignalSpy spy(m_editor.get(), &DecisionSchemaEditor::edited);
    m_editor->addDecision();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<NameSetDocument>().decisions.values.size(), 4);
    m_editor->table()->setCurrentIndex(m_editor->model()->index(0, 0));
    m_editor->removeDecision();
    QCOMPARE(spy.count(), 2);
    const DecisionSet after = spy.at(1).at(0).value<NameSetDocument>().decisions;
    QVERIFY(!after.values.contains(QStringLiteral("advance")));
    QVERIFY(after.favourable.isEmpty()); // the mark goes with its value
}

void TestDecisionSchemaEditor::setDocumentNeverEmits()
{
    QSignalSpy spy(m_editor.get(), &DecisionSchemaEditor::edited);
    NameSetDocument other = m_doc;
    other.score = {0, 100};
    other.structuredOutput = false;
    m_editor->setDocument(other);
    m_editor->setDocument(m_doc);
    QCOMPARE(spy.count(), 0);
}

void TestDecisionSchemaEditor::screenshots()
{
    test::screenshot(m_editor.get(), QStringLiteral("schema"));
}

QTEST_MAIN(TestDecisionSchemaEditor)
#include "tst_decisionschemaeditor.moc"
