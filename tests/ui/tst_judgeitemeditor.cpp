#include "ExampleJudgeProbe.h"
#include "TestPaths.h"
#include "judge/DeservedVerdictDelegate.h"
#include "judge/GenerateVariantsDialog.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeItemListModel.h"
#include "judge/JudgeProbeReader.h"
#include "judge/JudgeVariantModel.h"
#include "judge/RubricCriteriaModel.h"
#include "judge/RubricEditor.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

using namespace pb;

namespace {

QPlainTextEdit* textEdit(QWidget* parent, const QString& accessibleName)
{
    for (QPlainTextEdit* edit : parent->findChildren<QPlainTextEdit*>()) {
        if (edit->accessibleName() == accessibleName)
            return edit;
    }
    return nullptr;
}

const QStringList kPads{QStringLiteral("This essay was reviewed by three professors."),
                        QStringLiteral("The author has won several writing awards."),
                        QStringLiteral("Great care went into every sentence.")};

} // namespace

class TestJudgeItemEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void showsTheLibraryItems();
    void setDeservedThroughTheModel_data();
    void setDeservedThroughTheModel();
    void baseVerdictCarriesToSameVariants();
    void copyBaseVerdicts();
    void opposedVariantShowsHint();
    void variantTextHighlightsTheChange();
    void editBaseAnswerFollowsIntoPadding();
    void addAndRemoveItems();
    void pairwiseItem();
    void renameItemRenamesStability();
    void standaloneModelsPassTester();
    void readerProblemsAreShown();
    void keyboardAddsAndRemoves();
    void verdictDelegateOffersTheChoices();
    void readOnlyWhileRunning();
    void controlsHaveNamesAndTips();
    void grabPictures();

private:
    JudgeProbeDocument m_doc;
    std::unique_ptr<JudgeItemEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_listTester;
    std::unique_ptr<QAbstractItemModelTester> m_variantTester;
};

void TestJudgeItemEditor::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-judgeitemeditor"));
    QSettings().clear(); // splitter sizes and generator entries from earlier runs
    m_doc = test::exampleJudgeProbe();
    QCOMPARE(m_doc.items.size(), 3);
}

void TestJudgeItemEditor::init()
{
    m_editor = std::make_unique<JudgeItemEditor>();
    m_listTester = std::make_unique<QAbstractItemModelTester>(
        m_editor->itemModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_variantTester = std::make_unique<QAbstractItemModelTester>(
        m_editor->variantModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_editor->resize(1200, 800);
    m_editor->setDocument(m_doc);
}

void TestJudgeItemEditor::cleanup()
{
    m_variantTester.reset();
    m_listTester.reset();
    m_editor.reset();
}

void TestJudgeItemEditor::showsTheLibraryItems()
{
    JudgeItemListModel* items = m_editor->itemModel();
    QCOMPARE(items->rowCount(), 3);
    QCOMPARE(items->index(0, JudgeItemListModel::IdColumn).data().toString(),
             QStringLiteral("s01"));
    QCOMPARE(items->index(0, JudgeItemListModel::KindColumn).data().toString(),
             QStringLiteral("single"));
    QCOMPARE(items->index(0, JudgeItemListModel::VariantsColumn).data().toInt(), 1);
    QCOMPARE(items->index(0, JudgeItemListModel::PropertiesColumn).data().toString(),
             QStringLiteral("padding"));

    // The first item is selected; its base and its padded variant are shown.
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("s01"));
    JudgeVariantModel* variants = m_editor->variantModel();
    QCOMPARE(variants->rowCount(), 2);
    QCOMPARE(variants->columnCount(), JudgeVariantModel::FixedColumnCount + 3);
    QCOMPARE(variants->index(1, JudgeVariantModel::IdColumn).data().toString(),
             QStringLiteral("padded"));
    QCOMPARE(variants->index(1, JudgeVariantModel::ShapeColumn).data().toString(),
             QStringLiteral("same"));
    QCOMPARE(variants->headerData(variants->criterionColumn(1), Qt::Horizontal).toString(),
             QStringLiteral("Directness"));
    for (int row : {0, 1}) {
        QCOMPARE(variants->index(row, variants->criterionColumn(0)).data().toString(),
                 QStringLiteral("3"));
        QCOMPARE(variants->index(row, variants->criterionColumn(1)).data().toString(),
                 QStringLiteral("4"));
        QVERIFY(variants->index(row, variants->criterionColumn(1))
                    .data(JudgeVariantModel::HintRole)
                    .toString()
                    .isEmpty());
    }
    QCOMPARE(variants->index(1, variants->criterionColumn(0))
                 .data(JudgeVariantModel::ChoicesRole)
                 .toStringList(),
             (QStringList{QString(), QStringLiteral("4"), QStringLiteral("3"), QStringLiteral("2"),
                          QStringLiteral("1")}));
    QCOMPARE(textEdit(m_editor.get(), QStringLiteral("Answer"))->toPlainText(),
             m_doc.items.at(0).base.answer);
}

void TestJudgeItemEditor::setDeservedThroughTheModel_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<int>("expected"); // -1: no construction
    QTest::addRow("variant level 2") << 1 << "2" << true << 2;
    QTest::addRow("variant cleared") << 1 << "" << true << -1;
    QTest::addRow("level 5") << 1 << "5" << false << 4;
    QTest::addRow("pass on a levels rubric") << 1 << "pass" << false << 4;
    QTest::addRow("base level 1") << 0 << "1" << true << 1;
}

