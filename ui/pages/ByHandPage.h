#pragma once

#include "analysis/ProbeAnalysis.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace pb {

class ByHandSheetModel;
class ProbeProject;

// By-hand mode, for a hosted chat window where seed and temperature cannot be set: a run
// sheet showing the next prompt (values alternating) with a Copy button and a reminder to
// start a new chat, a box for the pasted reply, the metric counted automatically and
// editable, and seed and temperature marked "not controlled". The sheet exports and
// imports the tutorial's spreadsheet columns, and its entries are analysed as the CLI
// analyses a CSV log.
class ByHandPage : public QWidget
{
    Q_OBJECT
public:
    explicit ByHandPage(ProbeProject* project, QWidget* parent = nullptr);

    ByHandSheetModel* sheet() const { return m_sheet; }
    int currentRow() const { return m_row; }
    void selectRow(int row);
    // Pastes `reply` into the current row's box and saves it, as the Save button does.
    void enterReply(const QString& reply);

    bool exportCsv(const QString& path, QString* error) const;
    bool importCsv(const QString& path, QString* error);
    // The analysis of the filled rows; empty (with *error) when two values are not filled yet.
    std::optional<ProbeAnalysis> analyse(QString* error) const;
    QString summaryText() const;

Q_SIGNALS:
    // "Show in Results": the filled rows' analysis, and where it came from.
    void analysisReady(const pb::ProbeAnalysis& analysis, const QString& source);

private:
    void rebuildPlan();
    // The sheet kept in the project file replaces this one (another project was opened).
    void restoreFromProject();
    // Writes the sheet into the project file after every change to an entry.
    void keep();
    void showRow(int row);
    void saveRow();
    void recount();
    void updateSummary();
    void updateControlled();
    void copyPrompt();

    ProbeProject* m_project;
    ByHandSheetModel* m_sheet = nullptr;
    QTableView* m_table = nullptr;
    QSpinBox* m_runs = nullptr;
    QCheckBox* m_noise = nullptr;
    QCheckBox* m_controlled = nullptr;
    QLabel* m_heading = nullptr;
    QLabel* m_systemNote = nullptr;
    QPlainTextEdit* m_prompt = nullptr;
    QLineEdit* m_model = nullptr;
    QLabel* m_seed = nullptr;
    QLabel* m_temperature = nullptr;
    QPlainTextEdit* m_reply = nullptr;
    QDoubleSpinBox* m_value = nullptr;
    QLabel* m_valueNote = nullptr;
    QPushButton* m_save = nullptr;
    QLabel* m_summary = nullptr;
    int m_row = -1;
    bool m_valueEdited = false;
    bool m_loadingRow = false;
    // The project's stored sheet could not be read: never overwrite it with this one.
    bool m_storedUnreadable = false;
    QString m_lastSource;
};

} // namespace pb
