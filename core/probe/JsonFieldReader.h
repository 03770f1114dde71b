#pragma once

#include "probe/ProbeProblem.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace pb {

// Reads typed fields out of one JSON object of a probe file and records a ProbeProblem,
// named by path, for everything that is missing or of the wrong type. Reading never
// stops at the first problem, so the student sees them all at once.
// For an optional field, null means "not given".
class JsonFieldReader
{
public:
    enum class Need
    {
        Optional,
        Required
    };

    // object may be any JSON value; if it is not an object every field reads as missing.
    JsonFieldReader(const nlohmann::json& object, QString path, QList<ProbeProblem>* problems);

    QString path() const { return m_path; }
    // Where this reader records problems, for value-level checks of its fields' elements.
    QList<ProbeProblem>* problems() const { return m_problems; }
    QString pathOf(const QString& key) const;
    bool has(const char* key) const; // given and not null
    const nlohmann::json* find(const char* key) const;

    void error(const QString& key, const QString& message);
    void warning(const QString& key, const QString& message);

    std::optional<QString> string(const char* key, Need need);
    // Text that is not blank: all white space is an error ("is empty") and reads as not given.
    std::optional<QString> nonEmptyString(const char* key, Need need);
    std::optional<double> number(const char* key, Need need);
    std::optional<qint64> integer(const char* key, Need need);
    std::optional<bool> boolean(const char* key, Need need);
    const nlohmann::json* object(const char* key, Need need);
    const nlohmann::json* array(const char* key, Need need);

    // Every key outside known gets a warning ("unknown key, ignored", with a did-you-mean
    // when one is close). Keys in misplaced are errors instead: they are real fields
    // written in the wrong place, and ignoring them would silently change the probe.
    void checkKeys(const QStringList& known, const QHash<QString, QString>& misplaced = {});

    // Value-level checks, used for list elements as well as fields.
    static std::optional<QString> asString(const nlohmann::json& value, const QString& path,
                                           QList<ProbeProblem>* problems);
    static std::optional<qint64> asInteger(const nlohmann::json& value, const QString& path,
                                           QList<ProbeProblem>* problems);
    // True when a problem from index `from` on is an error: what a reader added since then
    // makes the part it read unusable.
    static bool hasErrorSince(const QList<ProbeProblem>& problems, qsizetype from);
    // Parses a whole file with StrictJson. A syntax error (with its line and column) and every
    // key given more than once become problems; the value is returned unless the syntax is
    // broken.
    static std::optional<nlohmann::json> parseDocument(const QByteArray& bytes,
                                                       QList<ProbeProblem>* problems);
    // parseDocument, and the whole file must be one object: "a <noun> must hold one JSON
    // object { ... }, not a list" otherwise (noun: "probe file", "judge probe").
    static std::optional<nlohmann::json> parseObject(const QByteArray& bytes, const QString& noun,
                                                     QList<ProbeProblem>* problems);
    // "a number", "a string", "a list", "an object", "true/false", "null"
    static QString typeName(const nlohmann::json& value);
    // True when value is an object; otherwise records "must be an object <shape>, not <type>"
    // at path, shape showing what the object holds ({ "id": ..., ... }).
    static bool requireObject(const nlohmann::json& value, const QString& path,
                              const QString& shape, QList<ProbeProblem>* problems);
    static QString toQString(const std::string& utf8);

private:
    const nlohmann::json& m_object;
    QString m_path;
    QList<ProbeProblem>* m_problems;

    const nlohmann::json* present(const char* key, Need need);
};

} // namespace pb