void TestJudgeItemEditor::setDeservedThroughTheModel()
{
    QFETCH(int, row);
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    QFETCH(int, expected);

    QSignalSpy spy(m_editor.get(), &JudgeItemEditor::edited);
    JudgeVariantModel* model = m_editor->variantModel();
    const QModelIndex cell = model->index(row, model->criterionColumn(1)); // directness
    QCOMPARE(model->setData(cell, text), accepted);
    QCOMPARE(spy.count(), accepted ? 1 : 0);
    const JudgeProbeDocument doc =
        accepted ? spy.at(0).at(0).value<JudgeProbeDocument>() : m_editor->document();
    const JudgeVariant& v = row == 0 ? doc.items.at(0).base : doc.items.at(0).variants.at(row - 1);
    if (expected < 0)
        QVERIFY(!v.deserved.contains(QStringLiteral("directness")));
    else
        QCOMPARE(v.deserved.value(QStringLiteral("directness")), expected);
    QCOMPARE(cell.data().toString(), expected < 0 ? QString() : QString::number(expected));
    // Nothing else moved.
    QCOMPARE(doc.items.mid(1), m_doc.items.mid(1));
    QCOMPARE(doc.rubric, m_doc.rubric);
}

void TestJudgeItemEditor::baseVerdictCarriesToSameVariants()
{
    m_editor->selectItem(QStringLiteral("s02"));
    JudgeVariantModel* model = m_editor->variantModel();
    QCOMPARE(model->item().id, QStringLiteral("s02"));
    QVERIFY(model->setData(model->index(0, model->criterionColumn(2)), QStringLiteral("3")));
    const JudgeItem* s02 = m_editor->document().item(QStringLiteral("s02"));
    QCOMPARE(s02->base.deserved.value(QStringLiteral("counterargument")), 3);
    // The padded variant is "same": it deserves what its base deserves.
    QCOMPARE(s02->variants.at(0).deserved.value(QStringLiteral("counterargument")), 3);
    QVERIFY(model->index(1, model->criterionColumn(2))
                .data(JudgeVariantModel::HintRole)
                .toString()
                .isEmpty());
}

