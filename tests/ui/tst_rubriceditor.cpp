#include "TestPaths.h"
#include "judge/JudgeProbeReader.h"
#include "judge/RubricCriteriaModel.h"
#include "judge/RubricEditor.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace pb;

namespace {

JudgeProbeDocument libraryPadding()
{
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(
        test::sourceDir() + QStringLiteral("/resources/examples/library-padding.judge.json"));
    if (!loaded.ok())
        qFatal("library-padding does not load: %s", qPrintable(loaded.text()));
    return *loaded.document;
}

bool anyProblemContains(const QList<ProbeProblem>& problems, const QString& path,
                        const QString& text)
{
    for (const ProbeProblem& p : problems) {
        if (p.path == path && p.message.contains(text))
            return true;
    }
    return false;
}

} // namespace

class TestRubricEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void showsTheLibraryRubric();
    void editWeight_data();
    void editWeight();
    void invalidEditIsEmittedAndFlagged();
    void addAndRemoveCriteria();
    void keyboardAddsRemovesAndMoves();
    void renameCarriesDeservedVerdicts();
    void changeScale();
    void titleAndArtifactType();
    void setDocumentKeepsSelection();
    void setDocumentOfOldRestoresView();
    void problemPathsNameCells_data();
    void problemPathsNameCells();
    void standaloneModelPassesTester();
    void readOnlyWhileRunning();
    void controlsHaveNamesAndTips();

private:
    JudgeProbeDocument m_doc;
    std::unique_ptr<RubricEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestRubricEditor::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-rubriceditor"));
    m_doc = libraryPadding();
    QCOMPARE(m_doc.rubric.criteria.size(), 3);
}

void TestRubricEditor::init()
{
    m_editor = std::make_unique<RubricEditor>();
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_editor->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_editor->resize(1000, 600);
    m_editor->setDocument(m_doc);
}

void TestRubricEditor::cleanup()
{
    m_tester.reset();
    m_editor.reset();
}

void TestRubricEditor::showsTheLibraryRubric()
{
    RubricCriteriaModel* model = m_editor->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->index(0, RubricCriteriaModel::IdColumn).data().toString(),
             QStringLiteral("claims_cited"));
    QCOMPARE(model->index(1, RubricCriteriaModel::NameColumn).data().toString(),
             QStringLiteral("Directness"));
    QCOMPARE(model->index(0, RubricCriteriaModel::WeightColumn).data().toString(),
             QStringLiteral("40"));
    QCOMPARE(model->index(0, RubricCriteriaModel::Level3Column).data().toString(),
             QStringLiteral("Two claims carry a source in parentheses."));
    // A levels rubric: descriptors shown, the pass/fail description hidden.
    QVERIFY(m_editor->table()->isColumnHidden(RubricCriteriaModel::DescriptionColumn));
    QVERIFY(!m_editor->table()->isColumnHidden(RubricCriteriaModel::Level1Column));
    QCOMPARE(m_editor->weightSumText(), QStringLiteral("Weights sum to 100."));
    QVERIFY(m_editor->problems().isEmpty());
    QCOMPARE(m_editor->findChild<QLineEdit*>()->text(), m_doc.rubric.title);
}

void TestRubricEditor::editWeight_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("weight");
    QTest::addColumn<QString>("sumText");
    QTest::addColumn<QString>("problem"); // empty: none expected

    QTest::addRow("lower to 35") << 0 << 35 << QStringLiteral("Weights sum to 95, need 100.")
                                 << QStringLiteral("the weights sum to 95, not 100");
    QTest::addRow("raise to 45") << 2 << 45 << QStringLiteral("Weights sum to 115, need 100.")
                                 << QStringLiteral("the weights sum to 115, not 100");
    QTest::addRow("over 100") << 1 << 120 << QStringLiteral("Weights sum to 190, need 100.")
                              << QStringLiteral("must be 0 to 100");
    QTest::addRow("unchanged sum") << 1 << 30 << QStringLiteral("Weights sum to 100.") << QString();
}

