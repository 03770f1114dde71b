#pragma once

#include "probe/ProbeProblem.h"

#include <QList>
#include <QWidget>

class QLabel;
class QListView;
class QStandardItemModel;

namespace pb {

// The list of problems under an editor: a title that counts them ("Problems (3):", with the
// Alt+B mnemonic) or says there are none, and one row per problem with an error or warning
// icon. Activating or clicking a row says which, so the editor can take the user there.
class ProblemList : public QWidget
{
    Q_OBJECT
public:
    struct Entry
    {
        ProbeProblem problem;
        QString text; // as shown: "where: message"
        QString toolTip;
    };

    ProblemList(const QString& accessibleName, const QString& toolTip, const QString& noneText,
                int maximumListHeight, QWidget* parent = nullptr);

    void setEntries(const QList<Entry>& entries);
    QListView* view() const { return m_view; }

Q_SIGNALS:
    void chosen(int row);

private:
    QString m_noneText;
    QLabel* m_title;
    QListView* m_view;
    QStandardItemModel* m_model;
};

} // namespace pb
