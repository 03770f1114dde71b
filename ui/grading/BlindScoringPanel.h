#pragma once

#include "grading/AgreementReport.h"
#include "grading/GradingStoredResults.h"

#include <QSet>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace pb {

class BlindSheetModel;
class GradingFileProject;
class NoticeBanner;
class WorkerThread;

// The Blind scoring tab: pick a rater's sheet of the project (or start one, saved as
// <rater>.blind.json beside the project and listed in it), score the calibration files in
// an editable table (BlindSheetModel), mark the sheet complete (refused, with BlindSheet's
// sentence, while a cell is missing), and after that change a cell only with a reason (asked
// in a dialog), the amendments listed under the table. Import CSV and Export CSV go through
// ScoreSheetCsv. Every change is written to the sheet's file on a worker thread. While the
// chosen sheet is not complete, hiddenFiles() names the calibration files whose judge levels
// the window must not show.
class BlindScoringPanel : public QWidget
{
    Q_OBJECT
public:
    // Asks for the reason of a change after completion; nothing when the user cancelled.
    using ReasonAsker = std::function<std::optional<QString>(const QString& cell)>;

    BlindScoringPanel(GradingFileProject* project, QWidget* parent = nullptr);
    ~BlindScoringPanel() override;

    BlindSheetModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    NoticeBanner* banner() const { return m_banner; }
    QComboBox* raterBox() const { return m_raters; }
    QString amendmentsText() const;
    void setReasonAsker(ReasonAsker asker) { m_askReason = std::move(asker); }

    // The project's files as read for the project at projectPath. The sheets of another
    // project replace those held; for the same one (reread, or Save As) a sheet held here
    // keeps its edits.
    void setResults(std::shared_ptr<const GradingStoredResults> results,
                    const QString& projectPath);
    void clear();
    // After Save As: every sheet held is written beside the project's new file, which is the
    // same project from now on.
    void relocate();

    // The sheets held that are marked complete, in the project's order, each named by its
    // rater and its file as `probebench agree` names a blind sheet.
    QList<RaterSheet> finishedSheets() const;
    QSet<QString> hiddenFiles() const;
    QString hiddenText() const;
    // Sheets written so far (for tests and closing): no write is still going.
    bool isWriting() const { return m_writes > 0; }

public Q_SLOTS:
    // Starts a sheet for rater over the project's calibration files; false with why in the
    // banner.
    bool createSheet(const QString& rater);
    bool chooseRater(const QString& rater);
    bool markComplete();
    // Reads a CSV score sheet off the GUI thread, then takes it into the chosen sheet.
    void importCsv(const QString& path);
    void exportCsv(const QString& path);

Q_SIGNALS:
    void visibilityChanged();
    void csvDone(bool ok, const QString& message);
    void sheetWritten(bool ok);

private:
    struct Held
    {
        QString written; // as the project lists it
        QString path;
        BlindSheet sheet;
    };
    void showChosen();
    // The state line, Mark complete, the amendments and what is hidden, after a change.
    void refreshState();
    void saveChosen();
    void write(const Held& held);
    void askReason(const QModelIndex& index, const QVariant& value);
    void refreshAmendments();
    Held* chosen();

    GradingFileProject* m_project;
    std::shared_ptr<const GradingStoredResults> m_results;
    QList<Held> m_sheets;
    QString m_projectPath; // whose sheets are held
    int m_chosen = -1;
    int m_writes = 0;
    ReasonAsker m_askReason;
    std::unique_ptr<WorkerThread> m_worker;
    BlindSheetModel* m_model;
    NoticeBanner* m_banner;
    QComboBox* m_raters = nullptr;
    QLabel* m_state = nullptr;
    QTableView* m_view = nullptr;
    QPlainTextEdit* m_amendments = nullptr;
    QPushButton* m_complete = nullptr;
    QPushButton* m_import = nullptr;
};

} // namespace pb