void TestRubricEditor::editWeight()
{
    QFETCH(int, row);
    QFETCH(int, weight);
    QFETCH(QString, sumText);
    QFETCH(QString, problem);

    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    RubricCriteriaModel* model = m_editor->model();
    const QModelIndex cell = model->index(row, RubricCriteriaModel::WeightColumn);
    const bool changes = m_doc.rubric.criteria.at(row).weight != weight;
    QVERIFY(model->setData(cell, weight));
    QCOMPARE(spy.count(), changes ? 1 : 0);
    if (changes) {
        const auto doc = spy.at(0).at(0).value<JudgeProbeDocument>();
        QCOMPARE(doc.rubric.criteria.at(row).weight, double(weight));
        QCOMPARE(doc.items, m_doc.items); // the rest of the document travels along
        QVERIFY(spy.at(0).at(1).toString().contains(m_doc.rubric.criteria.at(row).id));
    }
    QCOMPARE(m_editor->weightSumText(), sumText);
    if (problem.isEmpty()) {
        QVERIFY(m_editor->problems().isEmpty());
        return;
    }
    bool found = false;
    for (const ProbeProblem& p : m_editor->problems())
        found = found || p.message.contains(problem);
    QVERIFY2(found, qPrintable(problem));
    // An out-of-range weight is shown on its own cell.
    if (weight > 100)
        QVERIFY(!cell.data(RubricCriteriaModel::ProblemRole).toString().isEmpty());
}

void TestRubricEditor::invalidEditIsEmittedAndFlagged()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    RubricCriteriaModel* model = m_editor->model();
    const QModelIndex level3 = model->index(1, RubricCriteriaModel::Level3Column);
    QVERIFY(level3.data(RubricCriteriaModel::ProblemRole).toString().isEmpty());
    QVERIFY(!level3.data(Qt::BackgroundRole).isValid());
    QVERIFY(model->setData(level3, QString()));
    QCOMPARE(spy.count(), 1);
    const auto doc = spy.at(0).at(0).value<JudgeProbeDocument>();
    QVERIFY(!doc.rubric.criteria.at(1).levels.contains(3));
    QVERIFY(anyProblemContains(m_editor->problems(), QStringLiteral("criteria[1].levels[\"3\"]"),
                               QStringLiteral("missing")));
    QVERIFY(level3.data(RubricCriteriaModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("missing")));
    QVERIFY(level3.data(Qt::BackgroundRole).isValid());
    QVERIFY(level3.data(Qt::ToolTipRole).toString().contains(QStringLiteral("missing")));
    // Other cells stay clean.
    QVERIFY(model->index(1, RubricCriteriaModel::Level2Column)
                .data(RubricCriteriaModel::ProblemRole)
                .toString()
                .isEmpty());
}

void TestRubricEditor::addAndRemoveCriteria()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    m_editor->selectCriterion(QStringLiteral("directness"));
    m_editor->addCriterion();
    QCOMPARE(spy.count(), 1);
    auto doc = spy.last().at(0).value<JudgeProbeDocument>();
    QCOMPARE(doc.rubric.criteria.size(), 4);
    QCOMPARE(doc.rubric.criteria.at(2).id, QStringLiteral("C4")); // after the selected one
    QCOMPARE(m_editor->currentCriterionId(), QStringLiteral("C4"));
    QCOMPARE(m_editor->model()->rowCount(), 4);
    // A new criterion is incomplete: the reader's messages name its cells.
    QVERIFY(anyProblemContains(m_editor->problems(), QStringLiteral("criteria[2].name"),
                               QStringLiteral("is empty")));
    QVERIFY(!m_editor->model()
                 ->index(2, RubricCriteriaModel::Level4Column)
                 .data(RubricCriteriaModel::ProblemRole)
                 .toString()
                 .isEmpty());

    m_editor->removeCriterion();
    QCOMPARE(spy.count(), 2);
    doc = spy.last().at(0).value<JudgeProbeDocument>();
    QCOMPARE(doc.rubric, m_doc.rubric);
    QCOMPARE(doc.items, m_doc.items);
    QVERIFY(m_editor->problems().isEmpty());

    // Removing a real criterion takes its deserved verdicts with it.
    m_editor->selectCriterion(QStringLiteral("directness"));
    m_editor->removeCriterion();
    doc = spy.last().at(0).value<JudgeProbeDocument>();
    QCOMPARE(doc.rubric.ids(),
             (QStringList{QStringLiteral("claims_cited"), QStringLiteral("counterargument")}));
    for (const JudgeItem& item : doc.items) {
        for (const JudgeVariant& v : item.all()) {
            QVERIFY(!v.deserved.contains(QStringLiteral("directness")));
            QCOMPARE(v.deserved.size(), 2);
        }
    }
    QCOMPARE(m_editor->weightSumText(), QStringLiteral("Weights sum to 70, need 100."));
}

