#pragma once

#include "nameset/NameSetDocument.h"

#include <QList>
#include <QWidget>

class QAction;
class QLabel;
class QTableView;

namespace pb {

class NameListModel;
class NoticeBanner;

// The names of a name-set probe, edited as a value: setDocument shows a document's names and
// every change is announced as the whole new document through edited (the owner keeps undo).
// Add and remove names (Insert, Delete), edit cells, paste a list (Ctrl+V) or import one from
// a CSV or tab-separated file: the list is read by core's NameListText, and a list with a bad
// line is refused whole with a message naming the line. Under the table, the names per group
// with core's fewer-than-30 warning beside them, and the names listed twice.
class NameListEditor : public QWidget
{
    Q_OBJECT
public:
    explicit NameListEditor(QWidget* parent = nullptr);

    // Shows doc's names; keeps the selected row where it still exists. Never emits edited.
    void setDocument(const NameSetDocument& doc);
    const NameSetDocument& document() const { return m_doc; }

    NameListModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QList<QAction*> editActions() const;
    void setReadOnly(bool readOnly);

    // As shown under the table: "white-associated, female: 8 · ...", core's warning (empty
    // when every group has enough names), and the names listed twice (empty when none).
    QString groupCountText() const;
    QString warningText() const;
    QString duplicateText() const;
    // The message of the last refused paste or import; empty after one that worked.
    QString importError() const { return m_importError; }

public Q_SLOTS:
    void addName();
    void removeNames();
    // The clipboard's text, added after the last name.
    void paste();
    // Asks for a file, then importFile.
    void chooseImportFile();

public:
    // The list in text added after the last name; false (and nothing added) on a bad line.
    bool pasteText(const QString& text);
    // The list in a file replaces the names; false (and nothing changed) on a bad line.
    bool importFile(const QString& path);

Q_SIGNALS:
    void edited(const pb::NameSetDocument& doc, const QString& description);

protected:
    void changeEvent(QEvent* event) override;

private:
    void build();
    void commit(const QList<NameEntry>& names, const QString& description);
    void refreshCounts();
    void refuse(const QString& message);

    NameSetDocument m_doc;
    bool m_readOnly = false;
    QString m_importError;
    NameListModel* m_model;
    NoticeBanner* m_notice = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_warning = nullptr;
    QLabel* m_duplicates = nullptr;
    QAction* m_add = nullptr;
    QAction* m_remove = nullptr;
    QAction* m_paste = nullptr;
    QAction* m_import = nullptr;
};

} // namespace pb
