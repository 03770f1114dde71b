#include "design/FactCheck.h"

#include "design/VariantDiff.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace pb {

namespace {

struct Range
{
    qsizetype start;
    qsizetype end;
};

bool covered(const QList<Range>& ranges, qsizetype start, qsizetype end)
{
    for (const Range& r : ranges) {
        if (start < r.end && end > r.start) {
            return true;
        }
    }
    return false;
}

const QRegularExpression& quotedPattern()
{
    // Straight and curly double quotes, single quotes that are not apostrophes (no letter
    // before the opening one or after the closing one), and Markdown code backticks.
    static const QRegularExpression re(QStringLiteral(
        "\"([^\"\\n]+)\"|\u201C([^\u201D\\n]+)\u201D|(?<![\\p{L}\\p{N}])'([^'\\n]+)'(?![\\p{L}\\p{"
        "N}])"
        "|(?<![\\p{L}\\p{N}])\u2018([^\u2019\\n]+)\u2019(?![\\p{L}\\p{N}])|`([^`\\n]+)`"));
    return re;
}

const QRegularExpression& codeTokenPattern()
{
    // An ASCII identifier, optionally dotted, optionally called: len(), range(10), os.path.
    static const QRegularExpression re(
        QStringLiteral("(?<![\\p{L}\\p{N}_.])[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*(?"
                       ":\\([^()\\s]*\\))?"));
    return re;
}

const QRegularExpression& numberPattern()
{
    static const QRegularExpression re(QStringLiteral("(?<![\\p{L}\\p{N}_.])\\d+(?:[.,]\\d+)*"));
    return re;
}

const QRegularExpression& wordPattern()
{
    static const QRegularExpression re(QStringLiteral("[\\p{L}\\p{N}]+(?:['\u2019][\\p{L}]+)*"));
    return re;
}

const QSet<QString>& literals()
{
    static const QSet<QString> set{QStringLiteral("None"), QStringLiteral("True"),
                                   QStringLiteral("False"), QStringLiteral("null")};
    return set;
}

bool isCodeToken(const QString& token)
{
    if (token.contains(QLatin1Char('('))) {
        return true;
    }
    if (literals().contains(token)) {
        return true;
    }
    if (token.contains(QLatin1Char('.'))) {
        // "e.g", "i.e", "U.S": abbreviations are single letters between dots.
        const QStringList parts = token.split(QLatin1Char('.'));
        return std::any_of(parts.cbegin(), parts.cend(),
                           [](const QString& p) { return p.size() > 1; });
    }
    const bool hasLetter =
        std::any_of(token.cbegin(), token.cend(), [](QChar c) { return c.isLetter(); });
    if (token.contains(QLatin1Char('_'))) {
        return hasLetter;
    }
    // CamelCase: a lower-case letter, and a capital after the first character
    // (KeyError, getValue, HTTPError), unlike a plain name (Python) or acronym (JSON).
    bool lower = false;
    bool innerUpper = false;
    for (qsizetype i = 0; i < token.size(); ++i) {
        lower = lower || token.at(i).isLower();
        innerUpper = innerUpper || (i > 0 && token.at(i).isUpper());
    }
    return lower && innerUpper;
}

bool atSentenceStart(const QString& text, qsizetype pos)
{
    qsizetype i = pos - 1;
    bool newline = false;
    static const QString opening = QStringLiteral("([{\"'\u201C\u2018*-#\u2022>");
    while (i >= 0 && (text.at(i).isSpace() || opening.contains(text.at(i)))) {
        newline = newline || text.at(i) == QLatin1Char('\n');
        --i;
    }
    if (i < 0 || newline) {
        return true;
    }
    static const QString enders = QStringLiteral(".!?\u2026");
    return enders.contains(text.at(i));
}

bool isFirstPerson(const QString& word)
{
    static const QRegularExpression re(QStringLiteral("^I(?:['\u2019](?:m|ve|ll|d))?$"));
    return re.match(word).hasMatch();
}

QString normaliseNumber(QString number)
{
    static const QRegularExpression thousands(QStringLiteral("^\\d{1,3}(?:,\\d{3})+$"));
    if (thousands.match(number).hasMatch()) {
        number.remove(QLatin1Char(','));
    }
    return number;
}

QString numberWord(const QString& number)
{
    static const QStringList words{
        QStringLiteral("zero"),     QStringLiteral("one"),      QStringLiteral("two"),
        QStringLiteral("three"),    QStringLiteral("four"),     QStringLiteral("five"),
        QStringLiteral("six"),      QStringLiteral("seven"),    QStringLiteral("eight"),
        QStringLiteral("nine"),     QStringLiteral("ten"),      QStringLiteral("eleven"),
        QStringLiteral("twelve"),   QStringLiteral("thirteen"), QStringLiteral("fourteen"),
        QStringLiteral("fifteen"),  QStringLiteral("sixteen"),  QStringLiteral("seventeen"),
        QStringLiteral("eighteen"), QStringLiteral("nineteen"), QStringLiteral("twenty")};
    bool ok = false;
    const int n = number.toInt(&ok);
    return ok && n >= 0 && n < words.size() ? words.at(n) : QString();
}

QString collapseSpaces(const QString& text)
{
    return text.simplified();
}

bool containsWord(const QString& text, const QString& word, Qt::CaseSensitivity cs)
{
    // Lookarounds instead of \b: \b is ASCII-only unless PCRE's UCP mode is on.
    QRegularExpression re(QStringLiteral("(?<![\\p{L}\\p{N}_])") +
                          QRegularExpression::escape(word) + QStringLiteral("(?![\\p{L}\\p{N}_])"));
    if (cs == Qt::CaseInsensitive) {
        re.setPatternOptions(QRegularExpression::CaseInsensitiveOption);
    }
    return re.match(text).hasMatch();
}

bool containsPhrase(const QString& text, const QString& phrase)
{
    QString pattern = QRegularExpression::escape(phrase);
    if (phrase.front().isLetterOrNumber()) {
        pattern.prepend(QStringLiteral("(?<![\\p{L}\\p{N}])"));
    }
    if (phrase.back().isLetterOrNumber()) {
        pattern.append(QStringLiteral("(?![\\p{L}\\p{N}])"));
    }
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    return re.match(collapseSpaces(text)).hasMatch();
}

// Stands for any attribute value in a masked text: not a letter, digit or quote, so it is
// never a fact by itself and never joins a word.
constexpr char16_t kValueMark = u'\uE000';

// Every mention of an attribute value, replaced by one mark. The values are what the pair
// varies, so they are never a fact a variant loses ("Emily" against "Lakisha" in a names
// probe), and a fact around one ("I'm Emily") compares as the same fact in every variant.
QString maskValues(QString text, QStringList values)
{
    // Longest first, so "Emily Walsh" is masked whole before "Emily" could split it.
    std::sort(values.begin(), values.end(),
              [](const QString& a, const QString& b) { return a.size() > b.size(); });
    for (const QString& value : std::as_const(values)) {
        const QString v = value.simplified();
        if (v.isEmpty()) {
            continue;
        }
        QString pattern =
            QRegularExpression::escape(v).replace(QStringLiteral("\\ "), QStringLiteral("\\s+"));
        if (v.front().isLetterOrNumber()) {
            pattern.prepend(QStringLiteral("(?<![\\p{L}\\p{N}_])"));
        }
        if (v.back().isLetterOrNumber()) {
            pattern.append(QStringLiteral("(?![\\p{L}\\p{N}_])"));
        }
        // Casual writing drops capitals ("emily"), but a one-letter value ("A") matched
        // ignoring case would hide every article "a".
        const QRegularExpression re(pattern, v.size() > 1
                                                 ? QRegularExpression::CaseInsensitiveOption
                                                 : QRegularExpression::NoPatternOption);
        text.replace(re, QString(QChar(kValueMark)));
    }
    return text;
}

bool onlyValues(const QString& masked)
{
    return std::all_of(masked.cbegin(), masked.cend(), [](QChar c) {
        return c == QChar(kValueMark) || c.isSpace() || c.isPunct();
    });
}

QStringList alternatives(const QString& marked)
{
    QStringList out;
    for (const QString& part : marked.split(QLatin1Char('|'))) {
        const QString t = collapseSpaces(part);
        if (!t.isEmpty()) {
            out << t;
        }
    }
    return out;
}

} // namespace