void TestRubricEditor::keyboardAddsRemovesAndMoves()
{
    m_editor->show();
    QVERIFY(QTest::qWaitForWindowActive(m_editor.get()));
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    QTableView* table = m_editor->table();
    m_editor->selectCriterion(QStringLiteral("claims_cited"));
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());

    QTest::keyClick(table, Qt::Key_Down, Qt::ControlModifier);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_editor->document().rubric.ids(),
             (QStringList{QStringLiteral("directness"), QStringLiteral("claims_cited"),
                          QStringLiteral("counterargument")}));
    QCOMPARE(m_editor->currentCriterionId(), QStringLiteral("claims_cited"));
    // A move keeps every deserved verdict where it was.
    QCOMPARE(m_editor->document().items, m_doc.items);
    QTest::keyClick(table, Qt::Key_Up, Qt::ControlModifier);
    QCOMPARE(m_editor->document().rubric, m_doc.rubric);

    table->setFocus();
    QTest::keyClick(table, Qt::Key_Insert);
    QCOMPARE(m_editor->model()->rowCount(), 4);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    QCOMPARE(m_editor->model()->rowCount(), 3);
    QCOMPARE(m_editor->document().rubric, m_doc.rubric);
    QCOMPARE(spy.count(), 4);
}

void TestRubricEditor::renameCarriesDeservedVerdicts()
{
    RubricCriteriaModel* model = m_editor->model();
    QVERIFY(
        model->setData(model->index(1, RubricCriteriaModel::IdColumn), QStringLiteral("direct")));
    const JudgeProbeDocument& doc = m_editor->document();
    QCOMPARE(doc.rubric.criteria.at(1).id, QStringLiteral("direct"));
    const JudgeItem* s02 = doc.item(QStringLiteral("s02"));
    QVERIFY(s02);
    QCOMPARE(s02->base.deserved.value(QStringLiteral("direct")), 2);
    QVERIFY(!s02->base.deserved.contains(QStringLiteral("directness")));
    QCOMPARE(s02->variants.at(0).deserved.value(QStringLiteral("direct")), 2);

    // Renaming onto another criterion's id is flagged and moves no verdict onto it.
    QVERIFY(model->setData(model->index(1, RubricCriteriaModel::IdColumn),
                           QStringLiteral("claims_cited")));
    QCOMPARE(m_editor->document()
                 .item(QStringLiteral("s02"))
                 ->base.deserved.value(QStringLiteral("claims_cited")),
             1);
    QVERIFY(anyProblemContains(m_editor->problems(), QStringLiteral("criteria[1].id"),
                               QStringLiteral("claims_cited")));
}

void TestRubricEditor::changeScale()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    auto* scale = m_editor->findChild<QComboBox*>();
    QVERIFY(scale);
    QCOMPARE(scale->accessibleName(), QStringLiteral("Rubric scale"));
    const int passFail = scale->findData(int(RubricScale::PassFail));
    QVERIFY(passFail >= 0);
    scale->setCurrentIndex(passFail);
    Q_EMIT scale->activated(passFail);
    QCOMPARE(spy.count(), 1);
    const auto doc = spy.at(0).at(0).value<JudgeProbeDocument>();
    QCOMPARE(doc.rubric.scale, RubricScale::PassFail);
    QCOMPARE(doc.constructionCeiling(), 0); // level verdicts do not translate to pass/fail
    QVERIFY(!m_editor->table()->isColumnHidden(RubricCriteriaModel::DescriptionColumn));
    QVERIFY(m_editor->table()->isColumnHidden(RubricCriteriaModel::Level4Column));
    // Pass/fail needs a description per criterion, and has no levels.
    QVERIFY(anyProblemContains(m_editor->problems(), QStringLiteral("criteria[0].description"),
                               QStringLiteral("is empty")));
    QVERIFY(!m_editor->model()
                 ->index(0, RubricCriteriaModel::DescriptionColumn)
                 .data(RubricCriteriaModel::ProblemRole)
                 .toString()
                 .isEmpty());
    // Filling in the descriptions makes it valid.
    for (int r = 0; r < 3; ++r)
        QVERIFY(m_editor->model()->setData(
            m_editor->model()->index(r, RubricCriteriaModel::DescriptionColumn),
            QStringLiteral("Does thing %1.").arg(r)));
    QVERIFY2(m_editor->problems().isEmpty(), qPrintable(m_editor->problems().value(0).path +
                                                        m_editor->problems().value(0).message));
}

