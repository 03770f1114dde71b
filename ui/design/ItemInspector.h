#pragma once

#include <QWidget>

class QLabel;
class QTextBrowser;

namespace pb {

class PairTableModel;

// The side panel of the pair editor: the selected item's variants one above the other
// with their differing words marked, every fact that does not survive between them, and
// the length difference. Plain text underneath, so a screen reader reads the warnings.
class ItemInspector : public QWidget
{
    Q_OBJECT
public:
    explicit ItemInspector(PairTableModel* model, QWidget* parent = nullptr);

    void showRow(int row);
    int row() const { return m_row; }
    // The warnings and length lines as shown, for tests and accessibility.
    QStringList messages() const { return m_messages; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    PairTableModel* m_model;
    int m_row = -1;
    QStringList m_messages;
    QLabel* m_heading;
    QTextBrowser* m_view;
};

} // namespace pb
