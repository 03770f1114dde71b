#include "FakeModelServer.h"
#include "design/ItemInspector.h"
#include "design/MetricPanel.h"
#include "design/PairEditor.h"
#include "design/PairTableModel.h"
#include "design/SettingsPanel.h"
#include "pages/DesignPage.h"
#include "project/ProbeProject.h"
#include "widgets/NoticeBanner.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

const QString kNoneDropped = QStringLiteral("casual drops 'None': this pair is not matched");

} // namespace

class TestDesign : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void tutorialHasNoWarnings();
    void editPairShowsFactWarning();
    void editThroughTheViewsEditor();
    void undoRedoAnEdit();
    void pasteTabSeparatedRows();
    void pasteSingleCellReplacesIt();
    void pasteRejectsTooManyCells();
    void rowOperations();
    void idsStayUnique();
    void csvExportImportRoundTrip();
    void markedFactsColumn();
    void renamingAValueRenamesItsColumn();
    void settingsEditTheDocument();
    void invalidSeedsAreShownNotApplied();
    void metricPreviewFollowsTheKind();
    void readOnlyWhileRunning();
    void connectionTestAndModelList();
    void controlsHaveNamesAndTips();

private:
    std::unique_ptr<ProbeProject> m_project;
    std::unique_ptr<DesignPage> m_page;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestDesign::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-design"));
}

void TestDesign::init()
{
    m_project = std::make_unique<ProbeProject>();
    QString error;
    QVERIFY2(m_project->newFromExample(&error), qPrintable(error));
    m_page = std::make_unique<DesignPage>(m_project.get());
    m_page->resize(1200, 800);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_page->pairModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestDesign::cleanup()
{
    m_tester.reset();
    m_page.reset();
    m_project.reset();
}

void TestDesign::tutorialHasNoWarnings()
{
    PairTableModel* model = m_page->pairModel();
    QCOMPARE(model->rowCount(), 8);
    QCOMPARE(model->columnCount(), 5); // id, formal, casual, facts, note
    for (int r = 0; r < model->rowCount(); ++r) {
        QVERIFY(model->index(r, 0).data(PairTableModel::MatchedRole).toBool());
        QVERIFY(model->index(r, 0).data(Qt::DecorationRole).isNull());
    }
    QVERIFY(!m_page->isLocked());
    QVERIFY(m_page->lockBanner()->isHidden());
}

void TestDesign::editPairShowsFactWarning()
{
    PairTableModel* model = m_page->pairModel();
    const QModelIndex casual = model->index(1, model->valueColumn(1));
    QVERIFY(model->setData(
        casual, QStringLiteral(
                    "my function gives nothing instead of the total?? what should i check first")));
    QCOMPARE(m_project->document().items.at(1).variants.value(QStringLiteral("casual")),
             QStringLiteral(
                 "my function gives nothing instead of the total?? what should i check first"));
    QVERIFY(!model->index(1, 0).data(PairTableModel::MatchedRole).toBool());
    QVERIFY(!model->index(1, 0).data(Qt::DecorationRole).isNull()); // the warning icon in the row
    QVERIFY(model->index(1, 0).data(Qt::ToolTipRole).toString().contains(kNoneDropped));
    QVERIFY(model->index(0, 0).data(PairTableModel::MatchedRole).toBool()); // other rows untouched

    m_page->pairTable()->setCurrentIndex(casual);
    QCOMPARE(m_page->pairEditor()->inspector()->row(), 1);
    QVERIFY(m_page->pairEditor()->inspector()->messages().contains(kNoneDropped));
    // Length is a second difference, and it is shown with the warning.
    QVERIFY(m_page->pairEditor()->inspector()->messages().last().startsWith(
        QStringLiteral("casual is")));

    // The changed words are marked for the delegate: "gives" and "nothing" in casual.
    const auto spans = casual.data(PairTableModel::DiffSpansRole).value<QList<DiffSpan>>();
    const QString text = casual.data().toString();
    QStringList changed;
    for (const DiffSpan& s : spans) {
        if (s.kind == DiffSpan::Kind::Changed) {
            changed << text.mid(s.start, s.length);
        }
    }
    QCOMPARE(changed, (QStringList{QStringLiteral("gives"), QStringLiteral("nothing")}));
}

void TestDesign::editThroughTheViewsEditor()
{
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    QTableView* view = m_page->pairTable();
    PairTableModel* model = m_page->pairModel();
    const QModelIndex cell = model->index(2, model->valueColumn(1));
    view->setCurrentIndex(cell);
    view->edit(cell);
    auto* editor = view->findChild<QLineEdit*>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("getting an error reading the dictionary"));
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(m_project->document().items.at(2).variants.value(QStringLiteral("casual")),
                 QStringLiteral("getting an error reading the dictionary"));
    QVERIFY(model->index(2, 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("casual drops 'KeyError': this pair is not matched")));
}

