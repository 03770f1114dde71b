#pragma once

#include <QStringList>
#include <QSyntaxHighlighter>

namespace pb {

// Marks the {placeholders} of a name-set text as the prompt will treat them: {name} in bold,
// the keys the text may use in the known colour, and any other {placeholder} in the alert
// colour with a wavy underline, since it is sent as written. What a placeholder means, for
// a tooltip, comes from explain(). Colours follow the document's palette (dark or light).
class PromptTemplateHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    explicit PromptTemplateHighlighter(QTextDocument* document);

    // The keys this text may use besides {name} (the template's keys, or the names' fields),
    // and whether {name} is filled in here at all (not in the task, which is sent as written).
    void setKnownKeys(const QStringList& keys, const QString& knownMeaning, bool fillsName = true);
    void setDark(bool dark);
    const QStringList& knownKeys() const { return m_known; }

    // Whether a placeholder key is {name}, known, or not known here.
    enum class Kind
    {
        Name,
        Known,
        Unknown
    };
    Kind kindOf(const QString& key) const;
    // The tooltip for the placeholder at position in text; empty when none is there.
    QString explain(const QString& text, int position) const;

protected:
    void highlightBlock(const QString& text) override;

private:
    QStringList m_known;
    QString m_knownMeaning;
    bool m_fillsName = true;
    bool m_dark = false;
};

} // namespace pb