void TestJudgeItemEditor::copyBaseVerdicts()
{
    JudgeVariantModel* model = m_editor->variantModel();
    QVERIFY(model->setData(model->index(1, model->criterionColumn(0)), QStringLiteral("1")));
    const QModelIndex off = model->index(1, model->criterionColumn(0));
    QVERIFY(off.data(JudgeVariantModel::HintRole).toString().contains(QStringLiteral("same")));
    QVERIFY(off.data(Qt::BackgroundRole).isValid());
    m_editor->selectVariant(QStringLiteral("padded"));
    QAction* copy = nullptr;
    for (QAction* a : m_editor->editActions()) {
        if (a->text().contains(QStringLiteral("Copy base")))
            copy = a;
    }
    QVERIFY(copy && copy->isEnabled());
    QVERIFY(m_editor->shapeHint()->isVisibleTo(m_editor.get()));
    copy->trigger();
    const JudgeItem& s01 = m_editor->document().items.at(0);
    QCOMPARE(s01.variants.at(0).deserved, s01.base.deserved);
    QVERIFY(off.data(JudgeVariantModel::HintRole).toString().isEmpty());
    QVERIFY(!copy->isEnabled());
    QCOMPARE(m_editor->document(), m_doc);
}

void TestJudgeItemEditor::opposedVariantShowsHint()
{
    m_editor->selectItem(QStringLiteral("s03"));
    m_editor->addVariant();
    JudgeVariantModel* model = m_editor->variantModel();
    QCOMPARE(model->rowCount(), 3);
    const int row = 2;
    QCOMPARE(m_editor->currentVariantId(), model->variantAt(row).id);
    QVERIFY(!m_editor->shapeHint()->isVisibleTo(m_editor.get()));
    QVERIFY(model->setData(model->index(row, JudgeVariantModel::ShapeColumn),
                           QStringLiteral("opposed")));
    QCOMPARE(m_editor->document().items.at(2).variants.at(1).shape, PairShape::Opposed);
    QVERIFY(m_editor->shapeHint()->isVisibleTo(m_editor.get()));
    QVERIFY(m_editor->shapeHint()->text().contains(QStringLiteral("differ")));
    // On a levels rubric the copied verdicts now equal the base's: each is flagged.
    for (int c = 0; c < 3; ++c)
        QVERIFY(model->index(row, model->criterionColumn(c))
                    .data(JudgeVariantModel::HintRole)
                    .toString()
                    .contains(QStringLiteral("opposed")));
    QVERIFY(model->setData(model->index(row, model->criterionColumn(1)), QStringLiteral("4")));
    QVERIFY(model->index(row, model->criterionColumn(1))
                .data(JudgeVariantModel::HintRole)
                .toString()
                .isEmpty());
    // Back to "same": the base's verdicts.
    QVERIFY(
        model->setData(model->index(row, JudgeVariantModel::ShapeColumn), QStringLiteral("same")));
    const JudgeItem& s03 = m_editor->document().items.at(2);
    QCOMPARE(s03.variants.at(1).deserved, s03.base.deserved);
}

void TestJudgeItemEditor::variantTextHighlightsTheChange()
{
    m_editor->selectVariant(QStringLiteral("padded"));
    const QString html = m_editor->variantView()->toHtml();
    // The pad's words are marked, the base's words are not.
    QVERIFY(m_editor->variantView()->toPlainText().contains(QStringLiteral("knowledgeable")));
    const QString css = m_editor->variantView()->document()->defaultStyleSheet();
    QVERIFY(css.contains(QStringLiteral(".changed")));
    QTextCursor cursor(m_editor->variantView()->document());
    const QString plain = m_editor->variantView()->toPlainText();
    const auto backgroundAt = [&](const QString& word) {
        cursor.setPosition(int(plain.indexOf(word)) + 1);
        return cursor.charFormat().background().style() != Qt::NoBrush;
    };
    QVERIFY(backgroundAt(QStringLiteral("knowledgeable")));
    QVERIFY(!backgroundAt(QStringLiteral("Seventy-one")));
    m_editor->selectVariant(QStringLiteral("base"));
    QVERIFY(m_editor->variantView()->toPlainText().contains(QStringLiteral("Seventy-one")));
    QVERIFY(!m_editor->variantView()->toPlainText().contains(QStringLiteral("knowledgeable")));
    Q_UNUSED(html);
}