void TestDesign::undoRedoAnEdit()
{
    PairTableModel* model = m_page->pairModel();
    const QString before =
        m_project->document().items.at(1).variants.value(QStringLiteral("casual"));
    QVERIFY(model->setData(model->index(1, model->valueColumn(1)), QStringLiteral("changed text")));
    QVERIFY(!model->index(1, 0).data(PairTableModel::MatchedRole).toBool());
    QUndoStack* undo = m_project->undoStack();
    QVERIFY(undo->canUndo());
    QCOMPARE(undo->undoText(), QStringLiteral("Edit item 1 (casual)"));
    undo->undo();
    QCOMPARE(m_project->document().items.at(1).variants.value(QStringLiteral("casual")), before);
    QCOMPARE(model->index(1, model->valueColumn(1)).data().toString(), before);
    QVERIFY(model->index(1, 0).data(PairTableModel::MatchedRole).toBool());
    undo->redo();
    QCOMPARE(model->index(1, model->valueColumn(1)).data().toString(),
             QStringLiteral("changed text"));
}

void TestDesign::pasteTabSeparatedRows()
{
    PairTableModel* model = m_page->pairModel();
    m_page->pairTable()->setCurrentIndex(model->index(3, 1));
    QSignalSpy inserted(model, &QAbstractItemModel::modelReset);
    QVERIFY(m_page->pairEditor()->pasteRows(
        QStringLiteral("Why does line 12 fail?\twhy does line 12 fail\n"
                       "My loop never stops.\tloop never stops lol\n")));
    QCOMPARE(model->rowCount(), 10);
    QCOMPARE(m_project->document().items.at(4).variants.value(QStringLiteral("formal")),
             QStringLiteral("Why does line 12 fail?"));
    QCOMPARE(m_project->document().items.at(5).variants.value(QStringLiteral("casual")),
             QStringLiteral("loop never stops lol"));
    QCOMPARE(m_project->document().items.at(4).id, QStringLiteral("8"));
    QCOMPARE(m_project->document().items.at(5).id, QStringLiteral("9"));
    QCOMPARE(m_project->document().items.at(6).id, QStringLiteral("4")); // the old row 4 moved down
    QCOMPARE(m_page->pairTable()->currentIndex().row(), 4);
    QCOMPARE(m_project->undoStack()->undoText(), QStringLiteral("Paste 2 rows"));
    m_project->undoStack()->undo();
    QCOMPARE(model->rowCount(), 8);
}

void TestDesign::pasteSingleCellReplacesIt()
{
    PairTableModel* model = m_page->pairModel();
    m_page->pairTable()->setCurrentIndex(model->index(0, model->noteColumn()));
    QVERIFY(m_page->pairEditor()->pasteRows(QStringLiteral("a reviewer's note\n")));
    QCOMPARE(model->rowCount(), 8);
    QCOMPARE(m_project->document().items.at(0).note, QStringLiteral("a reviewer's note"));
}

void TestDesign::pasteRejectsTooManyCells()
{
    QVERIFY(!m_page->pairEditor()->pasteRows(QStringLiteral("a\tb\tc\td\n")));
    QCOMPARE(m_page->pairModel()->rowCount(), 8);
    QVERIFY(!m_page->pairEditor()->notice()->isHidden());
    QCOMPARE(m_page->pairEditor()->notice()->tone(), NoticeBanner::Tone::Error);
}

void TestDesign::rowOperations()
{
    PairTableModel* model = m_page->pairModel();
    QTableView* view = m_page->pairTable();
    m_page->pairEditor()->addItem();
    QCOMPARE(model->rowCount(), 9);
    QCOMPARE(m_project->document().items.last().id, QStringLiteral("8"));
    QCOMPARE(view->currentIndex().row(), 8);
    m_page->pairEditor()->addItem();
    QCOMPARE(m_project->document().items.last().id, QStringLiteral("9"));
    m_project->undoStack()->undo(); // two adds are two undo steps
    QCOMPARE(model->rowCount(), 9);

    view->setCurrentIndex(model->index(2, 1));
    m_page->pairEditor()->duplicateSelected();
    QCOMPARE(model->rowCount(), 10);
    QCOMPARE(m_project->document().items.at(3).variants,
             m_project->document().items.at(2).variants);
    QCOMPARE(m_project->document().items.at(3).id, QStringLiteral("9"));

    view->setCurrentIndex(model->index(3, 1));
    m_page->pairEditor()->moveUp();
    QCOMPARE(m_project->document().items.at(2).id, QStringLiteral("9"));
    QCOMPARE(view->currentIndex().row(), 2);
    m_page->pairEditor()->moveDown();
    m_page->pairEditor()->moveDown();
    QCOMPARE(m_project->document().items.at(4).id, QStringLiteral("9"));

    view->setCurrentIndex(model->index(4, 1));
    m_page->pairEditor()->removeSelected();
    QCOMPARE(model->rowCount(), 9);
    for (const ProbeItem& item : m_project->document().items) {
        QVERIFY(item.id != QStringLiteral("9"));
    }
}

