#pragma once

// What the probe reader's tests share: editing the example probe as JSON, and the
// properties every load result must have, whatever the input.

#include "probe/ProbeReader.h"
#include "probe/ProbeWriter.h"

#include <QByteArray>
#include <QtTest>
#include <nlohmann/json.hpp>

namespace pb::test {

using ojson = nlohmann::ordered_json;

inline QByteArray toBytes(const ojson& value)
{
    const std::string text = value.dump(2);
    return QByteArray(text.data(), qsizetype(text.size()));
}

inline void erase(ojson& document, const ojson::json_pointer& pointer)
{
    ojson& parent = document.at(pointer.parent_pointer());
    if (parent.is_array()) {
        parent.erase(std::stoul(pointer.back()));
    } else {
        parent.erase(pointer.back());
    }
}

// What must hold for any input at all.
inline void checkInvariants(const ProbeLoadResult& result)
{
    QCOMPARE(result.ok(), !result.hasErrors());
    for (const ProbeProblem& p : result.problems) {
        QVERIFY2(!p.message.isEmpty(), qPrintable(p.path));
    }
    const QString errors = result.errorText();
    QCOMPARE(errors.isEmpty() ? 0 : errors.count(QLatin1Char('\n')) + 1, result.errors().size());
    if (result.ok()) {
        const ProbeLoadResult again =
            ProbeReader::parse(ProbeWriter::toJson(*result.document), QStringLiteral("again"));
        QVERIFY2(again.ok(), qPrintable(again.errorText()));
        QVERIFY(*again.document == *result.document);
    }
}

// Whether result holds a problem at path whose message contains fragment, of that severity.
inline bool hasProblem(const ProbeLoadResult& result, const QString& path, const QString& fragment,
                       bool error)
{
    for (const ProbeProblem& p : result.problems) {
        if (p.path == path && p.message.contains(fragment) && p.isError() == error) {
            return true;
        }
    }
    return false;
}

} // namespace pb::test
