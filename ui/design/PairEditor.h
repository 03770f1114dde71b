#pragma once

#include <QWidget>
#include <functional>

class QAction;
class QSplitter;
class QTableView;
class QTimer;

namespace pb {

class ItemInspector;
class NoticeBanner;
class PairTableModel;
class ProbeProject;
struct ProbeDocument;

// The matched pairs of the Design page: a toolbar (add, duplicate, remove, move, paste
// rows, CSV import and export), the table (PairTableModel, differing words marked by
// VariantTextDelegate, a warning icon on unmatched rows) and the selected item's fact
// check (ItemInspector). Every change is one undoable edit of the project.
class PairEditor : public QWidget
{
    Q_OBJECT
public:
    explicit PairEditor(ProbeProject* project, QWidget* parent = nullptr);
    ~PairEditor() override;

    PairTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    ItemInspector* inspector() const { return m_inspector; }
    NoticeBanner* notice() const { return m_notice; }
    QList<QAction*> editActions() const;

    // editable: rows may be added, removed, moved, pasted and imported. structureLocked:
    // ids and variant texts are read-only (pre-registration); facts and notes are not.
    void setEditable(bool editable, bool structureLocked);

    // Rows copied from a spreadsheet, inserted after the current row; a single cell
    // replaces the current cell's text. Returns false (and says why) when nothing fits.
    bool pasteRows(const QString& text);
    bool importPairs(const QString& path, bool replace);
    bool exportPairs(const QString& path);

public Q_SLOTS:
    void addItem();
    void removeSelected();
    void duplicateSelected();
    void moveUp();
    void moveDown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void build();
    void edit(const QString& what, const std::function<void(ProbeDocument&)>& change);
    QList<int> selectedRows() const;
    void selectRow(int row);
    void moveBy(int delta);
    void chooseImport();
    void chooseExport();

    ProbeProject* m_project;
    PairTableModel* m_model;
    bool m_editable = true;
    NoticeBanner* m_notice = nullptr;
    QTableView* m_table = nullptr;
    QTimer* m_fitRows = nullptr;
    bool m_fitWhenShown = false; // rows are measured only when they can be seen
    ItemInspector* m_inspector = nullptr;
    QSplitter* m_split = nullptr;
    QAction* m_add = nullptr;
    QAction* m_remove = nullptr;
    QAction* m_duplicate = nullptr;
    QAction* m_up = nullptr;
    QAction* m_down = nullptr;
    QAction* m_paste = nullptr;
    QAction* m_import = nullptr;
    QAction* m_export = nullptr;
};

} // namespace pb
