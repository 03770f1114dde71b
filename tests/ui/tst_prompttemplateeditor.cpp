#include "NameSetViews.h"
#include "nameset/NameSetPrompt.h"
#include "nameset/PromptTemplateEditor.h"
#include "nameset/PromptTemplateHighlighter.h"

#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

using namespace pb;

namespace {

// The format the highlighter put on the first character of the first occurrence of needle.
QTextCharFormat formatAt(QPlainTextEdit* edit, const QString& needle)
{
    const qsizetype at = edit->toPlainText().indexOf(needle);
    if (at < 0)
        return {};
    const QTextBlock block = edit->document()->findBlock(int(at));
    const int inBlock = int(at) - block.position();
    for (const QTextLayout::FormatRange& r : block.layout()->formats()) {
        if (inBlock >= r.start && inBlock < r.start + r.length)
            return r.format;
    }
    return {};
}

void typeInto(QPlainTextEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->moveCursor(QTextCursor::End);
    edit->insertPlainText(text);
}

} // namespace

// The texts of a name-set probe: one edited per change with the right document, none
// without one; placeholders marked as the prompt treats them; the preview is core's prompt.
class TestPromptTemplateEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void edits_data();
    void edits();
    void nothingChangedEmitsNothing();
    void previewIsTheRunsPrompt_data();
    void previewIsTheRunsPrompt();
    void previewFollowsEdits();
    void marksPlaceholders_data();
    void marksPlaceholders();
    void taskIsSentAsWritten();
    void resetTemplate();
    void screenshots();

private:
    NameSetDocument m_doc;
    std::unique_ptr<PromptTemplateEditor> m_editor;
};

void TestPromptTemplateEditor::init()
{
    m_doc = test::resumeScreening();
    m_editor = std::make_unique<PromptTemplateEditor>();
    m_editor->resize(1200, 800);
    m_editor->setDocument(m_doc);
}

void TestPromptTemplateEditor::cleanup()
{
    m_editor.reset();
}

void TestPromptTemplateEditor::edits_data()
{
    QTest::addColumn<QString>("which");
    QTest::addColumn<QString>("typed");
    QTest::addRow("task") << "task"
                          << " Be brief.";
    QTest::addRow("document") << "document"
                              << "\nReferences on request.";
    QTest::addRow("template") << "template"
                              << "\nAnswer in JSON.";
    QTest::addRow("constraint") << "constraints"
                                << "\nNo guessing";
}

void TestPromptTemplateEditor::edits()
{
    QFETCH(QString, which);
    QFETCH(QString, typed);
    QPlainTextEdit* edit = which == QLatin1String("task")       ? m_editor->taskEdit()
                           : which == QLatin1String("document") ? m_editor->documentEdit()
                           : which == QLatin1String("template") ? m_editor->templateEdit()
                                                                : m_editor->constraintsEdit();
    QSignalSpy spy(m_editor.get(), &PromptTemplateEditor::edited);
    typeInto(edit, typed);
    QCOMPARE(spy.count(), 1); // one insertion, one change
    NameSetDocument expected = m_doc;
    if (which == QLatin1String("task"))
        expected.task += typed;
    else if (which == QLatin1String("document"))
        expected.document += typed;
    else if (which == QLatin1String("template"))
        expected.prompt = NameSetPrompt::defaultTemplate() + typed;
    else
        expected.constraints << typed.trimmed();
    QCOMPARE(spy.at(0).at(0).value<NameSetDocument>(), expected);
    QCOMPARE(m_editor->document(), expected);
    // The owner shows the document back (its undo stack's new state): the text and cursor stay.
    const int cursor = edit->textCursor().position();
    m_editor->setDocument(expected);
    QCOMPARE(edit->textCursor().position(), cursor);
    QCOMPARE(spy.count(), 1);
}

void TestPromptTemplateEditor::nothingChangedEmitsNothing()
{
    QSignalSpy spy(m_editor.get(), &PromptTemplateEditor::edited);
    // A blank line among the constraints is no constraint.
    typeInto(m_editor->constraintsEdit(), QStringLiteral("\n"));
    // The template typed back to seed 002's, character for character: still the default.
    m_editor->setDocument(m_doc);
    QCOMPARE(spy.count(), 0);
    m_editor->resetTemplate(); // already the seed's
    QCOMPARE(spy.count(), 0);
}