void TestJudgeItemEditor::editBaseAnswerFollowsIntoPadding()
{
    QSignalSpy spy(m_editor.get(), &JudgeItemEditor::edited);
    QPlainTextEdit* answer = textEdit(m_editor.get(), QStringLiteral("Answer"));
    QVERIFY(answer);
    answer->setPlainText(QStringLiteral("Open late."));
    QCOMPARE(spy.count(), 1);
    const JudgeItem& s01 = m_editor->document().items.at(0);
    QCOMPARE(s01.base.answer, QStringLiteral("Open late."));
    QVERIFY(s01.variants.at(0).answer.startsWith(QStringLiteral("Open late. This essay was")));
    QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("Edit answer of s01"));
}

void TestJudgeItemEditor::addAndRemoveItems()
{
    QSignalSpy spy(m_editor.get(), &JudgeItemEditor::edited);
    m_editor->selectItem(QStringLiteral("s02"));
    m_editor->addItem();
    QCOMPARE(m_editor->document().items.size(), 4);
    QCOMPARE(m_editor->document().items.at(2).id, QStringLiteral("item-4"));
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("item-4"));
    QCOMPARE(m_editor->variantModel()->rowCount(), 1);
    m_editor->removeItem();
    QCOMPARE(m_editor->document(), m_doc);
    m_editor->selectItem(QStringLiteral("s02"));
    m_editor->removeItem();
    QCOMPARE(m_editor->document().items.size(), 2);
    // s02 was the stability check's item: it goes from there too.
    QVERIFY(m_editor->document().stability.itemIds.isEmpty());
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("s03"));
    QCOMPARE(spy.count(), 3);
}

void TestJudgeItemEditor::pairwiseItem()
{
    m_editor->addPairwiseItem();
    const int row = 1;
    QCOMPARE(m_editor->currentItemId(), QStringLiteral("pair-4"));
    QVERIFY(m_editor->document().items.at(row).pairwise);
    QCOMPARE(m_editor->itemModel()->index(row, JudgeItemListModel::KindColumn).data().toString(),
             QStringLiteral("pairwise"));
    QPlainTextEdit* first = textEdit(m_editor.get(), QStringLiteral("First answer"));
    QPlainTextEdit* second = textEdit(m_editor.get(), QStringLiteral("Second answer"));
    QVERIFY(first && second && second->isVisibleTo(m_editor.get()));
    first->setPlainText(QStringLiteral("Open Settings > Billing."));
    second->setPlainText(QStringLiteral("Try the Payments page."));
    JudgeVariantModel* model = m_editor->variantModel();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(1, JudgeVariantModel::PropertyColumn).data().toString(),
             QStringLiteral("position"));
    QCOMPARE(model->index(0, model->criterionColumn(0))
                 .data(JudgeVariantModel::ChoicesRole)
                 .toStringList(),
             (QStringList{QString(), QStringLiteral("first"), QStringLiteral("second")}));
    QVERIFY(model->setData(model->index(0, model->criterionColumn(0)), QStringLiteral("first")));
    // The swapped order mirrors the base: same answers, same better answer, not editable.
    const JudgeItem& item = m_editor->document().items.at(row);
    QCOMPARE(item.base.first, QStringLiteral("Open Settings > Billing."));
    QCOMPARE(item.variants.at(0).first, item.base.first);
    QCOMPARE(item.variants.at(0).second, item.base.second);
    QVERIFY(item.variants.at(0).swapped);
    QCOMPARE(item.variants.at(0).deserved.value(QStringLiteral("claims_cited")), 0);
    QVERIFY(!(model->flags(model->index(1, model->criterionColumn(0))) & Qt::ItemIsEditable));
    QVERIFY(!model->setData(model->index(1, model->criterionColumn(0)), QStringLiteral("second")));
    // Pairwise items take no other variants.
    const int before = model->rowCount();
    m_editor->addVariant();
    QCOMPARE(model->rowCount(), before);
    // The swapped order shows the second answer as Response A.
    m_editor->selectVariant(QStringLiteral("swapped"));
    const QString shown = m_editor->variantView()->toPlainText();
    QVERIFY(shown.indexOf(QStringLiteral("Payments")) < shown.indexOf(QStringLiteral("Billing")));
}

