#include "log/CsvLogWriter.h"

#include "choice/ChoiceReading.h"
#include "csv/CsvTable.h"
#include "generative/EmbeddingReading.h"
#include "probe/WholeFile.h"
#include "store/RunStore.h"

#include <QLocale>

namespace pb {
namespace {

QString flags(const LoggedCall& c, const QString& rowFlag)
{
    QStringList parts{c.flags(), rowFlag};
    parts.removeAll(QString());
    return parts.join(QLatin1Char(';'));
}

// A choice probe's score cells: the reply read as a candidate, the reading's source, each
// candidate's probability and the outside mass (those two empty without logprobs).
QStringList choiceCells(const LoggedCall& c, const QStringList& candidates)
{
    QStringList cells;
    const std::optional<ChoiceReading> reading =
        c.status == CallStatus::Ok ? ChoiceReading::fromDetails(c.details, candidates.size())
                                   : std::nullopt;
    cells << (reading && reading->answer >= 0 ? CsvTable::textCell(candidates[reading->answer])
                                              : QString());
    cells << (reading ? choiceSourceName(reading->source) : QString());
    const bool logprobs = reading && reading->source == ChoiceSource::Logprobs;
    for (qsizetype k = 0; k < candidates.size(); ++k) {
        cells << (logprobs ? CsvLogWriter::formatNumber(reading->probabilities[std::size_t(k)])
                           : QString());
    }
    cells << (logprobs ? CsvLogWriter::formatNumber(reading->outsideMass) : QString());
    return cells;
}

// A generative probe's score cells: the embedding model that answered and the vector's size,
// both empty when the row has no usable embedding (its flags say why).
QStringList generativeCells(const LoggedCall& c)
{
    const std::optional<EmbeddingReading> reading =
        c.status == CallStatus::Ok ? EmbeddingReading::fromDetails(c.details) : std::nullopt;
    if (!reading) {
        return {QString(), QString()};
    }
    return {CsvTable::textCell(reading->modelReported.isEmpty() ? reading->model
                                                                : reading->modelReported),
            QString::number(reading->dims())};
}

QStringList scoreCells(const LoggedCall& c, const QStringList& candidates, bool generative)
{
    if (generative) {
        return generativeCells(c);
    }
    return candidates.isEmpty()
               ? QStringList{c.metricValue ? CsvLogWriter::formatNumber(*c.metricValue) : QString()}
               : choiceCells(c, candidates);
}

QByteArray row(const LoggedCall& c, const QString& rowFlag, const QStringList& candidates,
               bool generative = false)
{
    const QString model = c.modelReported.isEmpty() ? c.model : c.modelReported;
    const QStringList score = scoreCells(c, candidates, generative);
    return CsvTable::formatRecord(QStringList{
                                      c.time.toUTC().toString(Qt::ISODateWithMs),
                                      CsvTable::textCell(model),
                                      CsvLogWriter::formatNumber(c.temperature),
                                      CsvTable::textCell(c.itemId),
                                      CsvTable::textCell(c.variant),
                                      QString::number(c.seed),
                                      CsvTable::textCell(c.prompt),
                                      CsvTable::textCell(c.reply),
                                  } +
                                  score +
                                  QStringList{
                                      QString::number(c.runId),
                                      callStatusName(c.status),
                                      CsvTable::textCell(flags(c, rowFlag)),
                                      CsvLogWriter::countCell(c.tokens.input),
                                      CsvLogWriter::countCell(c.tokens.output),
                                  });
}

constexpr qsizetype kPieceBytes = 1024 * 1024;

} // namespace

QStringList CsvLogWriter::header(const QString& metricName, const QStringList& candidates)
{
    return headerWith(QStringList{metricName}, candidates);
}

QStringList CsvLogWriter::generativeHeader()
{
    return headerWith({QStringLiteral("embedding_model"), QStringLiteral("embedding_dims")}, {});
}

QStringList CsvLogWriter::headerWith(QStringList score, const QStringList& candidates)
{
    if (!candidates.isEmpty()) {
        score << QStringLiteral("choice_source");
        for (const QString& candidate : candidates) {
            score << QStringLiteral("p_") + candidate;
        }
        score << QStringLiteral("outside_mass");
    }
    return QStringList{QStringLiteral("time"),        QStringLiteral("model"),
                       QStringLiteral("temperature"), QStringLiteral("item"),
                       QStringLiteral("variant"),     QStringLiteral("seed"),
                       QStringLiteral("prompt"),      QStringLiteral("reply")} +
           score +
           QStringList{QStringLiteral("run_id"), QStringLiteral("status"), QStringLiteral("flags"),
                       QStringLiteral("input_tokens"), QStringLiteral("output_tokens")};
}

QString CsvLogWriter::countCell(const std::optional<qint64>& count)
{
    return count ? QString::number(*count) : QString();
}

QString CsvLogWriter::formatNumber(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray CsvLogWriter::toCsv(const QList<LoggedCall>& calls, const QString& metricName,
                               const QString& rowFlag, const QStringList& candidates)
{
    QByteArray out = CsvTable::formatRecord(header(metricName, candidates));
    for (const LoggedCall& c : calls) {
        out += row(c, rowFlag, candidates);
    }
    return out;
}

QByteArray CsvLogWriter::toGenerativeCsv(const QList<LoggedCall>& calls, const QString& rowFlag)
{
    QByteArray out = CsvTable::formatRecord(generativeHeader());
    for (const LoggedCall& c : calls) {
        out += row(c, rowFlag, {}, true);
    }
    return out;
}

bool CsvLogWriter::writeFile(const QString& path, const QList<LoggedCall>& calls,
                             const QString& metricName, QString* error)
{
    return WholeFile::write(path, toCsv(calls, metricName), error);
}

WholeFile::Part CsvLogWriter::storedLog(const QString& path, const RunStore& store, qint64 runId,
                                        const QString& metricName, const QStringList& candidates)
{
    return storedLogOf(path, store, runId, header(metricName, candidates), candidates, false);
}

WholeFile::Part CsvLogWriter::storedGenerativeLog(const QString& path, const RunStore& store,
                                                  qint64 runId)
{
    return storedLogOf(path, store, runId, generativeHeader(), {}, true);
}

WholeFile::Part CsvLogWriter::storedLogOf(const QString& path, const RunStore& store, qint64 runId,
                                          const QStringList& head, const QStringList& candidates,
                                          bool generative)
{
    auto pieces = [&store, runId, head, candidates, generative](const WholeFile::Sink& sink,
                                                                QString* error) {
        QByteArray piece = CsvTable::formatRecord(head);
        bool refused = false;
        const bool read = store.eachCall(
            runId, RunStore::CallTexts::Whole,
            [&](const LoggedCall& c) {
                if (refused) {
                    return; // the write failed; the file is thrown away
                }
                piece += row(c, QString(), candidates, generative);
                if (piece.size() >= kPieceBytes) {
                    refused = !sink(piece);
                    piece.clear();
                }
            },
            error);
        if (refused || !read) {
            if (refused) {
                error->clear(); // the write's own reason is the one to give
            }
            return false;
        }
        return piece.isEmpty() || sink(piece);
    };
    return WholeFile::Part{path, {}, pieces};
}

bool CsvLogWriter::writeStored(const QString& path, const RunStore& store, qint64 runId,
                               const QString& metricName, QString* error)
{
    return WholeFile::write(QList<WholeFile::Part>{storedLog(path, store, runId, metricName)},
                            error);
}

} // namespace pb
