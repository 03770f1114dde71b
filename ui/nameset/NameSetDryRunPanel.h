#pragma once

#include "nameset/NameSetDryRun.h"

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace pb {

class NameSetProject;
class WorkerThread;

// A dry run on one name (seed 002: "run a dry run with a single name to verify the model
// produces valid JSON"): pick a name, send its prompt once through the probe's backend on a
// worker thread (NameSetDryRun), and read the raw reply beside what the run would make of it:
// the decision and score of a valid reply, or every validation error. Nothing is recorded.
class NameSetDryRunPanel : public QWidget
{
    Q_OBJECT
public:
    explicit NameSetDryRunPanel(NameSetProject* project, QWidget* parent = nullptr);
    ~NameSetDryRunPanel() override;

    QComboBox* nameChoice() const { return m_names; }
    QPushButton* askButton() const { return m_ask; }
    bool isAsking() const { return m_asking; }
    // What the last dry run gave, as shown.
    QString verdictText() const;
    QString replyText() const;
    QString readingText() const;

public Q_SLOTS:
    // Sends the chosen name's prompt; ignored while one is out.
    void ask();

Q_SIGNALS:
    void answered(const pb::NameSetDryRun& result);

private:
    void refreshNames();
    void show(const NameSetDryRun& result, const QString& readingText);

    NameSetProject* m_project;
    std::unique_ptr<WorkerThread> m_worker;
    bool m_asking = false;
    QComboBox* m_names;
    QPushButton* m_ask;
    QLabel* m_verdict;
    QPlainTextEdit* m_reply;
    QPlainTextEdit* m_reading;
};

} // namespace pb