void TestRubricEditor::titleAndArtifactType()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    const QList<QLineEdit*> lines = m_editor->findChildren<QLineEdit*>();
    QLineEdit* title = nullptr;
    QLineEdit* type = nullptr;
    for (QLineEdit* line : lines) {
        if (line->accessibleName() == QStringLiteral("Rubric title"))
            title = line;
        if (line->accessibleName() == QStringLiteral("Artifact type"))
            type = line;
    }
    QVERIFY(title && type);
    QCOMPARE(type->text(), QStringLiteral("persuasive_paragraph"));
    title->selectAll();
    QTest::keyClicks(title, QStringLiteral("Hours"));
    QCOMPARE(spy.last().at(0).value<JudgeProbeDocument>().rubric.title, QStringLiteral("Hours"));
    QCOMPARE(spy.last().at(1).toString(), QStringLiteral("Edit rubric title"));
    type->selectAll();
    QTest::keyClicks(type, QStringLiteral("essay"));
    QCOMPARE(m_editor->document().rubric.artifactType, QStringLiteral("essay"));
    QCOMPARE(m_editor->document().rubric.title, QStringLiteral("Hours"));
}

void TestRubricEditor::setDocumentKeepsSelection()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    m_editor->table()->setCurrentIndex(
        m_editor->model()->index(2, RubricCriteriaModel::Level2Column));
    QCOMPARE(m_editor->currentCriterionId(), QStringLiteral("counterargument"));

    JudgeProbeDocument changed = m_doc;
    changed.rubric.criteria[0].weight = 50;
    m_editor->setDocument(changed);
    QCOMPARE(m_editor->currentCriterionId(), QStringLiteral("counterargument"));
    QCOMPARE(m_editor->table()->currentIndex().column(), int(RubricCriteriaModel::Level2Column));
    QCOMPARE(m_editor->weightSumText(), QStringLiteral("Weights sum to 110, need 100."));

    // The row moves when a criterion before it goes; the selection follows the criterion.
    changed.rubric.criteria.removeAt(0);
    m_editor->setDocument(changed);
    QCOMPARE(m_editor->table()->currentIndex().row(), 1);
    QCOMPARE(m_editor->currentCriterionId(), QStringLiteral("counterargument"));
    QCOMPARE(spy.count(), 0); // setDocument never re-emits
}

void TestRubricEditor::setDocumentOfOldRestoresView()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    RubricCriteriaModel* model = m_editor->model();
    QVERIFY(model->setData(model->index(0, RubricCriteriaModel::WeightColumn), 10));
    QVERIFY(model->setData(model->index(0, RubricCriteriaModel::NameColumn), QString()));
    QCOMPARE(spy.count(), 2);
    QVERIFY(!m_editor->problems().isEmpty());
    // The owner undoes by handing back the old document.
    m_editor->setDocument(m_doc);
    QCOMPARE(model->rubric(), m_doc.rubric);
    QCOMPARE(model->index(0, RubricCriteriaModel::WeightColumn).data().toString(),
             QStringLiteral("40"));
    QCOMPARE(model->index(0, RubricCriteriaModel::NameColumn).data().toString(),
             QStringLiteral("Claims cited"));
    QCOMPARE(m_editor->weightSumText(), QStringLiteral("Weights sum to 100."));
    QVERIFY(m_editor->problems().isEmpty());
    QVERIFY(model->index(0, RubricCriteriaModel::NameColumn)
                .data(RubricCriteriaModel::ProblemRole)
                .toString()
                .isEmpty());
    QCOMPARE(spy.count(), 2);
}

