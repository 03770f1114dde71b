// Generating variants in the judge item editor: the padding and byline dialogs, by mouse and
// by keyboard, and the ids they make kept unique within an item.
#include "ExampleJudgeProbe.h"
#include "judge/GenerateVariantsDialog.h"
#include "judge/JudgeItemEditor.h"
#include "judge/JudgeItemListModel.h"
#include "judge/VariantGenerator.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

using namespace pb;

namespace {

const QStringList kPads{QStringLiteral("This essay was reviewed by three professors."),
                        QStringLiteral("The author has won several writing awards."),
                        QStringLiteral("Great care went into every sentence.")};

} // namespace

class TestGenerateVariants : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void generateThreePadsOnS01();
    void generateBylinesDialog();
    void generateDialogByKeyboard();
    void generatedIdsStayUnique();

private:
    JudgeProbeDocument m_doc;
    std::unique_ptr<JudgeItemEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_listTester;
};

void TestGenerateVariants::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("probebench-test-generatevariants"));
    QSettings().clear(); // generator entries from earlier runs
    m_doc = test::exampleJudgeProbe();
    QCOMPARE(m_doc.items.size(), 3);
}

void TestGenerateVariants::init()
{
    m_editor = std::make_unique<JudgeItemEditor>();
    m_listTester = std::make_unique<QAbstractItemModelTester>(
        m_editor->itemModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_editor->resize(1200, 800);
    m_editor->setDocument(m_doc);
}

void TestGenerateVariants::cleanup()
{
    m_listTester.reset();
    m_editor.reset();
}

void TestGenerateVariants::generateThreePadsOnS01()
{
    QSignalSpy spy(m_editor.get(), &JudgeItemEditor::edited);
    m_editor->selectItem(QStringLiteral("s01"));
    bool sawDialog = false;
    QString count;
    QTimer::singleShot(0, this, [&] {
        auto* dialog = qobject_cast<GenerateVariantsDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        QCOMPARE(dialog->kind(), GenerateVariantsDialog::Kind::Padding);
        dialog->entriesEdit()->setPlainText(kPads.join(QStringLiteral("\n\n")));
        count = dialog->countLabel()->text();
        dialog->accept();
    });
    m_editor->generatePadding();
    QVERIFY(sawDialog);
    QVERIFY2(count.startsWith(QStringLiteral("Makes 3 variants")), qPrintable(count));
    QCOMPARE(spy.count(), 1);
    const auto doc = spy.at(0).at(0).value<JudgeProbeDocument>();
    const JudgeItem& s01 = doc.items.at(0);
    QCOMPARE(s01.variants.size(), 4); // the file's "padded" and three new ones
    for (int k = 0; k < 3; ++k) {
        const JudgeVariant& v = s01.variants.at(1 + k);
        QCOMPARE(v.id, QStringLiteral("padded-%1").arg(k + 1));
        QCOMPARE(v.property, QStringLiteral("padding"));
        QCOMPARE(v.shape, PairShape::Same);
        QCOMPARE(v.deserved, s01.base.deserved);
        QCOMPARE(v.answer, s01.base.answer + QLatin1Char(' ') + kPads.at(k));
        QCOMPARE(v.generatedFrom, QStringLiteral("pad %1").arg(k + 1));
    }
    QCOMPARE(doc.items.mid(1), m_doc.items.mid(1));
    QCOMPARE(m_editor->currentVariantId(), QStringLiteral("padded-1"));
    QCOMPARE(m_editor->itemModel()->index(0, JudgeItemListModel::VariantsColumn).data().toInt(), 4);
}

void TestGenerateVariants::generateBylinesDialog()
{
    const JudgeVariant& base = m_doc.items.at(1).base;
    GenerateVariantsDialog dialog(GenerateVariantsDialog::Kind::Byline, base);
    dialog.setEntries(
        {QStringLiteral("Sarah Chen"), QString(), QStringLiteral("Jamal Washington")});
    const QList<JudgeVariant> made = dialog.variants();
    QCOMPARE(made.size(), 2);
    QCOMPARE(made.at(0).id, QStringLiteral("byline-sarah-chen"));
    QCOMPARE(made.at(1).answer, QStringLiteral("Written by: Jamal Washington\n\n") + base.answer);
    QCOMPARE(made.at(1).deserved, base.deserved);
    QVERIFY(dialog.countLabel()->text().contains(QStringLiteral("byline-jamal-washington")));
    dialog.setEntries({});
    QVERIFY(dialog.variants().isEmpty());
}

void TestGenerateVariants::generateDialogByKeyboard()
{
    // Return in the entries adds a line; Ctrl+Return generates, Escape cancels.
    GenerateVariantsDialog dialog(GenerateVariantsDialog::Kind::Padding, m_doc.items.at(0).base);
    dialog.setEntries(kPads);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    dialog.entriesEdit()->setFocus();
    QTRY_VERIFY(dialog.entriesEdit()->hasFocus());
    QTest::keyClick(dialog.entriesEdit(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QTest::keyClick(dialog.entriesEdit(), Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(!dialog.isVisible());

    // With nothing to make, Ctrl+Return does nothing.
    dialog.setEntries({});
    dialog.setResult(QDialog::Rejected);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QTest::keyClick(dialog.entriesEdit(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(dialog.isVisible());
    QTest::keyClick(dialog.entriesEdit(), Qt::Key_Escape);
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(!dialog.isVisible());
}

void TestGenerateVariants::generatedIdsStayUnique()
{
    const JudgeVariant base = m_doc.items.at(0).base;
    VariantGenerator::Padding spec;
    spec.pads = {QStringLiteral("One more pad.")};
    const QList<JudgeVariant> single = VariantGenerator::padding(base, spec);
    QCOMPARE(single.at(0).id, QStringLiteral("padded")); // s01 already has "padded"
    m_editor->addVariants(single, QStringLiteral("Generate"));
    const JudgeItem& s01 = m_editor->document().items.at(0);
    QCOMPARE(s01.variants.size(), 2);
    QCOMPARE(s01.variants.at(1).id, QStringLiteral("padded-2"));
}

QTEST_MAIN(TestGenerateVariants)
#include "tst_generatevariants.moc"
