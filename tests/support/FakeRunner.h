#pragma once

#include "backends/ModelBackend.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>
#include <deque>
#include <optional>

namespace pb::test {

// Stands in for the run engine in backend tests: feeds requests to a backend the way a
// runner does (at most capacity() outstanding, or all at once) and records every
// finished(), partialReply() and fatalError(), so tests can check that each request
// finished exactly once.
class FakeRunner : public QObject
{
    Q_OBJECT
public:
    explicit FakeRunner(ModelBackend* backend, QObject* parent = nullptr);

    void run(const QList<CallRequest>& requests, bool allAtOnce = false);
    // Spins the event loop until every submitted request has finished at least once.
    bool waitForAll(int timeoutMs);
    bool allFinished() const;

    const QList<CallResult>& results() const { return m_results; }
    std::optional<CallResult> resultFor(quint64 callIndex) const;
    int finishCount(quint64 callIndex) const { return m_finishCounts.value(callIndex); }
    // Requests finished more than once, and finishes for requests never submitted.
    int duplicateFinishes() const;
    int strayFinishes() const { return m_stray; }
    int submitted() const { return int(m_submitted.size()); }
    const QStringList& fatalErrors() const { return m_fatalErrors; }
    int partialCount() const { return m_partialCount; }
    QString lastPartial(quint64 callIndex) const { return m_lastPartial.value(callIndex); }
    int maxOutstanding() const { return m_maxOutstanding; }

    // items x 2 variants x seeds requests. Variant "formal" is written plainly, "casual"
    // with the tutorial's casual markers, so the fake server's planted gap applies to it.
    static QList<CallRequest> makeRequests(const QString& model, int items,
                                           const QList<qint64>& seeds, double temperature = 0.8,
                                           bool stream = false, double timeoutSeconds = 10.0);

Q_SIGNALS:
    void progressed();

private:
    void submitMore();
    void onFinished(const CallResult& result);

    ModelBackend* m_backend;
    std::deque<CallRequest> m_pending;
    QHash<quint64, bool> m_submitted;
    QHash<quint64, int> m_finishCounts;
    QList<CallResult> m_results;
    QStringList m_fatalErrors;
    QHash<quint64, QString> m_lastPartial;
    int m_partialCount = 0;
    int m_outstanding = 0;
    int m_maxOutstanding = 0;
    int m_stray = 0;
    bool m_allAtOnce = false;
};

} // namespace pb::test