void TestJudgeItemEditor::renameItemRenamesStability()
{
    JudgeItemListModel* items = m_editor->itemModel();
    QVERIFY(!items->setData(items->index(1, JudgeItemListModel::IdColumn), QStringLiteral("s01")));
    QVERIFY(!items->setData(items->index(1, JudgeItemListModel::IdColumn), QStringLiteral(" ")));
    QVERIFY(items->setData(items->index(1, JudgeItemListModel::IdColumn), QStringLiteral("late")));
    QCOMPARE(m_editor->document().items.at(1).id, QStringLiteral("late"));
    QCOMPARE(m_editor->document().stability.itemIds, QStringList{QStringLiteral("late")});
}

void TestJudgeItemEditor::standaloneModelsPassTester()
{
    JudgeVariantModel variants;
    QAbstractItemModelTester vt(&variants, QAbstractItemModelTester::FailureReportingMode::QtTest);
    variants.setItem(m_doc.items.at(0), m_doc.rubric);
    JudgeItem more = m_doc.items.at(0);
    more.variants << more.variants.first();
    more.variants.last().id = QStringLiteral("copy");
    variants.setItem(more, m_doc.rubric);
    QCOMPARE(variants.rowCount(), 3);
    QVERIFY(
        variants.setData(variants.index(2, JudgeVariantModel::IdColumn), QStringLiteral("copy-2")));
    QVERIFY(
        !variants.setData(variants.index(2, JudgeVariantModel::IdColumn), QStringLiteral("base")));
    QVERIFY(!variants.setData(variants.index(2, JudgeVariantModel::IdColumn),
                              QStringLiteral("padded")));
    QVERIFY(!variants.setData(variants.index(2, JudgeVariantModel::PropertyColumn),
                              QStringLiteral("position")));
    Rubric fewer = m_doc.rubric;
    fewer.criteria.removeLast();
    variants.setItem(more, fewer);
    QCOMPARE(variants.columnCount(), JudgeVariantModel::FixedColumnCount + 2);
    variants.clear();
    QCOMPARE(variants.rowCount(), 0);

    JudgeItemListModel items;
    QAbstractItemModelTester it(&items, QAbstractItemModelTester::FailureReportingMode::QtTest);
    items.setItems(m_doc.items);
    items.setItems(m_doc.items.mid(1));
    QList<JudgeItem> renamed = m_doc.items.mid(1);
    renamed[0].id = QStringLiteral("x");
    items.setItems(renamed);
    QCOMPARE(items.index(0, 0).data().toString(), QStringLiteral("x"));
    items.setItems({});
}

void TestJudgeItemEditor::readerProblemsAreShown()
{
    m_editor->checkItems();
    QVERIFY2(m_editor->problems().isEmpty(), qPrintable(m_editor->problems().value(0).message));
    m_editor->selectItem(QStringLiteral("s01"));
    m_editor->addItem();
    m_editor->checkItems();
    bool emptyAnswer = false;
    for (const ProbeProblem& p : m_editor->problems())
        emptyAnswer = emptyAnswer || (p.path == QStringLiteral("items[1].answer") && p.isError());
    QVERIFY(emptyAnswer);
    QVERIFY(!m_editor->itemModel()
                 ->index(1, JudgeItemListModel::IdColumn)
                 .data(JudgeItemListModel::ProblemRole)
                 .toString()
                 .isEmpty());
    QVERIFY(m_editor->itemModel()
                ->index(0, JudgeItemListModel::IdColumn)
                .data(JudgeItemListModel::ProblemRole)
                .toString()
                .isEmpty());
    // Filling the answer in clears the error (a warning that it has no variants stays).
    textEdit(m_editor.get(), QStringLiteral("Answer"))->setPlainText(QStringLiteral("Yes."));
    m_editor->checkItems();
    for (const ProbeProblem& p : m_editor->problems())
        QVERIFY2(!p.isError(), qPrintable(p.path + p.message));
    // The problem list is filled on its own shortly after a change.
    m_editor->removeItem();
    QTRY_VERIFY(m_editor->problems().isEmpty());
}

