#pragma once

#include <QString>

namespace pb {

// One thing wrong with (or worth knowing about) a probe file, named by where it is.
// path uses the file's own key names: "items[3].variants.casual", "settings.seeds".
// Syntax errors carry a 1-based line and column instead of a path.
struct ProbeProblem
{
    enum class Severity
    {
        Error,  // the file cannot be used until this is fixed
        Warning // the file loads; the student should still look
    };

    Severity severity = Severity::Error;
    QString path;
    QString message;
    int line = 0;   // > 0 only for JSON syntax errors
    int column = 0; // > 0 only for JSON syntax errors

    bool isError() const { return severity == Severity::Error; }

    static ProbeProblem error(const QString& path, const QString& message)
    {
        return {Severity::Error, path, message, 0, 0};
    }
    static ProbeProblem warning(const QString& path, const QString& message)
    {
        return {Severity::Warning, path, message, 0, 0};
    }
};

} // namespace pb
