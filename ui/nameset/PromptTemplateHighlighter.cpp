#include "nameset/PromptTemplateHighlighter.h"

#include "nameset/NameSetPrompt.h"
#include "widgets/ThemeColours.h"

#include <QRegularExpression>

namespace pb {

namespace {

// Exactly what NameSetPrompt fills.
const QRegularExpression& placeholder()
{
    return NameSetPrompt::placeholderPattern();
}

} // namespace

PromptTemplateHighlighter::PromptTemplateHighlighter(QTextDocument* document)
    : QSyntaxHighlighter(document)
{
}

void PromptTemplateHighlighter::setKnownKeys(const QStringList& keys, const QString& knownMeaning,
                                             bool fillsName)
{
    if (keys == m_known && knownMeaning == m_knownMeaning && fillsName == m_fillsName)
        return;
    m_known = keys;
    m_knownMeaning = knownMeaning;
    m_fillsName = fillsName;
    rehighlight();
}

void PromptTemplateHighlighter::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    rehighlight();
}

PromptTemplateHighlighter::Kind PromptTemplateHighlighter::kindOf(const QString& key) const
{
    if (key == QLatin1String("name"))
        return m_fillsName ? Kind::Name : Kind::Unknown;
    return m_known.contains(key) ? Kind::Known : Kind::Unknown;
}

QString PromptTemplateHighlighter::explain(const QString& text, int position) const
{
    auto it = placeholder().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (position < m.capturedStart() || position >= m.capturedEnd())
            continue;
        const QString key = m.captured(1);
        switch (kindOf(key)) {
        case Kind::Name:
            return tr("{name}: each name of the list in turn, the one thing the calls vary.");
        case Kind::Known:
            return QStringLiteral("{%1}: %2").arg(key, m_knownMeaning);
        case Kind::Unknown:
            return m_known.isEmpty()
                       ? tr("{%1} is not filled in here: it is sent as written.").arg(key)
                       : tr("{%1} is not one of {%2}: it is sent as written.")
                             .arg(key, m_known.join(QStringLiteral("}, {")));
        }
    }
    return {};
}

void PromptTemplateHighlighter::highlightBlock(const QString& text)
{
    QTextCharFormat name;
    name.setFontWeight(QFont::Bold);
    name.setForeground(ThemeColours::gap(m_dark));
    QTextCharFormat known;
    known.setForeground(ThemeColours::detectedText(m_dark));
    QTextCharFormat unknown;
    unknown.setForeground(ThemeColours::alertText(m_dark));
    unknown.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    unknown.setUnderlineColor(ThemeColours::alertText(m_dark));
    auto it = placeholder().globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const Kind kind = kindOf(m.captured(1));
        setFormat(int(m.capturedStart()), int(m.capturedLength()),
                  kind == Kind::Name ? name : (kind == Kind::Known ? known : unknown));
    }
}

} // namespace pb