void TestJudgeItemEditor::keyboardAddsAndRemoves()
{
    m_editor->show();
    QVERIFY(QTest::qWaitForWindowActive(m_editor.get()));
    QTableView* items = m_editor->itemTable();
    items->setFocus();
    QTRY_VERIFY(items->hasFocus());
    QTest::keyClick(items, Qt::Key_Insert);
    QCOMPARE(m_editor->document().items.size(), 4);
    items->setFocus();
    QTest::keyClick(items, Qt::Key_Delete);
    QCOMPARE(m_editor->document(), m_doc);

    QTableView* variants = m_editor->variantTable();
    m_editor->selectItem(QStringLiteral("s03"));
    variants->setFocus();
    QTest::keyClick(variants, Qt::Key_Insert);
    QCOMPARE(m_editor->document().items.at(2).variants.size(), 2);
    QCOMPARE(m_editor->currentVariantId(), QStringLiteral("polish"));
    variants->setFocus();
    QTest::keyClick(variants, Qt::Key_Delete);
    QCOMPARE(m_editor->document(), m_doc);
    // Delete on the base row removes nothing.
    m_editor->selectVariant(QStringLiteral("base"));
    variants->setFocus();
    QTest::keyClick(variants, Qt::Key_Delete);
    QCOMPARE(m_editor->document(), m_doc);
    // Ctrl+Return adds an item from anywhere in the editor.
    QTest::keyClick(variants, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(m_editor->document().items.size(), 4);
}

void TestJudgeItemEditor::verdictDelegateOffersTheChoices()
{
    JudgeVariantModel* model = m_editor->variantModel();
    DeservedVerdictDelegate delegate;
    QWidget parent;
    const QModelIndex cell = model->index(1, model->criterionColumn(2));
    std::unique_ptr<QWidget> editor(delegate.createEditor(&parent, {}, cell));
    auto* combo = qobject_cast<QComboBox*>(editor.get());
    QVERIFY(combo);
    QCOMPARE(combo->count(), 5);
    QCOMPARE(combo->itemText(0), QStringLiteral("(no construction)"));
    delegate.setEditorData(combo, cell);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("4"));
    combo->setCurrentIndex(combo->findData(QStringLiteral("2")));
    delegate.setModelData(combo, model, cell);
    QCOMPARE(m_editor->document().items.at(0).variants.at(0).deserved.value(
                 QStringLiteral("counterargument")),
             2);
    // Cells without choices get the usual editor.
    std::unique_ptr<QWidget> plain(
        delegate.createEditor(&parent, {}, model->index(1, JudgeVariantModel::IdColumn)));
    QVERIFY(!qobject_cast<QComboBox*>(plain.get()));
}

void TestJudgeItemEditor::readOnlyWhileRunning()
{
    m_editor->setReadOnly(true);
    for (QAction* a : m_editor->editActions())
        QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
    JudgeVariantModel* model = m_editor->variantModel();
    QVERIFY(!model->setData(model->index(0, model->criterionColumn(0)), QStringLiteral("1")));
    QVERIFY(
        !m_editor->itemModel()->setData(m_editor->itemModel()->index(0, 0), QStringLiteral("x")));
    m_editor->addItem();
    QVERIFY(textEdit(m_editor.get(), QStringLiteral("Answer"))->isReadOnly());
    QCOMPARE(m_editor->document(), m_doc);
    m_editor->setReadOnly(false);
    QVERIFY(model->setData(model->index(0, model->criterionColumn(0)), QStringLiteral("1")));
}

