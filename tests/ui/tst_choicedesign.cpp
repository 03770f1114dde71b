// The metric panel's choice mode: choosing the mode, the candidates list (add, rename, remove,
// move, each one undoable step, a duplicate or empty candidate refused with core's reason) and
// top_logprobs, saved through the project's probe writer so the file reads back the same.
#include "TestPaths.h"
#include "design/CandidateEditor.h"
#include "design/CandidateListModel.h"
#include "design/MetricPanel.h"
#include "pages/DesignPage.h"
#include "probe/ProbeReader.h"
#include "project/ProbeProject.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

using namespace pb;

namespace {

QString choiceExample()
{
    return test::sourceDir() + QStringLiteral("/resources/examples/escalation-choice.probe.json");
}

QComboBox* comboNamed(QWidget* in, const QString& name)
{
    for (QComboBox* c : in->findChildren<QComboBox*>()) {
        if (c->accessibleName() == name)
            return c;
    }
    return nullptr;
}

QPushButton* buttonNamed(QWidget* in, const QString& name)
{
    for (QPushButton* b : in->findChildren<QPushButton*>()) {
        if (b->accessibleName() == name)
            return b;
    }
    return nullptr;
}

} // namespace

class TestChoiceDesign : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void theExampleOpensInChoiceMode();
    void choosingTheModeIsOneUndoableStep();
    void candidateEdits_data();
    void candidateEdits();
    void editsThroughTheWidgets();
    void topLogprobsIsEdited();
    void theFileRoundTrips();
    void lockedWhileRunning();

private:
    bool openExample();
    CandidateEditor* editor() const { return m_page->metricPanel()->candidateEditor(); }

    std::unique_ptr<ProbeProject> m_project;
    std::unique_ptr<DesignPage> m_page;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestChoiceDesign::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-choicedesign"));
}

void TestChoiceDesign::init()
{
    m_project = std::make_unique<ProbeProject>();
    QString error;
    QVERIFY2(m_project->newFromExample(&error), qPrintable(error));
    m_page = std::make_unique<DesignPage>(m_project.get());
    m_page->resize(1200, 800);
    m_page->show();
    // The Metric tab, as a user opens it to edit the candidates.
    for (QTabWidget* tabs : m_page->findChildren<QTabWidget*>()) {
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->widget(i)->isAncestorOf(m_page->metricPanel()))
                tabs->setCurrentIndex(i);
        }
    }
    m_tester = std::make_unique<QAbstractItemModelTester>(
        editor()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestChoiceDesign::cleanup()
{
    m_tester.reset();
    m_page.reset();
    m_project.reset();
}

bool TestChoiceDesign::openExample()
{
    QString error;
    const bool ok = m_project->open(choiceExample(), &error);
    if (!ok)
        qWarning() << error;
    return ok;
}

void TestChoiceDesign::theExampleOpensInChoiceMode()
{
    QVERIFY(!editor()->isVisibleTo(m_page.get())); // the tutorial's probe is numeric
    QVERIFY(openExample());
    QComboBox* mode = comboNamed(m_page->metricPanel(), QStringLiteral("Metric mode"));
    QVERIFY(mode);
    QCOMPARE(mode->currentData().toString(), QStringLiteral("choice"));
    QVERIFY(editor()->isVisibleTo(m_page.get()));
    QVERIFY(!comboNamed(m_page->metricPanel(), QStringLiteral("Metric kind"))
                 ->isVisibleTo(m_page.get()));
    QCOMPARE(editor()->model()->candidates(), (QStringList{"yes", "no"}));
    QCOMPARE(editor()->model()->rowCount(), 2);
    QCOMPARE(editor()->model()->index(0).data().toString(), QStringLiteral("yes"));
    QCOMPARE(editor()->topLogprobs()->value(), 5);
    auto* help = m_page->findChild<QLabel*>(QStringLiteral("choiceHelp"));
    QVERIFY(help && help->isVisibleTo(m_page.get()));
    QVERIFY(help->text().contains(QStringLiteral("log probabilities")));
    QVERIFY(help->text().contains(QStringLiteral("sampled frequencies")));
    // The sample reply is read as a candidate, as the sampled path reads it.
    m_page->metricPanel()->setSampleReply(QStringLiteral("**Yes.**"));
    QCOMPARE(m_page->metricPanel()->previewText(),
             QStringLiteral("escalate = yes (the reply reads as this candidate)"));
}

void TestChoiceDesign::choosingTheModeIsOneUndoableStep()
{
    QComboBox* mode = comboNamed(m_page->metricPanel(), QStringLiteral("Metric mode"));
    QVERIFY(mode);
    const MetricSpec numeric = m_project->document().metric;
    m_project->edit(QStringLiteral("No noise check"),
                    [](ProbeDocument& d) { d.noise.enabled = false; });
    const int steps = m_project->undoStack()->count();
    mode->setCurrentIndex(mode->findData(QStringLiteral("choice")));
    const MetricSpec& m = m_project->document().metric;
    QVERIFY(m.isChoice());
    QCOMPARE(m.candidates, (QStringList{"yes", "no"}));
    QCOMPARE(m.name, QStringLiteral("answer"));   // the default name follows the mode
    QVERIFY(m_project->document().noise.enabled); // a choice needs the noise floor
    QCOMPARE(m_project->undoStack()->count(), steps + 1);
    QVERIFY(editor()->isVisibleTo(m_page.get()));

    // Back to a number: the numeric metric as it was, candidates kept for a later switch.
    mode->setCurrentIndex(mode->findData(QStringLiteral("numeric")));
    QCOMPARE(m_project->document().metric.kind, numeric.kind);
    QCOMPARE(m_project->document().metric.name, numeric.name);
    QVERIFY(m_project->document().metric.candidates.isEmpty());
    QVERIFY(!editor()->isVisibleTo(m_page.get()));
    m_project->undoStack()->undo();
    QVERIFY(m_project->document().metric.isChoice());
    QCOMPARE(mode->currentData().toString(), QStringLiteral("choice"));
    m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric, numeric);
    QVERIFY(!m_project->document().noise.enabled);
    QCOMPARE(mode->currentData().toString(), QStringLiteral("numeric"));
}

