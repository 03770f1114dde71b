#pragma once

#include "axes/AxesDocument.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace pb {

class AxesListModel;
class AxesTextModel;

// The Axes tab: what a probe of several axes compares, as its file says. The title and
// question, the base value, the axes (attribute, counterfactual value, the stand-in's planted
// bias), each item's base text beside every axis's counterfactual text, and the settings held
// fixed on every axis (backend, model, temperature, seeds, system prompt, metric, noise
// check). The axes and texts are edited in their tables, and an axis added (its texts start as
// the base's) or removed; each edit is one whole new document in edited(), for the project's
// undo stack. The settings are edited in the file. Read-only while a run is going.
class AxesDesignView : public QWidget
{
    Q_OBJECT
public:
    explicit AxesDesignView(QWidget* parent = nullptr);

    void setDocument(const AxesDocument& doc);
    void setReadOnly(bool readOnly);

    // A new axis after the others, its value unused, each item's text for it the base's.
    void addAxis();
    // Removes the axis selected in the axes table (and its texts), unless it is the last.
    void removeSelectedAxis();
    QTableView* axesView() const { return m_axesView; }

    AxesListModel* axesModel() const { return m_axes; }
    AxesTextModel* textModel() const { return m_texts; }
    // The held-fixed settings as shown, one per line.
    QString settingsText() const;

Q_SIGNALS:
    void edited(const pb::AxesDocument& doc, const QString& description);

private:
    void refreshButtons();

    AxesDocument m_doc;
    bool m_readOnly = false;
    AxesListModel* m_axes;
    AxesTextModel* m_texts;
    QLabel* m_title;
    QLabel* m_settings;
    QTableView* m_axesView;
    QTableView* m_textView;
    QPushButton* m_add;
    QPushButton* m_remove;
};

} // namespace pb