void TestJudgeItemEditor::controlsHaveNamesAndTips()
{
    for (QAction* a : m_editor->editActions()) {
        QVERIFY2(!a->toolTip().isEmpty(), qPrintable(a->text()));
        QVERIFY2(!a->shortcut().isEmpty(), qPrintable(a->text()));
    }
    for (QPlainTextEdit* e : m_editor->findChildren<QPlainTextEdit*>())
        QVERIFY(!e->accessibleName().isEmpty() && !e->toolTip().isEmpty());
    JudgeVariantModel* model = m_editor->variantModel();
    for (int c = 0; c < model->columnCount(); ++c)
        QVERIFY(!model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    // The three terms are explained in one sentence each.
    QVERIFY(model->index(1, model->criterionColumn(0))
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("by construction")));
    QVERIFY(model->index(1, JudgeVariantModel::ShapeColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("Same:")));
}

// Grabs both editors on the shipped example to PNG when PB_SHOT_DIR names a folder, so a
// person can look at them.
void TestJudgeItemEditor::grabPictures()
{
    const QString dir = qEnvironmentVariable("PB_SHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set PB_SHOT_DIR to write the pictures");
    QDir().mkpath(dir);
    QTabWidget tabs;
    auto* rubric = new RubricEditor;
    rubric->setDocument(m_doc);
    tabs.addTab(rubric, QStringLiteral("Rubric"));
    auto* items = new JudgeItemEditor;
    items->setDocument(m_doc);
    tabs.addTab(items, QStringLiteral("Items"));
    tabs.resize(1280, 800);
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    QTest::qWait(300);
    QVERIFY(tabs.grab().save(dir + QStringLiteral("/judge-rubric.png")));

    tabs.setCurrentIndex(1);
    items->selectItem(QStringLiteral("s02"));
    items->selectVariant(QStringLiteral("padded"));
    QTest::qWait(300);
    QVERIFY(tabs.grab().save(dir + QStringLiteral("/judge-items.png")));

    // An opposed variant with a hint, and a problem in the rubric.
    items->addVariant();
    items->variantModel()->setData(items->variantModel()->index(2, JudgeVariantModel::ShapeColumn),
                                   QStringLiteral("opposed"));
    items->variantModel()->setData(
        items->variantModel()->index(2, items->variantModel()->criterionColumn(1)),
        QStringLiteral("4"));
    QTest::qWait(300);
    QVERIFY(tabs.grab().save(dir + QStringLiteral("/judge-items-opposed.png")));

    items->addPairwiseItem();
    textEdit(items, QStringLiteral("First answer"))
        ->setPlainText(QStringLiteral("Open Settings > Billing > Invoices and press Download."));
    textEdit(items, QStringLiteral("Second answer"))
        ->setPlainText(QStringLiteral("Try the Payments page."));
    items->variantModel()->setData(
        items->variantModel()->index(0, items->variantModel()->criterionColumn(0)),
        QStringLiteral("first"));
    items->selectVariant(QStringLiteral("swapped"));
    QTest::qWait(300);
    QVERIFY(tabs.grab().save(dir + QStringLiteral("/judge-items-pairwise.png")));

    tabs.setCurrentIndex(0);
    rubric->model()->setData(rubric->model()->index(0, RubricCriteriaModel::WeightColumn), 35);
    rubric->model()->setData(rubric->model()->index(1, RubricCriteriaModel::Level2Column),
                             QString());
    QTest::qWait(300);
    QVERIFY(tabs.grab().save(dir + QStringLiteral("/judge-rubric-problems.png")));
    auto* scale = rubric->findChild<QComboBox*>();
    scale->setCurrentIndex(1);
    Q_EMIT scale->activated(1);
    QTest::qWait(300);
    QVERIFY(tabs.grab().save(dir + QStringLiteral("/judge-rubric-passfail.png")));

    GenerateVariantsDialog dialog(GenerateVariantsDialog::Kind::Padding, m_doc.items.at(0).base);
    dialog.setEntries(kPads);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.grab().save(dir + QStringLiteral("/judge-generate.png")));
}

QTEST_MAIN(TestJudgeItemEditor)
#include "tst_judgeitemeditor.moc"
