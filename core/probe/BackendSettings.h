#pragma once

#include "run/TokenTotals.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace pb {

// The model a run calls and how it is reached: the part of the held-fixed settings every
// kind of probe that calls a model shares. A model probe's settings and each judge of a
// judge probe are one of these plus what is their own; one reader
// (BackendSettingsReader) and one writer (BackendSettingsWriter) serve them all, so a key
// is checked the same way wherever a file gives it.
struct BackendSettings
{
    QString backend; // "stand-in" | "stand-in-judge" | "ollama" | "openai"
    QString model;   // the model tag; a stand-in has its own when empty
    double temperature = 0.0;
    QStringList endpoints;         // base URLs; empty means the backend default
    int concurrency = 1;           // calls in flight per endpoint
    double timeoutSeconds = 120.0; // per call
    std::optional<int> maxTokens;
    std::optional<int> contextLength; // Ollama num_ctx
    QString keepAlive;                // Ollama keep_alive, empty = server default
    QString apiKeyEnv; // name of the environment variable holding an API key; never the key
    // What the model costs, for the run's cost line; never part of a run's identity (a new
    // price changes no reply).
    std::optional<TokenPrices> prices;

    // Whether the backend is one of the built-in stand-ins, which need no model tag,
    // endpoint or key.
    bool isStandIn() const { return backend.startsWith(QLatin1String("stand-in")); }
    // The model tag sent and logged: the one given, or the stand-in's own name.
    QString effectiveModel() const
    {
        if (!model.isEmpty() || !isStandIn())
            return model;
        return backend + QStringLiteral("-v1");
    }

    bool operator==(const BackendSettings&) const = default;
};

} // namespace pb