using Edit = std::function<bool(CandidateListModel*)>;

void TestChoiceDesign::candidateEdits_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QStringList>("after"); // empty: refused, the list unchanged
    QTest::addColumn<QString>("refusal");

    const auto add = [](const QString& text) {
        return Edit([text](CandidateListModel* m) { return m->add(text); });
    };
    const auto rename = [](int row, const QString& text) {
        return Edit([row, text](CandidateListModel* m) {
            return m->setData(m->index(row), text, Qt::EditRole);
        });
    };
    QTest::addRow("add") << add(QStringLiteral("maybe")) << QStringList{"yes", "no", "maybe"}
                         << QString();
    QTest::addRow("add trims") << add(QStringLiteral("  maybe "))
                               << QStringList{"yes", "no", "maybe"} << QString();
    QTest::addRow("add a duplicate") << add(QStringLiteral("Yes")) << QStringList()
                                     << QStringLiteral("reads the same as candidates[0]");
    QTest::addRow("add one that differs by punctuation")
        << add(QStringLiteral("**no.**")) << QStringList()
        << QStringLiteral("reads the same as candidates[1]");
    QTest::addRow("add an empty one")
        << add(QString()) << QStringList() << QStringLiteral("is empty");
    QTest::addRow("add only punctuation")
        << add(QStringLiteral("?!")) << QStringList() << QStringLiteral("is empty");
    QTest::addRow("add one too long") << add(QString(65, QLatin1Char('x'))) << QStringList()
                                      << QStringLiteral("longer than 64 characters");
    QTest::addRow("rename") << rename(1, QStringLiteral("nope")) << QStringList{"yes", "nope"}
                            << QString();
    QTest::addRow("rename to a duplicate") << rename(1, QStringLiteral("YES")) << QStringList()
                                           << QStringLiteral("reads the same as candidates[0]");
    QTest::addRow("rename to empty")
        << rename(0, QStringLiteral("  ")) << QStringList() << QStringLiteral("is empty");
    QTest::addRow("remove") << Edit([](CandidateListModel* m) { return m->remove(0); })
                            << QStringList{"no"} << QString();
    QTest::addRow("move down") << Edit([](CandidateListModel* m) { return m->move(0, +1); })
                               << QStringList{"no", "yes"} << QString();
    QTest::addRow("move up") << Edit([](CandidateListModel* m) { return m->move(1, -1); })
                             << QStringList{"no", "yes"} << QString();
    QTest::addRow("move past the end")
        << Edit([](CandidateListModel* m) { return m->move(1, +1); }) << QStringList() << QString();
}

void TestChoiceDesign::candidateEdits()
{
    QFETCH(Edit, edit);
    QFETCH(QStringList, after);
    QFETCH(QString, refusal);
    QVERIFY(openExample());
    CandidateListModel* model = editor()->model();
    const QStringList before = m_project->document().metric.candidates;
    const int steps = m_project->undoStack()->count();
    QSignalSpy refused(model, &CandidateListModel::refused);

    const bool ok = edit(model);
    QCOMPARE(ok, !after.isEmpty());
    if (after.isEmpty()) {
        QCOMPARE(m_project->document().metric.candidates, before);
        QCOMPARE(model->candidates(), before);
        QCOMPARE(m_project->undoStack()->count(), steps);
        if (!refusal.isEmpty()) {
            QCOMPARE(refused.size(), 1);
            QVERIFY2(refused.first().first().toString().contains(refusal),
                     qPrintable(refused.first().first().toString()));
        }
        return;
    }
    QCOMPARE(refused.size(), 0);
    QCOMPARE(m_project->document().metric.candidates, after);
    QCOMPARE(model->candidates(), after);
    QCOMPARE(m_project->undoStack()->count(), steps + 1);
    // Undo, through the project's stack, gives the list back; redo does it again.
    m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric.candidates, before);
    QCOMPARE(model->candidates(), before);
    QCOMPARE(model->rowCount(), int(before.size()));
    m_project->undoStack()->redo();
    QCOMPARE(model->candidates(), after);
}

