#pragma once

#include "nameset/NameSetDocument.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace pb {

class DecisionValueModel;
class NoticeBanner;

// What a name-set reply must be, edited as a value: the closed decision set (values, and
// which are favourable), the score range, and whether the schema is sent as structured
// output. setDocument shows them; each change is announced as the whole new document
// through edited (the owner keeps undo). A score range whose lowest is not below its highest
// is refused with a message, and the spin boxes go back. Beside them, the JSON schema core
// sends (NameSetPrompt::schema) and checks every reply against.
class DecisionSchemaEditor : public QWidget
{
    Q_OBJECT
public:
    explicit DecisionSchemaEditor(QWidget* parent = nullptr);

    void setDocument(const NameSetDocument& doc); // never emits edited
    const NameSetDocument& document() const { return m_doc; }
    void setReadOnly(bool readOnly);

    DecisionValueModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QDoubleSpinBox* minimumBox() const { return m_min; }
    QDoubleSpinBox* maximumBox() const { return m_max; }
    QCheckBox* structuredOutputBox() const { return m_structured; }
    QString schemaText() const;
    // The message of the last refused score range; empty after one that was taken.
    QString rangeError() const { return m_rangeError; }

public Q_SLOTS:
    void addDecision();
    void removeDecision();

Q_SIGNALS:
    void edited(const pb::NameSetDocument& doc, const QString& description);

private:
    void build();
    void commit(const NameSetDocument& doc, const QString& description);
    void editRange(double min, double max, const QString& description);
    void refreshChrome();

    NameSetDocument m_doc;
    bool m_updating = false;
    bool m_readOnly = false;
    QString m_rangeError;
    DecisionValueModel* m_model;
    NoticeBanner* m_notice = nullptr;
    QTableView* m_table = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
    QDoubleSpinBox* m_min = nullptr;
    QDoubleSpinBox* m_max = nullptr;
    QCheckBox* m_structured = nullptr;
    QLabel* m_schemaNote = nullptr;
    QPlainTextEdit* m_schema = nullptr;
};

} // namespace pb