QList<Fact> FactCheck::detect(const QString& text)
{
    QList<Fact> facts;
    QList<Range> taken;
    const auto add = [&facts](Fact::Kind kind, const QString& t) {
        const Fact f{kind, t};
        if (!t.isEmpty() && !facts.contains(f)) {
            facts.append(f);
        }
    };

    for (auto it = quotedPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        for (int g = 1; g <= m.lastCapturedIndex(); ++g) {
            if (m.capturedLength(g) > 0) {
                add(Fact::Kind::QuotedText, collapseSpaces(m.captured(g)));
            }
        }
        taken.append(Range{m.capturedStart(), m.capturedEnd()});
    }
    const QList<Range> quoted = taken;

    for (auto it = codeTokenPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (covered(quoted, m.capturedStart(), m.capturedEnd()) || !isCodeToken(m.captured())) {
            continue;
        }
        add(Fact::Kind::CodeIdentifier, m.captured());
        taken.append(Range{m.capturedStart(), m.capturedEnd()});
    }

    for (auto it = numberPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!covered(taken, m.capturedStart(), m.capturedEnd())) {
            add(Fact::Kind::Number, normaliseNumber(m.captured()));
        }
    }

    for (auto it = wordPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString word = m.captured();
        if (!word.front().isUpper() || covered(taken, m.capturedStart(), m.capturedEnd()) ||
            isFirstPerson(word) || atSentenceStart(text, m.capturedStart())) {
            continue;
        }
        if (word.endsWith(QStringLiteral("'s")) || word.endsWith(QStringLiteral("\u2019s"))) {
            word.chop(2);
        }
        add(Fact::Kind::Name, word);
    }
    return facts;
}

