#pragma once

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace pb {

// One model a server offers, as its model list reports it.
struct ModelInfo
{
    QString name;          // the tag to put in a probe ("llama3.2:latest", "gpt-4o-mini")
    QString digest;        // content digest (Ollama); empty where the server gives none
    qint64 sizeBytes = -1; // -1 where the server does not say
    QJsonObject details;   // family, parameter_size, quantization_level, owned_by, ...
};

} // namespace pb

Q_DECLARE_METATYPE(pb::ModelInfo)