void TestRubricEditor::problemPathsNameCells_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addRow("weight") << "criteria[2].weight" << 2 << int(RubricCriteriaModel::WeightColumn);
    QTest::addRow("quoted level") << "criteria[1].levels[\"3\"]" << 1
                                  << int(RubricCriteriaModel::Level3Column);
    QTest::addRow("plain level") << "criteria[0].levels.1" << 0
                                 << int(RubricCriteriaModel::Level1Column);
    QTest::addRow("prefixed id") << "rubric.criteria[4].id" << 4
                                 << int(RubricCriteriaModel::IdColumn);
    QTest::addRow("whole criterion") << "criteria[3]" << 3 << -1;
    QTest::addRow("not a criterion") << "criteria" << -2 << -2;
    QTest::addRow("title") << "title" << -2 << -2;
}

void TestRubricEditor::problemPathsNameCells()
{
    QFETCH(QString, path);
    QFETCH(int, row);
    QFETCH(int, column);
    const auto cell = RubricCriteriaModel::cellOfPath(path);
    if (row == -2) {
        QVERIFY(!cell);
        return;
    }
    QVERIFY(cell);
    QCOMPARE(cell->row, row);
    QCOMPARE(cell->column, column);
}

void TestRubricEditor::standaloneModelPassesTester()
{
    RubricCriteriaModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRubric(m_doc.rubric);
    Rubric fewer = m_doc.rubric;
    fewer.criteria.removeLast();
    model.setRubric(fewer);
    model.setRubric(m_doc.rubric);
    model.setProblems({ProbeProblem::error(QStringLiteral("criteria[1].weight"),
                                           QStringLiteral("must be 0 to 100"))});
    QVERIFY(!model.index(1, RubricCriteriaModel::WeightColumn)
                 .data(RubricCriteriaModel::ProblemRole)
                 .toString()
                 .isEmpty());
    QVERIFY(model.setData(model.index(2, RubricCriteriaModel::Level4Column), QStringLiteral("x")));
    QCOMPARE(model.rubric().criteria.at(2).levels.value(4), QStringLiteral("x"));
    Rubric passFail = m_doc.rubric;
    passFail.scale = RubricScale::PassFail;
    model.setRubric(passFail);
    QVERIFY(!(model.flags(model.index(0, RubricCriteriaModel::Level4Column)) & Qt::ItemIsEditable));
    QVERIFY(model.flags(model.index(0, RubricCriteriaModel::DescriptionColumn)) &
            Qt::ItemIsEditable);
    model.setRubric(Rubric());
    QCOMPARE(model.rowCount(), 0);
}

void TestRubricEditor::readOnlyWhileRunning()
{
    QSignalSpy spy(m_editor.get(), &RubricEditor::edited);
    m_editor->setReadOnly(true);
    m_editor->selectCriterion(QStringLiteral("directness"));
    for (QAction* a : m_editor->editActions())
        QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
    m_editor->addCriterion();
    m_editor->removeCriterion();
    m_editor->moveDown();
    QVERIFY(m_editor->model()->setData(
        m_editor->model()->index(0, RubricCriteriaModel::WeightColumn), 10));
    QCOMPARE(m_editor->model()->rubric(), m_doc.rubric);
    QCOMPARE(spy.count(), 0);
    QCOMPARE(m_editor->table()->editTriggers(), QAbstractItemView::NoEditTriggers);
    m_editor->setReadOnly(false);
    QVERIFY(m_editor->editActions().at(1)->isEnabled());
}

void TestRubricEditor::controlsHaveNamesAndTips()
{
    for (QAction* a : m_editor->editActions()) {
        QVERIFY2(!a->toolTip().isEmpty(), qPrintable(a->text()));
        QVERIFY2(!a->shortcut().isEmpty(), qPrintable(a->text()));
    }
    QVERIFY(!m_editor->table()->accessibleName().isEmpty());
    for (QWidget* w : m_editor->findChildren<QLineEdit*>())
        QVERIFY(!w->accessibleName().isEmpty() && !w->toolTip().isEmpty());
    for (int c = 0; c < RubricCriteriaModel::ColumnCount; ++c)
        QVERIFY(!m_editor->model()
                     ->headerData(c, Qt::Horizontal, Qt::ToolTipRole)
                     .toString()
                     .isEmpty());
}

QTEST_MAIN(TestRubricEditor)
#include "tst_rubriceditor.moc"