void TestChoiceDesign::editsThroughTheWidgets()
{
    QVERIFY(openExample());
    CandidateEditor* e = editor();
    // Typing a duplicate and pressing Return is refused, with the reason on screen.
    QTest::keyClicks(e->newCandidate(), QStringLiteral("YES"));
    QTest::keyClick(e->newCandidate(), Qt::Key_Return);
    QVERIFY2(e->message().contains(QStringLiteral("reads the same as")), qPrintable(e->message()));
    QCOMPARE(e->newCandidate()->text(), QStringLiteral("YES")); // kept, to be corrected
    e->newCandidate()->clear();
    QTest::keyClicks(e->newCandidate(), QStringLiteral("unsure"));
    QPushButton* add = buttonNamed(e, QStringLiteral("Add the candidate"));
    QVERIFY(add && add->isEnabled() && add->isVisibleTo(m_page.get()));
    add->click(); // a click as the button gets it, wherever the panel is scrolled
    QVERIFY2(e->message().isEmpty(), qPrintable(e->message()));
    QCOMPARE(m_project->document().metric.candidates, (QStringList{"yes", "no", "unsure"}));
    QVERIFY(e->message().isEmpty());
    QVERIFY(e->newCandidate()->text().isEmpty());
    // The new one is selected: move it to the top, then remove "no".
    QCOMPARE(e->list()->currentIndex().row(), 2);
    QPushButton* up = buttonNamed(e, QStringLiteral("Move the selected candidate up"));
    up->click();
    up->click();
    QCOMPARE(m_project->document().metric.candidates, (QStringList{"unsure", "yes", "no"}));
    QVERIFY(!up->isEnabled()); // at the top
    e->list()->setCurrentIndex(e->model()->index(2));
    QVERIFY(!buttonNamed(e, QStringLiteral("Move the selected candidate down"))->isEnabled());
    buttonNamed(e, QStringLiteral("Remove the selected candidate"))->click();
    QCOMPARE(m_project->document().metric.candidates, (QStringList{"unsure", "yes"}));
    // Rename in place, through the view's editor.
    e->list()->setCurrentIndex(e->model()->index(0));
    e->list()->edit(e->model()->index(0));
    auto* line = e->list()->findChild<QLineEdit*>();
    QVERIFY(line);
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("maybe"));
    QTest::keyClick(line, Qt::Key_Return); // the delegate commits from a queued call
    QTRY_COMPARE(m_project->document().metric.candidates, (QStringList{"maybe", "yes"}));
    // Four steps, each undone in turn.
    m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric.candidates, (QStringList{"unsure", "yes"}));
    m_project->undoStack()->undo();
    m_project->undoStack()->undo();
    m_project->undoStack()->undo();
    m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric.candidates, (QStringList{"yes", "no"}));
}

void TestChoiceDesign::topLogprobsIsEdited()
{
    QVERIFY(openExample());
    QSpinBox* top = editor()->topLogprobs();
    QCOMPARE(top->maximum(), 20);
    QCOMPARE(top->minimum(), 1);
    top->setValue(12);
    QCOMPARE(m_project->document().metric.topLogprobs, 12);
    m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric.topLogprobs, 5);
    QCOMPARE(top->value(), 5);
}

void TestChoiceDesign::theFileRoundTrips()
{
    QVERIFY(openExample());
    QVERIFY(editor()->model()->add(QStringLiteral("later")));
    QVERIFY(editor()->model()->move(2, -2));
    editor()->topLogprobs()->setValue(8);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edited.probe.json"));
    QString error;
    QVERIFY2(m_project->saveAs(path, &error), qPrintable(error));
    const ProbeLoadResult read = ProbeReader::readFile(path);
    QVERIFY2(read.ok(), qPrintable(read.text()));
    QVERIFY2(read.warnings().isEmpty(), qPrintable(read.warningText()));
    QCOMPARE(read.document->metric, m_project->document().metric);
    QCOMPARE(read.document->metric.candidates, (QStringList{"later", "yes", "no"}));
    QCOMPARE(read.document->metric.topLogprobs, 8);
    QCOMPARE(*read.document, m_project->document());
}

void TestChoiceDesign::lockedWhileRunning()
{
    QVERIFY(openExample());
    m_project->setRunning(true);
    QVERIFY(!(editor()->model()->flags(editor()->model()->index(0)) & Qt::ItemIsEditable));
    QVERIFY(!editor()->newCandidate()->isEnabled());
    QVERIFY(!editor()->topLogprobs()->isEnabled());
    QVERIFY(!comboNamed(m_page->metricPanel(), QStringLiteral("Metric mode"))->isEnabled());
    m_project->setRunning(false);
    QVERIFY(editor()->model()->flags(editor()->model()->index(0)) & Qt::ItemIsEditable);
}

QTEST_MAIN(TestChoiceDesign)
#include "tst_choicedesign.moc"