void TestDesign::idsStayUnique()
{
    PairTableModel* model = m_page->pairModel();
    QVERIFY(!model->setData(model->index(0, 0), QStringLiteral("3")));
    QVERIFY(!model->setData(model->index(0, 0), QStringLiteral("  ")));
    QVERIFY(model->setData(model->index(0, 0), QStringLiteral("loop")));
    QCOMPARE(m_project->document().items.at(0).id, QStringLiteral("loop"));
}

void TestDesign::csvExportImportRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pairs.csv"));
    const QList<ProbeItem> before = m_project->document().items;
    QVERIFY(m_page->pairEditor()->exportPairs(path));
    QVERIFY(m_page->pairEditor()->importPairs(path, false));
    QCOMPARE(m_page->pairModel()->rowCount(), 16);
    QCOMPARE(m_project->document().items.at(8).variants, before.at(0).variants);
    QCOMPARE(m_project->document().items.at(8).id, QStringLiteral("8")); // "0" was taken
    QVERIFY(m_page->pairEditor()->importPairs(path, true));
    QCOMPARE(m_project->document().items, before);

    QFile bad(dir.filePath(QStringLiteral("bad.csv")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("id,formal\n1,x\n");
    bad.close();
    QVERIFY(!m_page->pairEditor()->importPairs(bad.fileName(), true));
    QCOMPARE(m_page->pairEditor()->notice()->tone(), NoticeBanner::Tone::Error);
    QVERIFY(m_page->pairEditor()->notice()->text().contains(
        QStringLiteral("no column for the value \"casual\"")));
    QCOMPARE(m_project->document().items, before);
}

void TestDesign::markedFactsColumn()
{
    PairTableModel* model = m_page->pairModel();
    QVERIFY(model->setData(model->index(3, model->factsColumn()),
                           QStringLiteral("last item; comprehension")));
    QCOMPARE(m_project->document().items.at(3).facts,
             (QStringList{QStringLiteral("last item"), QStringLiteral("comprehension")}));
    QVERIFY(model->index(3, 0).data(PairTableModel::MatchedRole).toBool());
    QVERIFY(
        model->setData(model->index(3, model->factsColumn()), QStringLiteral("the final element")));
    QVERIFY(!model->index(3, 0).data(PairTableModel::MatchedRole).toBool());
    QVERIFY(model->index(3, 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("formal lacks the marked fact 'the final element'")));
}

void TestDesign::renamingAValueRenamesItsColumn()
{
    auto* values = m_page->findChild<QLineEdit*>(QString(), Qt::FindChildrenRecursively);
    QList<QLineEdit*> edits = m_page->findChildren<QLineEdit*>();
    QLineEdit* valuesEdit = nullptr;
    for (QLineEdit* e : edits) {
        if (e->accessibleName() == QStringLiteral("Attribute values")) {
            valuesEdit = e;
        }
    }
    Q_UNUSED(values);
    QVERIFY(valuesEdit);
    QCOMPARE(valuesEdit->text(), QStringLiteral("formal, casual"));
    valuesEdit->setText(QStringLiteral("formal, informal"));
    Q_EMIT valuesEdit->editingFinished();
    QCOMPARE(m_project->document().attribute.values,
             (QStringList{QStringLiteral("formal"), QStringLiteral("informal")}));
    QCOMPARE(
        m_project->document().items.at(1).variants.value(QStringLiteral("informal")),
        QStringLiteral("my function gives None instead of the total?? what should i check first"));
    QCOMPARE(m_page->pairModel()->headerData(2, Qt::Horizontal).toString(),
             QStringLiteral("informal (B)"));
    valuesEdit->setText(QStringLiteral("formal"));
    Q_EMIT valuesEdit->editingFinished();
    QCOMPARE(m_project->document().attribute.values.size(), 2); // refused: a probe needs two values
}

void TestDesign::settingsEditTheDocument()
{
    SettingsPanel* panel = m_page->settingsPanel();
    auto* temperature = panel->findChild<QDoubleSpinBox*>();
    QVERIFY(temperature);
    QCOMPARE(temperature->accessibleName(), QStringLiteral("Temperature"));
    QCOMPARE(temperature->value(), 0.8);
    temperature->setValue(0.3);
    QCOMPARE(m_project->document().settings.temperature, 0.3);
    m_project->undoStack()->undo();
    QCOMPARE(temperature->value(), 0.8);

    QVERIFY(panel->seedSummary().startsWith(
        QStringLiteral("20 seeds: 20 runs per value for each item.")));
    QVERIFY(
        panel->seedSummary().contains(QStringLiteral("= 320 calls, plus 160 for the noise check")));
    QLineEdit* seeds = nullptr;
    for (QLineEdit* e : panel->findChildren<QLineEdit*>()) {
        if (e->accessibleName() == QStringLiteral("Seeds")) {
            seeds = e;
        }
    }
    QVERIFY(seeds);
    seeds->selectAll();
    QTest::keyClicks(seeds, QStringLiteral("1-5"));
    QCOMPARE(m_project->document().settings.seeds, (QList<qint64>{1, 2, 3, 4, 5}));
    QCOMPARE(m_project->document().settings.seedsText, QStringLiteral("1-5"));
    QVERIFY(panel->seedSummary().startsWith(QStringLiteral("5 seeds: 5 runs per value")));
}

void TestDesign::invalidSeedsAreShownNotApplied()
{
    SettingsPanel* panel = m_page->settingsPanel();
    QLineEdit* seeds = nullptr;
    for (QLineEdit* e : panel->findChildren<QLineEdit*>()) {
        if (e->accessibleName() == QStringLiteral("Seeds")) {
            seeds = e;
        }
    }
    QVERIFY(seeds);
    seeds->setText(QStringLiteral("5-1"));
    Q_EMIT seeds->textEdited(seeds->text());
    QCOMPARE(m_project->document().settings.seeds.size(), 20); // unchanged
    QLabel* errors = nullptr;
    for (QLabel* l : panel->findChildren<QLabel*>()) {
        if (l->accessibleName() == QStringLiteral("Seed errors")) {
            errors = l;
        }
    }
    QVERIFY(errors);
    QVERIFY(!errors->isHidden());
    QVERIFY(errors->text().contains(QStringLiteral("5-1")));
}

void TestDesign::metricPreviewFollowsTheKind()
{
    MetricPanel* metric = m_page->metricPanel();
    QCOMPARE(metric->previewText(), QStringLiteral("steps = 3"));
    metric->setSampleReply(QStringLiteral("1. a\n2. b"));
    QCOMPARE(metric->previewText(), QStringLiteral("steps = 2"));
    QComboBox* kind = nullptr;
    for (QComboBox* c : metric->findChildren<QComboBox*>()) {
        if (c->accessibleName() == QStringLiteral("Metric kind")) {
            kind = c;
        }
    }
    QVERIFY(kind);
    kind->setCurrentIndex(kind->findData(QStringLiteral("word_count")));
    QCOMPARE(m_project->document().metric.kind, QStringLiteral("word_count"));
    // The kind's default name follows the kind...
    QCOMPARE(m_project->document().metric.name, QStringLiteral("words"));
    QCOMPARE(metric->previewText(), QStringLiteral("words = 4"));
    // ...but a name the user chose is kept.
    ProbeDocument doc = m_project->document();
    doc.metric.name = QStringLiteral("length");
    m_project->applyEdit(doc, QStringLiteral("Rename the metric"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("count_steps")));
    QCOMPARE(m_project->document().metric.name, QStringLiteral("length"));
    QCOMPARE(metric->previewText(), QStringLiteral("length = 2"));
}

void TestDesign::readOnlyWhileRunning()
{
    PairTableModel* model = m_page->pairModel();
    m_project->setRunning(true);
    QVERIFY(!(model->flags(model->index(0, 1)) & Qt::ItemIsEditable));
    QVERIFY(!model->setData(model->index(0, 1), QStringLiteral("x")));
    QVERIFY(!m_page->settingsPanel()->findChild<QDoubleSpinBox*>()->isEnabled());
    QVERIFY(!m_page->lockBanner()->isHidden());
    QVERIFY(!m_page->pairEditor()->pasteRows(QStringLiteral("a\tb")));
    m_project->setRunning(false);
    QVERIFY(model->flags(model->index(0, 1)) & Qt::ItemIsEditable);
    QVERIFY(m_page->lockBanner()->isHidden());
}

void TestDesign::connectionTestAndModelList()
{
    test::FakeModelServer server;
    QVERIFY(server.listen());
    server.addModel(QStringLiteral("llama3.2:latest"));
    server.addModel(QStringLiteral("qwen2.5:7b"));
    SettingsPanel* panel = m_page->settingsPanel();
    const auto child = [panel](const QString& name) {
        for (QWidget* w : panel->findChildren<QWidget*>()) {
            if (w->accessibleName() == name) {
                return w;
            }
        }
        return static_cast<QWidget*>(nullptr);
    };
    auto* backend = qobject_cast<QComboBox*>(child(QStringLiteral("Backend")));
    QVERIFY(backend);
    backend->setCurrentIndex(backend->findData(QStringLiteral("ollama")));
    QCOMPARE(m_project->document().settings.backend, QStringLiteral("ollama"));
    QVERIFY(m_project->document().settings.model.isEmpty()); // the stand-in's tag is dropped
    auto* endpoints = qobject_cast<QPlainTextEdit*>(child(QStringLiteral("Endpoints")));
    QVERIFY(endpoints && endpoints->isEnabled());
    endpoints->setPlainText(server.ollamaUrl().toString());
    QCOMPARE(m_project->document().settings.endpoints, QStringList{server.ollamaUrl().toString()});

    auto* list = qobject_cast<QPushButton*>(child(QStringLiteral("List models")));
    QVERIFY(list);
    list->click();
    auto* model = qobject_cast<QComboBox*>(child(QStringLiteral("Model")));
    auto* listStatus = qobject_cast<QLabel*>(child(QStringLiteral("Model list status")));
    QTRY_VERIFY_WITH_TIMEOUT(!listStatus->text().endsWith(QStringLiteral("\u2026")), 30000);
    QVERIFY2(model->count() == 2, qPrintable(listStatus->text()));
    QCOMPARE(model->itemText(1), QStringLiteral("qwen2.5:7b"));
    model->setCurrentIndex(1);
    QCOMPARE(m_project->document().settings.model, QStringLiteral("qwen2.5:7b"));

    auto* test = qobject_cast<QPushButton*>(child(QStringLiteral("Test connection")));
    auto* result = qobject_cast<QLabel*>(child(QStringLiteral("Connection test result")));
    QVERIFY(test && result);
    test->click();
    QTRY_VERIFY_WITH_TIMEOUT(
        result->text().startsWith(QStringLiteral("\u2713 Connected: qwen2.5:7b")), 30000);

    // A model the server does not have: the failure sentence comes back.
    model->setEditText(QStringLiteral("missing:latest"));
    test->click();
    QTRY_VERIFY_WITH_TIMEOUT(result->text().startsWith(QStringLiteral("\u26A0")), 30000);
    QVERIFY(result->text().contains(QStringLiteral("missing:latest")));
}

void TestDesign::controlsHaveNamesAndTips()
{
    // Every control a user can reach has an accessible name and a tooltip, except the
    // parts Qt builds inside composite widgets (a spin box's line edit, the table's editor).
    QStringList unnamed;
    for (QWidget* w : m_page->findChildren<QWidget*>()) {
        const bool control =
            qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) ||
            qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QPlainTextEdit*>(w) ||
            qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractItemView*>(w);
        QWidget* parent = w->parentWidget();
        const bool inner =
            qobject_cast<QAbstractSpinBox*>(parent) || qobject_cast<QComboBox*>(parent) ||
            (parent && parent->inherits("QAbstractItemView")) ||
            (parent && parent->inherits("QToolBar")) || (parent && parent->inherits("QTabBar")) ||
            (parent && parent->inherits("QScrollBar")) || w->inherits("QTabBar") ||
            w->inherits("QComboBoxListView") || (parent && parent->inherits("QTextBrowser"));
        if (!control || inner || !w->isEnabledTo(m_page.get()) ||
            w->objectName().startsWith(QLatin1String("qt_"))) {
            continue;
        }
        if (w->accessibleName().isEmpty() || w->toolTip().isEmpty()) {
            unnamed << QStringLiteral("%1 \"%2\"")
                           .arg(QString::fromLatin1(w->metaObject()->className()),
                                w->accessibleName());
        }
    }
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
    // The statistical terms are explained where they appear.
    QVERIFY(m_page->pairTable()->toolTip().startsWith(QStringLiteral("Matched pairs:")));
    QVERIFY(m_page->unlockAction()->toolTip().startsWith(QStringLiteral("Pre-registration:")));
}

QTEST_MAIN(TestDesign)
#include "tst_design.moc"