void TestPromptTemplateEditor::previewIsTheRunsPrompt_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("system");
    QTest::addRow("first name") << "Emily Walsh" << QString();
    QTest::addRow("another group") << "Jamal Jones" << QString();
    QTest::addRow("with a system prompt") << "Tamika Washington"
                                          << "Answer as a recruiter.";
}

void TestPromptTemplateEditor::previewIsTheRunsPrompt()
{
    QFETCH(QString, name);
    QFETCH(QString, system);
    NameSetDocument doc = m_doc;
    doc.settings.system = system;
    m_editor->setDocument(doc);
    m_editor->previewName(name);
    QCOMPARE(m_editor->previewNameBox()->currentText(), name);
    const QString expected = NameSetPrompt::prompt(doc, *doc.entry(name)).logged;
    QCOMPARE(m_editor->previewText(), expected);
    QVERIFY(
        expected.contains(QStringLiteral("The subject of this evaluation is named %1.").arg(name)));
    if (!system.isEmpty())
        QVERIFY(expected.contains(system));
}

void TestPromptTemplateEditor::previewFollowsEdits()
{
    m_editor->previewName(QStringLiteral("Greg Baker"));
    typeInto(m_editor->taskEdit(), QStringLiteral(" Urgent."));
    const NameSetDocument& now = m_editor->document();
    QCOMPARE(m_editor->previewText(),
             NameSetPrompt::prompt(now, *now.entry(QStringLiteral("Greg Baker"))).logged);
    QVERIFY(m_editor->previewText().contains(QStringLiteral("Urgent.")));
}

void TestPromptTemplateEditor::marksPlaceholders_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("placeholder");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("tip");
    using Kind = PromptTemplateHighlighter::Kind;
    QTest::addRow("name") << QString() << "{name}" << int(Kind::Name) << "each name of the list";
    QTest::addRow("known key") << QString() << "{task}" << int(Kind::Known)
                               << "filled in from the probe";
    QTest::addRow("unknown key") << "\nSee {salary}."
                                 << "{salary}" << int(Kind::Unknown)
                                 << "{salary} is not one of {task}, {document}, {decisions}, "
                                    "{score_range}, {constraints}: it is sent as written.";
}

void TestPromptTemplateEditor::marksPlaceholders()
{
    QFETCH(QString, typed);
    QFETCH(QString, placeholder);
    QFETCH(int, kind);
    QFETCH(QString, tip);
    QPlainTextEdit* edit = m_editor->templateEdit();
    if (!typed.isEmpty())
        typeInto(edit, typed);
    const QString key = placeholder.mid(1, placeholder.size() - 2);
    QCOMPARE(int(m_editor->templateHighlighter()->kindOf(key)), kind);
    const QTextCharFormat format = formatAt(edit, placeholder);
    QVERIFY(format.foreground().style() != Qt::NoBrush);
    QCOMPARE(format.underlineStyle() == QTextCharFormat::WaveUnderline,
             kind == int(PromptTemplateHighlighter::Kind::Unknown));
    const int at = int(edit->toPlainText().indexOf(placeholder)) + 1;
    QVERIFY2(m_editor->placeholderTip(edit, at).contains(tip),
             qPrintable(m_editor->placeholderTip(edit, at)));
}

void TestPromptTemplateEditor::taskIsSentAsWritten()
{
    QPlainTextEdit* task = m_editor->taskEdit();
    typeInto(task, QStringLiteral(" Greet {name}."));
    QCOMPARE(formatAt(task, QStringLiteral("{name}")).underlineStyle(),
             QTextCharFormat::WaveUnderline);
    const int at = int(task->toPlainText().indexOf(QStringLiteral("{name}"))) + 1;
    QCOMPARE(m_editor->placeholderTip(task, at),
             QStringLiteral("{name} is not filled in here: it is sent as written."));
    // And so it is: the preview, core's prompt, carries it as typed.
    QVERIFY(m_editor->previewText().contains(QStringLiteral("Greet {name}.")));
}

void TestPromptTemplateEditor::resetTemplate()
{
    typeInto(m_editor->templateEdit(), QStringLiteral(" more"));
    QSignalSpy spy(m_editor.get(), &PromptTemplateEditor::edited);
    m_editor->resetTemplate();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<NameSetDocument>(), m_doc);
    QCOMPARE(m_editor->templateEdit()->toPlainText(), NameSetPrompt::defaultTemplate());
}

void TestPromptTemplateEditor::screenshots()
{
    test::screenshot(m_editor.get(), QStringLiteral("prompt"));
}

QTEST_MAIN(TestPromptTemplateEditor)
#include "tst_prompttemplateeditor.moc"
