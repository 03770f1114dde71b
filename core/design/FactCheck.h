#pragma once

#include "design/Fact.h"
#include "design/ItemCheck.h"
#include "design/PairMismatch.h"
#include "probe/ProbeDocument.h"

#include <QList>
#include <QString>

namespace pb {

// Finds the facts in a variant's text and checks that each survives into the item's other
// variants, as the tutorial asks ("check that every fact survived: the error name, the
// symptom, and what the student is asking for"). Detected facts are numbers, code
// identifiers and error names, quoted text and capitalised names; the author can mark any
// other phrase as a fact on the item. Heuristic by nature: it flags, the author decides.
//
// Survival rules: numbers match as numbers ("1,000" = "1000", "3" = "three"); code
// identifiers and quoted text must appear exactly as written; names and marked facts
// match ignoring case, since casual writing drops capitals ("Python" ~ "python").
class FactCheck
{
public:
    // The facts detected in one text, each once, in order of appearance.
    static QList<Fact> detect(const QString& text);
    static bool survives(const Fact& fact, const QString& text);

    // Checks every pair of the item's variants named in values (attribute values without
    // a variant are skipped). Lengths are measured against values[0].
    // The attribute's values themselves are never a lost fact: every mention of one is
    // compared as "the value", so "I'm Emily" and "I'm Lakisha" state the same fact.
    static ItemCheck check(const ProbeItem& item, const QStringList& values);
    // Every item of the probe that is not a matched pair, in item order.
    static QList<PairMismatch> mismatches(const ProbeDocument& doc);
};

} // namespace pb
