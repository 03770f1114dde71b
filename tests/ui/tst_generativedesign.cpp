// The metric panel's text mode (generative, "kind": "embedding"): choosing the mode, the
// embedding model with its backend and endpoints (each edit one undoable step, a bad one
// refused in the probe reader's own words), the help saying what the mode measures, and the
// file written through the project's probe writer reading back the same.
#include "TestPaths.h"
#include "design/EmbeddingEditor.h"
#include "design/MetricPanel.h"
#include "pages/DesignPage.h"
#include "probe/ProbeReader.h"
#include "project/ProbeProject.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
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

QString generativeExample()
{
    return test::sourceDir() + QStringLiteral("/resources/examples/style-generative.probe.json");
}

QComboBox* comboNamed(QWidget* in, const QString& name)
{
    for (QComboBox* c : in->findChildren<QComboBox*>()) {
        if (c->accessibleName() == name)
            return c;
    }
    return nullptr;
}

// Types text into a field as a user does, replacing what is there, and leaves it.
void typeInto(QLineEdit* field, const QString& text)
{
    field->setFocus();
    field->selectAll();
    QTest::keyClick(field, Qt::Key_Delete);
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return); // editingFinished, as leaving the field gives
}

} // namespace

class TestGenerativeDesign : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void theExampleOpensInTextMode();
    void choosingTheModeIsOneUndoableStep();
    void embeddingEdits_data();
    void embeddingEdits();
    void theBackendIsPicked();
    void theFileRoundTrips();
    void lockedWhileRunning();

private:
    bool openExample();
    EmbeddingEditor* editor() const { return m_page->metricPanel()->embeddingEditor(); }
    QComboBox* mode() const
    {
        return comboNamed(m_page->metricPanel(), QStringLiteral("Metric mode"));
    }

    std::unique_ptr<ProbeProject> m_project;
    std::unique_ptr<DesignPage> m_page;
};

void TestGenerativeDesign::initTestCase()
{
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-generativedesign"));
}

void TestGenerativeDesign::init()
{
    m_project = std::make_unique<ProbeProject>();
    QString error;
    QVERIFY2(m_project->newFromExample(&error), qPrintable(error));
    m_page = std::make_unique<DesignPage>(m_project.get());
    m_page->resize(1200, 800);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    for (QTabWidget* tabs : m_page->findChildren<QTabWidget*>()) {
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->widget(i)->isAncestorOf(m_page->metricPanel()))
                tabs->setCurrentIndex(i);
        }
    }
}

void TestGenerativeDesign::cleanup()
{
    m_page.reset();
    m_project.reset();
}

bool TestGenerativeDesign::openExample()
{
    QString error;
    const bool ok = m_project->open(generativeExample(), &error);
    if (!ok)
        qWarning() << error;
    return ok;
}

void TestGenerativeDesign::theExampleOpensInTextMode()
{
    QVERIFY(!editor()->isVisibleTo(m_page.get())); // the tutorial's probe is numeric
    QVERIFY(openExample());
    QVERIFY(mode());
    QCOMPARE(mode()->currentData().toString(), QStringLiteral("generative"));
    QCOMPARE(mode()->currentText(), QStringLiteral("Text (embeddings)"));
    QVERIFY(editor()->isVisibleTo(m_page.get()));
    QVERIFY(!comboNamed(m_page->metricPanel(), QStringLiteral("Metric kind"))
                 ->isVisibleTo(m_page.get()));
    QCOMPARE(editor()->model()->text(), QStringLiteral("stand-in-embed"));
    QCOMPARE(editor()->backend()->currentData().toString(), QString()); // the probe's own
    QCOMPARE(editor()->backend()->currentText(), QStringLiteral("The probe's own (stand-in)"));
    QVERIFY(editor()->endpoints()->text().isEmpty());
    auto* help = m_page->findChild<QLabel*>(QStringLiteral("embeddingHelp"));
    QVERIFY(help && help->isVisibleTo(m_page.get()));
    QVERIFY(help->text().contains(QStringLiteral("cosine distance")));
    QVERIFY(help->text().contains(QStringLiteral("noise floor")));
    QVERIFY(help->text().contains(QStringLiteral("never compared")));
    QVERIFY(m_page->metricPanel()->previewText().contains(QStringLiteral("stand-in-embed")));
    // Set PB_GRAB_DIR to keep the picture.
    QTest::qWait(100); // the panel's layout settles
    QVERIFY(m_page->grab().save(QDir(qEnvironmentVariable("PB_GRAB_DIR", QDir::tempPath()))
                                    .filePath(QStringLiteral("pb-generative-design.png"))));
}

