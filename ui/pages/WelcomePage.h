#pragma once

#include <QWidget>

class QListView;
class QPushButton;
class QStandardItemModel;

namespace pb {

// The first screen: one button that loads the tutorial's style probe on the built-in
// stand-in model (useful in the first ten seconds, no server needed), Open and New, and
// the recent projects.
class WelcomePage : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& paths);
    QPushButton* tutorialButton() const { return m_tutorial; }
    QPushButton* judgeDemoButton() const { return m_judgeDemo; }
    QPushButton* nameSetExampleButton() const { return m_nameSetExample; }
    QPushButton* gradingExampleButton() const { return m_gradingExample; }
    QStandardItemModel* recentModel() const { return m_recentModel; }

Q_SIGNALS:
    void tutorialRequested();
    void openRequested();
    void newRequested();
    void recentRequested(const QString& path);
    void judgeDemoRequested();
    void nameSetExampleRequested();
    void gradingExampleRequested();

private:
    QPushButton* m_tutorial;
    QPushButton* m_judgeDemo;
    QPushButton* m_nameSetExample;
    QPushButton* m_gradingExample;
    QPushButton* m_open;
    QPushButton* m_new;
    QListView* m_recent;
    QStandardItemModel* m_recentModel;
};

} // namespace pb