bool FactCheck::survives(const Fact& fact, const QString& text)
{
    switch (fact.kind) {
    case Fact::Kind::Number: {
        for (auto it = numberPattern().globalMatch(text); it.hasNext();) {
            if (normaliseNumber(it.next().captured()) == fact.text) {
                return true;
            }
        }
        const QString word = numberWord(fact.text);
        return !word.isEmpty() && containsWord(text, word, Qt::CaseInsensitive);
    }
    case Fact::Kind::CodeIdentifier:
        return containsWord(text, fact.text, Qt::CaseSensitive);
    case Fact::Kind::QuotedText:
        return collapseSpaces(text).contains(fact.text, Qt::CaseSensitive);
    case Fact::Kind::Name:
        return containsWord(text, fact.text, Qt::CaseInsensitive);
    case Fact::Kind::Marked: {
        const QStringList options = alternatives(fact.text);
        return std::any_of(options.cbegin(), options.cend(),
                           [&text](const QString& o) { return containsPhrase(text, o); });
    }
    }
    return false;
}

ItemCheck FactCheck::check(const ProbeItem& item, const QStringList& values)
{
    ItemCheck result;
    QStringList present;
    QHash<QString, QString> masked;
    for (const QString& v : values) {
        if (item.variants.contains(v)) {
            present << v;
            masked.insert(v, maskValues(item.variants.value(v), values));
        }
    }
    const auto record = [&result](const FactFinding& finding) {
        for (const FactFinding& f : std::as_const(result.findings)) {
            if (f.fact == finding.fact && f.missingFrom == finding.missingFrom) {
                return;
            }
        }
        result.findings.append(finding);
    };

    for (const QString& from : std::as_const(present)) {
        const QList<Fact> facts = detect(masked.value(from));
        for (const QString& to : std::as_const(present)) {
            if (to == from) {
                continue;
            }
            for (const Fact& fact : facts) {
                if (!onlyValues(fact.text) && !survives(fact, masked.value(to))) {
                    // Shown as the variant states it, with its own value in place.
                    Fact shown = fact;
                    shown.text.replace(QChar(kValueMark), from);
                    record(FactFinding{shown, from, to});
                }
            }
        }
    }

    for (const QString& marked : item.facts) {
        const QString maskedFact = maskValues(marked.trimmed(), values);
        if (alternatives(marked).isEmpty() || onlyValues(maskedFact)) {
            continue;
        }
        const Fact fact{Fact::Kind::Marked, maskedFact};
        const Fact shown{Fact::Kind::Marked, marked.trimmed()};
        QString stating;
        for (const QString& v : std::as_const(present)) {
            if (survives(fact, masked.value(v))) {
                stating = v;
                break;
            }
        }
        for (const QString& v : std::as_const(present)) {
            if (!survives(fact, masked.value(v))) {
                record(FactFinding{shown, stating, v});
            }
        }
    }

    if (!present.isEmpty()) {
        const QString reference = item.variants.value(present.first()).trimmed();
        const int referenceWords = int(VariantDiff::words(reference).size());
        for (qsizetype i = 1; i < present.size(); ++i) {
            const QString text = item.variants.value(present.at(i)).trimmed();
            result.lengths.append(
                LengthDifference{present.at(i), present.first(),
                                 int(VariantDiff::words(text).size()) - referenceWords,
                                 int(text.size() - reference.size())});
        }
    }
    return result;
}

} // namespace pb

namespace pb {

QList<PairMismatch> FactCheck::mismatches(const ProbeDocument& doc)
{
    QList<PairMismatch> out;
    for (const ProbeItem& item : doc.items) {
        const ItemCheck c = check(item, doc.attribute.values);
        if (c.matched()) {
            continue;
        }
        PairMismatch m{item.id, {}};
        for (const FactFinding& f : c.findings) {
            m.findings << f.what();
        }
        out << m;
    }
    return out;
}

} // namespace pb
