#pragma once

#include "axes/AxesDocument.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace pb {

class AxesListModel;
class AxesTextModel;

// The Axes tab: what a probe of several axes compares, as its file says. The title and
// question, the base value, the axes (attribute, counterfactual value, the stand-in's planted
// bias), each item's base text beside every axis's counterfactual text, and the settings held
// fixed on every axis (backend, model, temperature, seeds, system prompt, metric, noise
// check). The window does not edit an axes probe: a line says to edit the file and open it
// again.
class AxesDesignView : public QWidget
{
    Q_OBJECT
public:
    explicit AxesDesignView(QWidget* parent = nullptr);

    void setDocument(const AxesDocument& doc);

    AxesListModel* axesModel() const { return m_axes; }
    AxesTextModel* textModel() const { return m_texts; }
    // The held-fixed settings as shown, one per line.
    QString settingsText() const;

private:
    AxesListModel* m_axes;
    AxesTextModel* m_texts;
    QLabel* m_title;
    QLabel* m_settings;
    QTableView* m_axesView;
    QTableView* m_textView;
};

} // namespace pb