void TestGenerativeDesign::choosingTheModeIsOneUndoableStep()
{
    QVERIFY(mode());
    const MetricSpec numeric = m_project->document().metric;
    m_project->edit(QStringLiteral("No noise check"),
                    [](ProbeDocument& d) { d.noise.enabled = false; });
    const int steps = m_project->undoStack()->count();
    mode()->setCurrentIndex(mode()->findData(QStringLiteral("generative")));
    const MetricSpec& m = m_project->document().metric;
    QVERIFY(m.isGenerative());
    QCOMPARE(m.embeddingModel, QStringLiteral("stand-in-embed")); // the tutorial's stand-in
    QCOMPARE(m.name, QStringLiteral("distance"));
    QVERIFY(m_project->document().noise.enabled); // measured against the noise floor
    QCOMPARE(m_project->undoStack()->count(), steps + 1);
    QVERIFY(editor()->isVisibleTo(m_page.get()));

    // Through a choice and back: the embedding model it held comes back with the mode.
    editor()->model()->setText(QStringLiteral("mine"));
    Q_EMIT editor()->model()->editingFinished();
    QCOMPARE(m_project->document().metric.embeddingModel, QStringLiteral("mine"));
    mode()->setCurrentIndex(mode()->findData(QStringLiteral("choice")));
    QVERIFY(m_project->document().metric.isChoice());
    QVERIFY(!editor()->isVisibleTo(m_page.get()));
    mode()->setCurrentIndex(mode()->findData(QStringLiteral("generative")));
    QCOMPARE(m_project->document().metric.embeddingModel, QStringLiteral("mine"));
    mode()->setCurrentIndex(mode()->findData(QStringLiteral("numeric")));
    QCOMPARE(m_project->document().metric.kind, numeric.kind);
    QVERIFY(m_project->document().metric.embeddingModel.isEmpty());
    for (int i = 0; i < 5; ++i)
        m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric, numeric);
    QVERIFY(!m_project->document().noise.enabled);
    QCOMPARE(mode()->currentData().toString(), QStringLiteral("numeric"));
}

void TestGenerativeDesign::embeddingEdits_data()
{
    QTest::addColumn<QString>("field"); // "model" or "endpoints"
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("refusal"); // empty: taken
    QTest::addRow("model") << "model"
                           << "nomic-embed-text" << QString();
    QTest::addRow("model trimmed") << "model"
                                   << "  nomic-embed-text " << QString();
    // The reader's own words for the same section (tests/generative/tst_generativeprobe).
    QTest::addRow("model emptied")
        << "model"
        << ""
        << "metric.embedding: missing: a generative probe names the embedding model";
    QTest::addRow("endpoint") << "endpoints"
                              << "http://127.0.0.1:11435" << QString();
    QTest::addRow("two endpoints") << "endpoints"
                                   << "http://127.0.0.1:11435, localhost:8081/v1" << QString();
    QTest::addRow("endpoint not a base URL")
        << "endpoints"
        << "ftp://x"
        << "metric.embedding.endpoints[0]: the endpoint 'ftp://x' is not a base URL";
    QTest::addRow("second endpoint not a base URL")
        << "endpoints"
        << "http://127.0.0.1:11435, ftp://x"
        << "metric.embedding.endpoints[1]: the endpoint 'ftp://x' is not a base URL";
}

