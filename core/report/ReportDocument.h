#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace pb {

// A report as a list of plain blocks, so the Markdown, HTML and on-screen views render one
// content and cannot drift apart.
struct ReportBlock
{
    enum class Kind
    {
        Heading,   // text, level 1-3
        Paragraph, // text
        Bullets,   // items
        Table      // header + rows; the last row is emphasised when emphasiseLastRow
    };
    Kind kind = Kind::Paragraph;
    int level = 1;
    QString text;
    QStringList items;
    QStringList header;
    QList<QStringList> rows;
    bool emphasiseLastRow = false;
    QString cssClass; // a hint for HTML ("result-detected", "result-null", "warning")
};

// Block text is plain with two marks: **bold** and `code`. A value that came from the user
// or a server (an id, an attribute value, a model name, an error a server sent) goes in
// wrapped in literal(): inside it nothing is markup, and report.md and report.html show it
// exactly as it is (Markdown's and HTML's own characters escaped, control characters shown
// as visible symbols), so an id such as "<script>" or "**x**" is text, never markup.
class ReportDocument
{
public:
    // Marks text to be shown exactly as it is (see above).
    static QString literal(const QString& text);
    // The text with literal()'s marks taken out, for showing outside a report (a label).
    static QString plain(const QString& text);

    void heading(const QString& text, int level);
    void paragraph(const QString& text, const QString& cssClass = QString());
    void bullets(const QStringList& items);
    void table(const QStringList& header, const QList<QStringList>& rows, bool emphasiseLastRow);

    const QList<ReportBlock>& blocks() const { return m_blocks; }
    QString title() const;

    QString toMarkdown() const;
    QString toHtml() const;

private:
    QList<ReportBlock> m_blocks;
};

} // namespace pb