void TestGenerativeDesign::embeddingEdits()
{
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, refusal);
    QVERIFY(openExample());
    const MetricSpec before = m_project->document().metric;
    const int steps = m_project->undoStack()->count();
    QLineEdit* line = field == QLatin1String("model") ? editor()->model() : editor()->endpoints();
    typeInto(line, text);
    if (!refusal.isEmpty()) {
        QVERIFY2(editor()->message().contains(refusal), qPrintable(editor()->message()));
        QCOMPARE(m_project->document().metric, before);
        QCOMPARE(m_project->undoStack()->count(), steps);
        // The field shows what the probe holds again.
        QCOMPARE(editor()->model()->text(), before.embeddingModel);
        QCOMPARE(editor()->endpoints()->text(),
                 before.embeddingEndpoints.join(QStringLiteral(", ")));
        return;
    }
    QVERIFY2(editor()->message().isEmpty(), qPrintable(editor()->message()));
    QCOMPARE(m_project->undoStack()->count(), steps + 1);
    const MetricSpec& after = m_project->document().metric;
    if (field == QLatin1String("model")) {
        QCOMPARE(after.embeddingModel, text.trimmed());
    } else {
        QStringList want;
        for (const QString& e : text.split(QLatin1Char(',')))
            want << e.trimmed();
        QCOMPARE(after.embeddingEndpoints, want);
    }
    QVERIFY(EmbeddingEditor::refusal(m_project->document(), after).isEmpty());
    m_project->undoStack()->undo();
    QCOMPARE(m_project->document().metric, before);
    QCOMPARE(line->text(), field == QLatin1String("model") ? before.embeddingModel : QString());
    m_project->undoStack()->redo();
    QCOMPARE(m_project->document().metric, after);
}

void TestGenerativeDesign::theBackendIsPicked()
{
    QVERIFY(openExample());
    QComboBox* backend = editor()->backend();
    QCOMPARE(backend->count(), 4); // the probe's own, then every backend by name
    const int ollama = backend->findData(QStringLiteral("ollama"));
    QVERIFY(ollama > 0);
    backend->setCurrentIndex(ollama);
    Q_EMIT backend->activated(ollama);
    QCOMPARE(m_project->document().metric.embeddingBackend, QStringLiteral("ollama"));
    m_project->undoStack()->undo();
    QVERIFY(m_project->document().metric.embeddingBackend.isEmpty());
    QCOMPARE(backend->currentIndex(), 0);
    // A backend the reader does not know is refused in its words.
    MetricSpec bad = m_project->document().metric;
    bad.embeddingBackend = QStringLiteral("vllm");
    QVERIFY(EmbeddingEditor::refusal(m_project->document(), bad)
                .contains(QStringLiteral(
                    "metric.embedding.backend: must be one of stand-in, ollama, openai")));
}

void TestGenerativeDesign::theFileRoundTrips()
{
    QVERIFY(openExample());
    typeInto(editor()->model(), QStringLiteral("nomic-embed-text"));
    const int openai = editor()->backend()->findData(QStringLiteral("openai"));
    editor()->backend()->setCurrentIndex(openai);
    Q_EMIT editor()->backend()->activated(openai);
    typeInto(editor()->endpoints(), QStringLiteral("http://127.0.0.1:8081/v1"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edited.probe.json"));
    QString error;
    QVERIFY2(m_project->saveAs(path, &error), qPrintable(error));
    const ProbeLoadResult read = ProbeReader::readFile(path);
    QVERIFY2(read.ok(), qPrintable(read.text()));
    QVERIFY2(read.warnings().isEmpty(), qPrintable(read.warningText()));
    QCOMPARE(read.document->metric, m_project->document().metric);
    QCOMPARE(read.document->metric.embeddingModel, QStringLiteral("nomic-embed-text"));
    QCOMPARE(read.document->metric.embeddingBackend, QStringLiteral("openai"));
    QCOMPARE(read.document->metric.embeddingEndpoints,
             QStringList{QStringLiteral("http://127.0.0.1:8081/v1")});
}

void TestGenerativeDesign::lockedWhileRunning()
{
    QVERIFY(openExample());
    m_project->setRunning(true);
    QVERIFY(!editor()->model()->isEnabled());
    QVERIFY(!editor()->backend()->isEnabled());
    QVERIFY(!editor()->endpoints()->isEnabled());
    QVERIFY(!mode()->isEnabled());
    m_project->setRunning(false);
    QVERIFY(editor()->model()->isEnabled());
}

QTEST_MAIN(TestGenerativeDesign)
#include "tst_generativedesign.moc"
